// /app/profile/help: the crisis lines first (the operator's, kept on the device), then the help machine — the
// seven-question FAQ, the safety plan's entry, the support contact (SUPPORT_URL through Telegram, or how else to reach
// a person), the version.
import styled from 'styled-components';
import { helpMachine, helpView } from '../../../machines/help/help.machine';
import { helpActors } from '../../api/help.actors';
import { paths } from '../../../machines/paths';
import { Button } from '../../components/Button';
import { ButtonLink } from '../../components/ButtonLink';
import { CrisisLinesList } from '../../components/CrisisLinesList';
import { Page } from '../../components/Page';
import { FaqAccordion } from '../../components/help/FaqAccordion';
import { Section } from '../../components/Section';
import { Spinner } from '../../components/Spinner';
import { faq, helpCopy } from '../../copy/help';
import { useFlow } from '../../flow/useFlow';
import { haptic } from '../../telegram/haptic';
import { openExternal } from '../../telegram/links';
import { useBackButton } from '../../telegram/useBackButton';
import { useCrisisLines } from '../shared/useCrisisLines';

const Version = styled.p`
  margin: ${({ theme }) => theme.space(2)} 0 0;
  text-align: center;
  color: ${({ theme }) => theme.color.hint};
  font-size: ${({ theme }) => theme.font.size.sm};
`;

const BackLink = styled(Button)`
  align-self: flex-start;
  padding-left: 0;
`;

export default function HelpScreen() {
  const { view, send } = useFlow(helpMachine, helpView, {
    actors: helpActors,
    actions: { openSupport: (_: unknown, { url }: { url: string }) => openExternal(url) },
  });
  const nativeBack = useBackButton(() => send({ type: 'BACK' }));
  const crisisLines = useCrisisLines();

  return (
    <Page title={helpCopy.title}>
      {nativeBack ? null : (
        <BackLink $variant="plain" onClick={() => send({ type: 'BACK' })}>
          <span aria-hidden>←</span> {helpCopy.back}
        </BackLink>
      )}
      <Section id="help-lines" title={helpCopy.linesHeading}>
        <p>{crisisLines.intro}</p>
        <CrisisLinesList lines={crisisLines} />
      </Section>
      <Section id="help-faq" title={helpCopy.faqHeading}>
        <FaqAccordion
          items={faq}
          open={view.open}
          onToggle={(id) => {
            haptic.select();
            send({ type: 'TOGGLE', id });
          }}
        />
      </Section>
      <Section id="help-safety-plan" title={helpCopy.safetyPlan.title}>
        <p>{helpCopy.safetyPlan.text}</p>
        <ButtonLink $block $variant="secondary" to={paths.safetyPlan} state={{ from: paths.help }}>
          {helpCopy.safetyPlan.open}
        </ButtonLink>
      </Section>
      <Section id="help-support" title={helpCopy.supportHeading}>
        {view.status === 'loading' ? <Spinner $size={22} /> : null}
        {view.status === 'ready' && view.supportUrl ? (
          <>
            <p>{helpCopy.supportText}</p>
            <Button
              $block
              $variant="secondary"
              onClick={() => {
                haptic.tap();
                send({ type: 'SUPPORT' });
              }}
            >
              {helpCopy.contact}
            </Button>
          </>
        ) : null}
        {view.status === 'ready' && !view.supportUrl ? <p>{helpCopy.noLink}</p> : null}
      </Section>
      <Version>{helpCopy.version}</Version>
    </Page>
  );
}
