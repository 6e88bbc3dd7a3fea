// The parts every list screen shares (the diary, the chats): a header with the h1 and its action, the centred
// spinner of a first load, and the row under the list for «loading more» or its retry.
import styled from 'styled-components';

export const ListHeader = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space(3)};
`;

export const ListTitle = styled.h1`
  margin: ${({ theme }) => theme.space(2)} 0 ${({ theme }) => theme.space(1)};
  font-size: ${({ theme }) => theme.font.size.xl};
`;

export const ListCenter = styled.div`
  display: flex;
  justify-content: center;
  padding: ${({ theme }) => theme.space(10)} ${({ theme }) => theme.space(4)};
`;

export const ListFooter = styled.div`
  display: flex;
  justify-content: center;
  padding: ${({ theme }) => theme.space(2)};
`;
