// 1–5 stars as a radio group: native radio inputs (arrow keys move the choice, screen readers say «3 из 5»), each
// drawn as a star; the stars up to the chosen one are filled.
import styled from 'styled-components';
import { practicesCopy } from '../../copy/practices';
import { Svg } from '../icons';

const Group = styled.fieldset`
  display: flex;
  justify-content: center;
  gap: ${({ theme }) => theme.space(1)};
  margin: 0;
  padding: 0;
  border: 0;
  legend { position: absolute; width: 1px; height: 1px; overflow: hidden; clip: rect(0 0 0 0); white-space: nowrap; }
`;

const Star = styled.label<{ $on: boolean }>`
  position: relative;
  display: grid;
  place-items: center;
  width: 48px;
  height: 48px;
  border-radius: 50%;
  color: ${({ theme, $on }) => ($on ? theme.color.warning : theme.color.hint)};
  cursor: pointer;
  input {
    position: absolute;
    inset: 0;
    margin: 0;
    opacity: 0;
    cursor: pointer;
  }
  &:has(input:focus-visible) { outline: 2px solid ${({ theme }) => theme.color.button}; }
`;

export function RatingStars({ value, onChange }: { value: number; onChange: (stars: number) => void }) {
  const copy = practicesCopy.rating;
  return (
    <Group>
      <legend>{copy.starsLabel}</legend>
      {[1, 2, 3, 4, 5].map((n) => (
        <Star key={n} $on={n <= value}>
          <input type="radio" name="practice-rating" value={n} checked={value === n} aria-label={copy.star(n)} onChange={() => onChange(n)} />
          <Svg width={36} height={36} fill={n <= value ? 'currentColor' : 'none'}>
            <path d="M12 3.5l2.6 5.3 5.9.9-4.3 4.1 1 5.8L12 16.9l-5.2 2.7 1-5.8-4.3-4.1 5.9-.9L12 3.5Z" />
          </Svg>
        </Star>
      ))}
    </Group>
  );
}
