import styled from 'styled-components';
import { diaryCopy } from '../../copy/diary';
import { StarIcon } from '../icons';

const StarButton = styled.button<{ $on: boolean }>`
  flex: none;
  width: 40px;
  height: 40px;
  display: grid;
  place-items: center;
  border: 0;
  border-radius: 50%;
  background: transparent;
  color: ${({ $on, theme }) => ($on ? theme.color.warning : theme.color.hint)};
  &:disabled {
    opacity: 0.4;
  }
  &:active:not(:disabled) {
    transform: scale(0.9);
  }
`;

/** The favourite toggle (an icon button named for what it does); disabled while its request runs. */
export function FavoriteStar(props: { on: boolean; busy: boolean; onToggle: () => void }) {
  return (
    <StarButton
      type="button"
      $on={props.on}
      disabled={props.busy}
      aria-pressed={props.on}
      aria-busy={props.busy}
      aria-label={props.on ? diaryCopy.removeFromFavorites : diaryCopy.addToFavorites}
      onClick={props.onToggle}
    >
      <StarIcon filled={props.on} />
    </StarButton>
  );
}
