// Shared looks of the safety plan's parts: a card per step, its fields, the pill examples and the plain buttons (44 px
// tall: a comfortable touch target, unlike the filters' smaller chips and the app's 40 px plain buttons).
import styled, { css } from 'styled-components';
import { Button } from '../Button';

export const fieldCss = css`
  width: 100%;
  min-height: 44px;
  padding: 10px 12px;
  border: 1px solid ${({ theme }) => theme.color.separator};
  border-radius: ${({ theme }) => theme.radius.sm};
  background: ${({ theme }) => theme.color.sectionBg};
  color: ${({ theme }) => theme.color.text};
  font: inherit;
`;

export const Card = styled.section`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space(3)};
  padding: ${({ theme }) => theme.space(4)};
  border-radius: ${({ theme }) => theme.radius.lg};
  background: ${({ theme }) => theme.color.sectionBg};
  h2,
  h3 {
    margin: 0;
    font-size: ${({ theme }) => theme.font.size.md};
  }
  p {
    margin: 0;
  }
`;

/** A list without bullets whose items stand `$gap` steps apart (a column, or wrapping rows). */
export const Stack = styled.ol<{ $gap: number; $wrap?: boolean }>`
  list-style: none;
  margin: 0;
  padding: 0;
  display: flex;
  flex-direction: ${({ $wrap }) => ($wrap ? 'row' : 'column')};
  flex-wrap: ${({ $wrap }) => ($wrap ? 'wrap' : 'nowrap')};
  gap: ${({ theme, $gap }) => theme.space($gap)};
`;

export const ExampleChip = styled.button.attrs({ type: 'button' })`
  min-height: 44px;
  padding: 0 14px;
  border: 1px dashed ${({ theme }) => theme.color.button};
  border-radius: ${({ theme }) => theme.radius.pill};
  background: transparent;
  color: ${({ theme }) => theme.color.text};
  font-size: ${({ theme }) => theme.font.size.sm};
  text-align: start;
  &:disabled {
    opacity: 0.5;
  }
`;

export const Caption = styled.p`
  color: ${({ theme }) => theme.color.subtitle};
  font-size: ${({ theme }) => theme.font.size.sm};
`;

/** A quiet text button (the app's plain one) as tall as a comfortable touch target. */
export const PlainButton = styled(Button).attrs({ $variant: 'plain' as const })`
  min-height: 44px;
`;
