// Rows grouped on one section surface with hairlines between them, like Telegram's settings (the profile's menu,
// the FAQ).
import { css } from 'styled-components';

export const groupedRows = css`
  border-radius: ${({ theme }) => theme.radius.lg};
  background: ${({ theme }) => theme.color.sectionBg};
  overflow: hidden;
  > * + * {
    border-top: 1px solid ${({ theme }) => theme.color.separator};
  }
`;

/** One row of such a group: its text, and a chevron at the end. */
export const groupedRow = css`
  display: flex;
  align-items: center;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space(3)};
  min-height: 52px;
  padding: ${({ theme }) => theme.space(3)} ${({ theme }) => theme.space(4)};
  color: ${({ theme }) => theme.color.text};
  svg {
    flex: none;
    color: ${({ theme }) => theme.color.hint};
  }
`;
