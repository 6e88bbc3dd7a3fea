import styled from 'styled-components';
import { homeCopy } from '../../copy/home';
import { Card } from '../Card';
import { Spinner } from '../Spinner';

const Box = styled(Card)`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space(3)};
  color: ${({ theme }) => theme.color.hint};
`;

/** Where home's week (streak, chart, insight) goes while it is on its way. */
export function WeekLoading() {
  return (
    <Box role="status">
      <Spinner />
      {homeCopy.weekLoading}
    </Box>
  );
}
