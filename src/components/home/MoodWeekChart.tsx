import styled from 'styled-components';
import type { HomeSummary } from '../../../contract/home';
import { homeWeekCopy } from '../../copy/homeWeek';

const Chart = styled.div`
  display: grid;
  grid-template-columns: repeat(7, 1fr);
  gap: 6px;
  align-items: end;
  /* At least 96 px; taller when enlarged day labels need the room. */
  min-height: 96px;
  margin-top: ${({ theme }) => theme.space(2)};
`;

const Column = styled.div<{ $today: boolean }>`
  height: 100%;
  display: flex;
  flex-direction: column;
  justify-content: flex-end;
  align-items: center;
  gap: 4px;
  font-size: ${({ theme }) => theme.font.size.caption};
  font-weight: ${({ $today }) => ($today ? 700 : 400)};
  color: ${({ $today, theme }) => ($today ? theme.color.text : theme.color.hint)};
`;

/** A mood 1–5 as a bar in its mood colour; a day without one is an empty outline (no mood is not 0). */
const Bar = styled.div<{ $mood: number | null }>`
  width: 100%;
  max-width: 18px;
  height: ${({ $mood }) => ($mood === null ? 8 : ($mood / 5) * 70)}px;
  border-radius: 6px;
  box-sizing: border-box;
  background: ${({ $mood, theme }) =>
    $mood === null ? 'transparent' : theme.color.mood[Math.min(4, Math.max(0, Math.round($mood) - 1))]};
  border: ${({ $mood, theme }) => ($mood === null ? `1px dashed ${theme.color.hint}` : 'none')};
`;

/** This week's moods, Пн–Вс, one bar per day; its text alternative reads each day's mood or «нет записи». */
export function MoodWeekChart({ week, today }: { week: HomeSummary['week']; today: string }) {
  const days = homeWeekCopy.weekDays;
  return (
    <Chart role="img" aria-label={week.map((d, i) => homeWeekCopy.weekDay(days[i]!, d.mood)).join(', ')}>
      {week.map((d, i) => (
        <Column key={d.date} $today={d.date === today} aria-hidden="true">
          <Bar $mood={d.mood} data-testid="mood-bar" data-mood={d.mood ?? ''} />
          <span>{days[i]}</span>
        </Column>
      ))}
    </Chart>
  );
}
