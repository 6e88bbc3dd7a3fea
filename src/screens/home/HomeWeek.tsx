// Home's own week below the cards, from the home summary flow HomeScreen binds (a check-in there refreshes it): the
// streak, this week's mood chart and the insight, a placeholder while they load, «Не удалось загрузить данные»
// with «Попробовать снова» on a failure. A chunk of its own (HomeScreen loads it lazily), so the first load of home
// does not grow.
import styled from 'styled-components';
import type { HomeSummaryView } from '../../../machines/home/home-summary.machine';
import { Card, CardText, CardTitle } from '../../components/Card';
import { ErrorState } from '../../components/ErrorState';
import { Badge } from '../../components/home/Badge';
import { MoodWeekChart } from '../../components/home/MoodWeekChart';
import { StreakCard } from '../../components/home/StreakCard';
import { WeekLoading } from '../../components/home/WeekLoading';
import { BulbIcon } from '../../components/icons';
import { homeWeekCopy } from '../../copy/homeWeek';
import { theme } from '../../theme';

const Insight = styled(Card)`
  display: flex;
  gap: ${({ theme }) => theme.space(3)};
  align-items: flex-start;
`;

export default function HomeWeek({ view, onRetry }: { view: HomeSummaryView; onRetry: () => void }) {
  const summary = view.summary;
  const copy = homeWeekCopy;

  if (view.status === 'loading') return <WeekLoading />;
  if (view.status === 'error' || !summary)
    return (
      <Card>
        <ErrorState message={copy.loadError} retryLabel={copy.retry} onRetry={onRetry} />
      </Card>
    );
  return (
    <>
      <StreakCard streak={summary.streak} />

      <Card>
        <CardTitle>{copy.weekTitle}</CardTitle>
        <MoodWeekChart week={summary.week} today={summary.today} />
        {summary.week.every((d) => d.mood === null) ? <CardText>{copy.weekEmpty}</CardText> : null}
      </Card>

      <Insight>
        <Badge $color={theme.color.button}>
          <BulbIcon />
        </Badge>
        <div>
          <CardTitle>{copy.insightTitle}</CardTitle>
          <CardText>{summary.insight.text}</CardText>
        </div>
      </Insight>
    </>
  );
}
