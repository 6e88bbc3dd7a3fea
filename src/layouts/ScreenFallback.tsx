import styled from 'styled-components';
import { Spinner } from '../components/Spinner';

const Box = styled.div`
  display: grid;
  place-items: center;
  padding: 64px 0;
`;

/** Shown while a lazy screen's chunk loads. */
export function ScreenFallback() {
  return (
    <Box>
      <Spinner />
    </Box>
  );
}
