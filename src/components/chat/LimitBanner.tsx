// The day's token limit above the composer, calm in both states: a warning at 10 % or less left, the limit spent
// with when it renews (local midnight) and «Улучшить тариф» — except in the after-crisis window, where nothing
// upsells (`upgrade` false; the rule is machines/chat/limit-banner.ts and chatSessionView.bannerUpgrade).
import styled from 'styled-components';
import type { LimitBanner as Banner } from '../../../machines/chat/limit-banner';
import { chatCopy } from '../../copy/chat';
import { Button } from '../Button';

// Neutral on purpose: not red, not an alarm. It may sit right under a crisis reply.
const Bar = styled.div`
  flex: none;
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space(2)};
  margin: 0 ${({ theme }) => theme.space(3)} ${({ theme }) => theme.space(2)};
  padding: ${({ theme }) => theme.space(2)} ${({ theme }) => theme.space(3)};
  border-radius: ${({ theme }) => theme.radius.md};
  color: ${({ theme }) => theme.color.text};
  background: ${({ theme }) => theme.color.secondaryBg};
  border-left: 4px solid ${({ theme }) => theme.color.hint};
  font-size: ${({ theme }) => theme.font.size.sm};
  p {
    margin: 0;
  }
  small {
    display: block;
    color: ${({ theme }) => theme.color.hint};
    font-size: ${({ theme }) => theme.font.size.xs};
  }
`;

export function LimitBanner({
  banner,
  upgrade,
  onUpgrade,
}: {
  banner: Banner;
  /** Offer «Улучшить тариф» (the limit is spent, outside the after-crisis window). */
  upgrade: boolean;
  onUpgrade: () => void;
}) {
  if (banner === 'hidden') return null;
  return (
    <Bar role="status" data-testid="limit-banner" data-kind={banner}>
      <p>
        {banner === 'low' ? chatCopy.banner.low : chatCopy.banner.exhausted}
        <small>{chatCopy.banner.resets}</small>
      </p>
      {upgrade ? (
        <Button $variant="secondary" onClick={onUpgrade}>
          {chatCopy.banner.upgrade}
        </Button>
      ) : null}
    </Bar>
  );
}
