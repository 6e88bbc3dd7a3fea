// The one-tap ways to reach a contact of the plan: «Позвонить» (a tel: link) when the phone is a number to dial,
// «Написать в Telegram» (its t.me link, opened the way Telegram allows: `onWrite`) when the username can be one.
// Screen readers hear whom: «Позвонить: Вера» (the name is beside it on screen).
import styled from 'styled-components';
import type { PlanContact } from '../../../contract/safety-plan-rules';
import { phoneHref, telegramHref, telegramUsername } from '../../../machines/safety-plan/contact-links';
import { safetyPlanCopy } from '../../copy/safety-plan';
import { haptic } from '../../telegram/haptic';
import { buttonStyles, type ButtonLook } from '../Button';

const Row = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space(2)};
  &:empty {
    display: none;
  }
`;

const Action = styled.a<ButtonLook>`
  ${buttonStyles}
  text-decoration: none;
  min-height: 44px;
`;

export function ContactLinks({ contact, onWrite }: { contact: PlanContact; onWrite: (url: string) => void }) {
  const copy = safetyPlanCopy.contacts;
  const call = phoneHref(contact.phone);
  const username = telegramUsername(contact.telegram);
  const name = contact.name.trim();
  // The visible word starts the name (so voice control finds it by what it shows), then whom.
  const whom = (action: string) => (name ? `${action}: ${name}` : action);
  return (
    <Row>
      {call ? (
        <Action href={call} $variant="secondary" aria-label={whom(copy.call)} onClick={() => haptic.tap()}>
          {copy.call}
        </Action>
      ) : null}
      {username ? (
        <Action
          href={telegramHref(username)}
          $variant="secondary"
          aria-label={whom(copy.write)}
          onClick={(e) => {
            e.preventDefault();
            haptic.tap();
            onWrite(telegramHref(username));
          }}
        >
          {copy.write}
        </Action>
      ) : null}
    </Row>
  );
}
