// One outline icon per practice category (the same drawing on every platform, unlike emoji), in the category's
// colour on a soft tint of it.
import styled from 'styled-components';
import { categoryCopy, type CategoryKey } from '../../copy/practices';
import { Svg } from '../icons';

const paths: Record<CategoryKey, string[]> = {
  // Air moving: three soft waves.
  breathing: ['M3 8h10a3 3 0 1 0-3-3', 'M3 12h15a3 3 0 1 1-3 3', 'M3 16h7'],
  // Feet on the ground: a leaf over a line.
  grounding: ['M6 16c0-6 4-10 12-11-1 8-5 11-12 11Z', 'M6 16c2-3 5-5 8-6', 'M3 20h18'],
  // A small start: a flag on a path.
  productivity: ['M6 21V4', 'M6 4h11l-2 4 2 4H6'],
  // A heart held in the mind.
  psychological: ['M12 20s-7-4.4-7-10a4 4 0 0 1 7-2.6A4 4 0 0 1 19 10c0 5.6-7 10-7 10Z'],
  // A pen over a line.
  journaling: ['M4 20h16', 'M14.5 4.5l3 3L9 16H6v-3l8.5-8.5Z'],
  // A compass.
  self_awareness: ['M12 21a9 9 0 1 0 0-18 9 9 0 0 0 0 18Z', 'M15.5 8.5l-2 5-5 2 2-5 5-2Z'],
  // A calm sparkle.
  mindfulness: [
    'M12 3l1.8 4.7 4.7 1.8-4.7 1.8L12 16l-1.8-4.7-4.7-1.8 4.7-1.8L12 3Z',
    'M18 15.5l.8 2 2 .8-2 .8-.8 2-.8-2-2-.8 2-.8.8-2Z',
  ],
};

const Bubble = styled.span<{ $color: string; $size: number }>`
  flex: none;
  display: grid;
  place-items: center;
  width: ${({ $size }) => $size}px;
  height: ${({ $size }) => $size}px;
  border-radius: ${({ $size }) => Math.round($size * 0.3)}px;
  color: ${({ $color }) => $color};
  background: ${({ theme, $color }) => theme.tint($color, 14)};
`;

export function PracticeIcon({ category, size = 44 }: { category: string; size?: number }) {
  const { key, color } = categoryCopy(category);
  const icon = Math.round(size * 0.55);
  return (
    <Bubble $color={color} $size={size} data-category={key}>
      <Svg width={icon} height={icon}>
        {paths[key].map((d) => (
          <path key={d} d={d} />
        ))}
      </Svg>
    </Bubble>
  );
}
