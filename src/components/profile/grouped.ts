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
