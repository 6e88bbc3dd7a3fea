import styled from 'styled-components';

/** A pill toggle (filters, options). `aria-pressed` carries the selected state for assistive tech. */
export const Chip = styled.button.attrs<{ $selected?: boolean }>(({ $selected, type }) => ({
  type: type ?? 'button',
  'aria-pressed': $selected ?? false,
}))<{ $selected?: boolean }>`
  flex: none;
  min-height: 34px;
  padding: 0 14px;
  border-radius: ${({ theme }) => theme.radius.pill};
  border: 0;
  font-size: ${({ theme }) => theme.font.size.sm};
  font-weight: 500;
  color: ${({ $selected, theme }) => ($selected ? theme.color.buttonText : theme.color.text)};
  background: ${({ $selected, theme }) => ($selected ? theme.color.button : theme.color.sectionBg)};
  transition:
    background 0.15s ease,
    color 0.15s ease;
`;
