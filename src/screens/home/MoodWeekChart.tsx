import styled from 'styled-components';

const Chart = styled.div`
  display: grid;
  grid-template-columns: repeat(7, 1fr);
  gap: 6px;
  align-items: end;
  /* At least 96 px; taller when enlarged day labels need the room. */
  min-height: 96px;
  margin-top: ${({ theme }) => theme.space(2)};
`;

const Column = styled.div`
  height: 100%;
  display: flex;
  flex-direction: column;
  justify-content: flex-end;
  align-items: center;
  gap: 4px;
  font-size: ${({ theme }) => theme.font.size.caption};
  color: ${({ theme }) => theme.color.hint};
`;

const Bar = styled.div<{ $value: number }>`
  width: 100%;
  max-width: 18px;
  height: ${({ $value }) => ($value / 5) * 70}px;
  border-radius: 6px;
  background: ${({ $value, theme }) => theme.color.mood[Math.min(4, Math.max(0, $value - 1))]};
`;

/** A week of moods (1–5), one bar per day, Пн–Вс. */
export function MoodWeekChart({ days, values }: { days: readonly string[]; values: readonly number[] }) {
  return (
    <Chart role="img" aria-label={days.map((day, i) => `${day}: ${values[i]}`).join(', ')}>
      {days.map((day, i) => (
        <Column key={day}>
          <Bar $value={values[i] ?? 0} data-testid="mood-bar" />
          <span>{day}</span>
        </Column>
      ))}
    </Chart>
  );
}
