// The whole plan on one page, step by step in the order to follow in a hard moment: each step's lines, or its
// people with their call and write links, and «Изменить» to open that step.
import styled from 'styled-components';
import {
  SAFETY_PLAN_STEPS,
  isContactStep,
  type SafetyPlanContent,
  type SafetyPlanStep,
} from '../../../contract/safety-plan-rules';
import { safetyPlanCopy } from '../../copy/safety-plan';
import { haptic } from '../../telegram/haptic';
import { ContactLinks } from './ContactLinks';
import { Caption, Card, PlainButton, Stack } from './parts';

const Head = styled.div`
  display: flex;
  align-items: center;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space(2)};
`;

const Ordinal = styled.span`
  color: ${({ theme }) => theme.color.hint};
  margin-inline-end: ${({ theme }) => theme.space(1)};
`;

const Lines = styled.ul`
  margin: 0;
  padding-inline-start: 1.2em;
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space(1)};
`;

const People = styled(Stack)`
  li {
    display: flex;
    flex-direction: column;
    gap: ${({ theme }) => theme.space(1)};
  }
`;

export function PlanSummary({
  plan,
  onEdit,
  onWrite,
}: {
  plan: SafetyPlanContent;
  onEdit: (step: SafetyPlanStep) => void;
  onWrite: (url: string) => void;
}) {
  const copy = safetyPlanCopy;
  return (
    <>
      <Caption>{copy.summary.lead}</Caption>
      {SAFETY_PLAN_STEPS.map((step, i) => {
        const title = copy.steps[step].title;
        const headingId = `plan-step-${step}`;
        const lines = isContactStep(step) ? [] : plan[step].filter((line) => line.trim());
        const people = isContactStep(step)
          ? plan[step].filter((c) => c.name.trim() || c.phone.trim() || c.telegram.trim())
          : [];
        return (
          <Card key={step} aria-labelledby={headingId}>
            <Head>
              <h2 id={headingId}>
                <Ordinal>{i + 1}. </Ordinal>
                {title}
              </h2>
              <PlainButton
                aria-label={copy.editStep(title)}
                onClick={() => {
                  haptic.tap();
                  onEdit(step);
                }}
              >
                {copy.edit}
              </PlainButton>
            </Head>
            {lines.length + people.length === 0 ? <Caption>{copy.summary.nothing}</Caption> : null}
            {lines.length ? (
              <Lines>
                {lines.map((line, n) => (
                  <li key={n}>{line}</li>
                ))}
              </Lines>
            ) : null}
            {people.length ? (
              <People as="ul" $gap={3}>
                {people.map((contact, n) => (
                  <li key={n}>
                    <strong>{contact.name.trim() || copy.contacts.unnamed}</strong>
                    {contact.phone.trim() || contact.telegram.trim() ? (
                      <Caption>{[contact.phone.trim(), contact.telegram.trim()].filter(Boolean).join(' · ')}</Caption>
                    ) : null}
                    <ContactLinks contact={contact} onWrite={onWrite} />
                  </li>
                ))}
              </People>
            ) : null}
          </Card>
        );
      })}
    </>
  );
}
