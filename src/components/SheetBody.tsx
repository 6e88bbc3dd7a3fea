// The content of a bottom sheet (src/components/BottomSheet.tsx): a column under a title, no wider than a phone held
// sideways. `$center` for a short question with its buttons (delete an entry).
import styled from 'styled-components';

export const SheetBody = styled.div<{ $center?: boolean }>`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space(3)};
  max-width: 520px;
  margin: 0 auto;
  text-align: ${({ $center }) => ($center ? 'center' : 'start')};
  h2 {
    margin: 0;
    font-size: ${({ theme }) => theme.font.size.lg};
  }
  p {
    margin: 0;
  }
`;

/** A quieter line of a sheet (what a choice means, what stays). */
export const SheetNote = styled.p`
  color: ${({ theme }) => theme.color.subtitle};
  font-size: ${({ theme }) => theme.font.size.sm};
`;
