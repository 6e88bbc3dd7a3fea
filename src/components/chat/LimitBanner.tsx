// The day's token limit above the composer: an orange warning at 10 % or less left, red with 'Улучшить тариф' when
// none is left (the rule is machines/chat/limit-banner.ts).
import styled, { css } from 'styled-components';
import type { LimitBanner as Banner } from '../../../machines/chat/limit-banner';
import { chatCopy } from '../../copy/chat';
import { Button } from '../Button';

const Bar = styled.div<{ $kind: 'low' | 'exhausted' }>`
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
  font-size: ${({ theme }) => theme.font.size.sm};
  ${({ $kind, theme }) => {
    const color = $kind === 'low' ? theme.color.warning : theme.color.destructive;
    return css`
      background: ${theme.tint(color, 16)};
      border-left: 4px solid ${color};
    `;
  }}
  p {
    margin: 0;
  }
`;

export function LimitBanner({ banner, onUpgrade }: { banner: Banner; onUpgrade: () => void }) {
  if (banner === 'hidden') return null;
  return (
    <Bar $kind={banner} role="status" data-testid="limit-banner" data-kind={banner}>
      <p>{banner === 'low' ? chatCopy.banner.low : chatCopy.banner.exhausted}</p>
      {banner === 'exhausted' ? <Button onClick={onUpgrade}>{chatCopy.banner.upgrade}</Button> : null}
    </Bar>
  );
}
