import styled from 'styled-components';
import type { HomeSummary } from '../../../contract/home';
import { homeWeekCopy } from '../../copy/homeWeek';
import { theme } from '../../theme';
import { Card, CardText, CardTitle } from '../Card';
import { FlameIcon } from '../icons';
import { Badge } from './Badge';

const Box = styled(Card)`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space(3)};
  strong {
    font-size: 1.875rem;
    line-height: 1;
  }
`;

/**
 * The streak, read with its number as one phrase («7 дней подряд», «1 день заботы за месяц»): the days in a row while it runs; once broken, the days kept this month (what was kept, never what
 * was lost); for someone who has not begun, the first step.
 */
export function StreakCard({ streak }: { streak: HomeSummary['streak'] }) {
  const copy = homeWeekCopy.streak;
  const [number, title, text] =
    streak.days > 0
      ? [streak.days, copy.title(streak.days), streak.active_today ? copy.today : copy.notYetToday]
      : streak.active_days_30 > 0
        ? [streak.active_days_30, copy.keptTitle(streak.active_days_30), copy.kept]
        : [null, copy.startTitle, copy.start];
  return (
    <Box aria-label={number === null ? title : `${number} ${title}`}>
      <Badge $color={theme.color.button}>
        <FlameIcon />
      </Badge>
      {number === null ? null : <strong>{number}</strong>}
      <div>
        <CardTitle as="h3">{title}</CardTitle>
        <CardText>{text}</CardText>
      </div>
    </Box>
  );
}
