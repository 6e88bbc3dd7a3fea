// The balance wheel: four quarters — energy, focus, emotions, relationships — each filled out from the centre as far
// as its rating (1–10), on rings at 2, 4, 6, 8 and 10; the ring at 6 is dashed: below it an area is weak. An image
// with a text alternative (every area with its rating), and a legend naming the quarters' colours. With `animate`
// a quarter glides to its new size; without it (reduced motion) it just takes it.
import styled from 'styled-components';
import {
  WHEEL_AREAS,
  WHEEL_MAX,
  WHEEL_WEAK_BELOW,
  type WheelArea,
} from '../../../machines/practices/steps/step-practices';

const SIZE = 240;
const C = SIZE / 2;
const R = 104;

/** Each area's colour (fixed, as the mood colours: they must read the same in either theme). */
export const WHEEL_COLORS: Record<WheelArea, string> = {
  energy: '#e0902b',
  focus: '#3f86d1',
  emotions: '#c95f9f',
  relationships: '#3fa36b',
};

/** A quarter of the full circle: from `from` to `from + 90°` (0° is up, clockwise). */
function quarter(index: number): string {
  const point = (deg: number) => {
    const rad = ((deg - 90) * Math.PI) / 180;
    return `${(C + R * Math.cos(rad)).toFixed(2)} ${(C + R * Math.sin(rad)).toFixed(2)}`;
  };
  return `M ${C} ${C} L ${point(index * 90)} A ${R} ${R} 0 0 1 ${point(index * 90 + 90)} Z`;
}

const Figure = styled.figure`
  display: flex;
  flex-direction: column;
  align-items: center;
  gap: ${({ theme }) => theme.space(3)};
  margin: 0;
  svg {
    width: ${SIZE}px;
    max-width: 70vw;
    height: auto;
  }
`;

const Ring = styled.circle<{ $threshold: boolean }>`
  fill: none;
  stroke: ${({ theme, $threshold }) => ($threshold ? theme.color.hint : theme.color.separator)};
  stroke-width: ${({ $threshold }) => ($threshold ? 1.5 : 1)};
  stroke-dasharray: ${({ $threshold }) => ($threshold ? '4 4' : 'none')};
`;

const Slice = styled.path<{ $scale: number; $animate: boolean }>`
  opacity: 0.8;
  transform-box: view-box;
  transform-origin: ${C}px ${C}px;
  transform: scale(${({ $scale }) => $scale});
  transition: ${({ $animate }) => ($animate ? 'transform 0.25s ease-out' : 'none')};
`;

const Legend = styled.ul`
  display: flex;
  flex-wrap: wrap;
  justify-content: center;
  gap: ${({ theme }) => `${theme.space(1)} ${theme.space(4)}`};
  margin: 0;
  padding: 0;
  list-style: none;
  font-size: ${({ theme }) => theme.font.size.sm};
  li {
    display: flex;
    align-items: center;
    gap: ${({ theme }) => theme.space(2)};
  }
`;

const Swatch = styled.span<{ $color: string }>`
  width: 12px;
  height: 12px;
  border-radius: 3px;
  background: ${({ $color }) => $color};
`;

export interface BalanceWheelProps {
  ratings: Record<WheelArea, number>;
  /** The areas' names. */
  labels: Record<WheelArea, string>;
  title: string;
  /** The text alternative: every area with its rating. */
  description: string;
  /** «4 из 10». */
  valueText: (n: number) => string;
  animate: boolean;
}

export function BalanceWheel({ ratings, labels, title, description, valueText, animate }: BalanceWheelProps) {
  return (
    <Figure>
      <svg
        viewBox={`0 0 ${SIZE} ${SIZE}`}
        role="img"
        aria-label={`${title}. ${description}`}
        data-testid="balance-wheel"
      >
        {[2, 4, 6, 8, 10].map((n) => (
          <Ring key={n} cx={C} cy={C} r={(R * n) / WHEEL_MAX} $threshold={n === WHEEL_WEAK_BELOW} />
        ))}
        {WHEEL_AREAS.map((area, i) => (
          <Slice
            key={area}
            d={quarter(i)}
            fill={WHEEL_COLORS[area]}
            $scale={ratings[area] / WHEEL_MAX}
            $animate={animate}
            data-area={area}
            data-rating={ratings[area]}
          />
        ))}
      </svg>
      <Legend aria-hidden="true">
        {WHEEL_AREAS.map((area) => (
          <li key={area}>
            <Swatch $color={WHEEL_COLORS[area]} />
            {labels[area]} — {valueText(ratings[area])}
          </li>
        ))}
      </Legend>
    </Figure>
  );
}
