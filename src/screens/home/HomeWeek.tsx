// Home's own week below the cards, from the home summary flow HomeScreen binds (a check-in there refreshes it): the
// streak, this week's mood chart and the insight, a placeholder while nothing is known yet, «Не удалось загрузить
// данные» with «Попробовать снова» on a failure. A known week (kept from the last opening, or shown before a refresh)
// stays on screen while it is asked for again — no spinner over it — and a failed update adds only a quiet note. A chunk of its own (HomeScreen loads it lazily), so the first load of home
// does not grow.
import { useEffect } from 'react';
import styled from 'styled-components';
import type { HomeSummaryView } from '../../../machines/home/home-summary.machine';
import { Button } from '../../components/Button';
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

const StaleNote = styled.p`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${({ theme }) => theme.space(1)};
  margin: 0;
  font-size: ${({ theme }) => theme.font.size.sm};
  color: ${({ theme }) => theme.color.hint};
`;

export default function HomeWeek({
  view,
  onRetry,
  onPainted,
}: {
  view: HomeSummaryView;
  onRetry: () => void;
  /** After each commit that shows a week (home keeps itself for the next visit then). */
  onPainted?: () => void;
}) {
  const summary = view.summary;
  const copy = homeWeekCopy;
  const shown = view.status !== 'loading' && view.status !== 'error' && summary !== null;
  useEffect(() => {
    if (shown) onPainted?.();
  });

  if (view.status === 'loading') return <WeekLoading />;
  if (view.status === 'error' || !summary)
    return (
      <Card>
        <ErrorState message={copy.loadError} retryLabel={copy.retry} onRetry={onRetry} />
      </Card>
    );
  return (
    <>
      {view.stale ? (
        <StaleNote role="status">
          {copy.staleNote}
          <Button $variant="plain" onClick={onRetry}>
            {copy.retry}
          </Button>
        </StaleNote>
      ) : null}

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
