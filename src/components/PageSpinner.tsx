// A page's first load: the spinner, centred below the title.
import styled from 'styled-components';
import { Spinner } from './Spinner';

const Center = styled.div`
  display: flex;
  justify-content: center;
  padding: ${({ theme }) => theme.space(10)} 0;
`;

export function PageSpinner() {
  return (
    <Center>
      <Spinner />
    </Center>
  );
}
