// Five bars that follow the microphone's level (the newest look on the right), decorative: the timer and the stop
// button say what is happening. Under reduced motion they jump to each level instead of gliding.
import { memo } from 'react';
import styled from 'styled-components';

const Row = styled.div`
  display: flex;
  align-items: center;
  justify-content: center;
  gap: 6px;
  height: 56px;
`;

const Bar = styled.span`
  width: 8px;
  height: 100%;
  border-radius: ${({ theme }) => theme.radius.pill};
  background: ${({ theme }) => theme.color.button};
  transform-origin: center;
  transition: transform 0.1s linear;
  ${({ theme }) => theme.reducedMotion} {
    transition: none;
  }
`;

/** `levels`: 0..1 each; a quiet bar keeps a small height so the row never disappears. */
export const LevelBars = memo(function LevelBars({ levels }: { levels: readonly number[] }) {
  return (
    <Row aria-hidden data-testid="voice-levels">
      {levels.map((level, i) => (
        <Bar key={i} style={{ transform: `scaleY(${(0.12 + 0.88 * level).toFixed(3)})` }} />
      ))}
    </Row>
  );
});
