// 1–5 stars as a radio group (the app's useRadioGroup: one tab stop, arrow keys move and choose), each drawn as a
// star and named «n из 5»; the stars up to the chosen one are filled.
import styled from 'styled-components';
import { practicesCopy } from '../../copy/practices';
import { Svg } from '../icons';
import { useRadioGroup } from '../useRadioGroup';

const STARS = [1, 2, 3, 4, 5] as const;

const Group = styled.div`
  display: flex;
  justify-content: center;
  gap: ${({ theme }) => theme.space(1)};
`;

const Star = styled.button<{ $on: boolean }>`
  display: grid;
  place-items: center;
  width: 48px;
  height: 48px;
  padding: 0;
  border: 0;
  border-radius: 50%;
  background: transparent;
  color: ${({ theme, $on }) => ($on ? theme.color.warning : theme.color.hint)};
`;

export function RatingStars({ value, onChange }: { value: number; onChange: (stars: number) => void }) {
  const copy = practicesCopy.rating;
  const radio = useRadioGroup({ values: STARS, value: value || null, onChange: (n) => n && onChange(n) });
  return (
    <Group {...radio.group} aria-label={copy.starsLabel}>
      {STARS.map((n, i) => (
        <Star key={n} $on={n <= value} {...radio.option(i)} aria-label={copy.star(n)}>
          <Svg width={36} height={36} fill={n <= value ? 'currentColor' : 'none'}>
            <path d="M12 3.5l2.6 5.3 5.9.9-4.3 4.1 1 5.8L12 16.9l-5.2 2.7 1-5.8-4.3-4.1 5.9-.9L12 3.5Z" />
          </Svg>
        </Star>
      ))}
    </Group>
  );
}
