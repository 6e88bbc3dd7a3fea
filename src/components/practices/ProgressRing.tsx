// A ring that fills with `progress` (0..1) around its children. The owner updates `progress` once a second; with
// `animate` the ring glides to each new value over that second, without it (reduced motion) it just shows it.
import type { ReactNode } from 'react';
import styled from 'styled-components';

const SIZE = 220;
const STROKE = 10;
const R = (SIZE - STROKE) / 2;
const C = 2 * Math.PI * R;

const Wrap = styled.div`
  position: relative;
  width: ${SIZE}px;
  height: ${SIZE}px;
  max-width: 70vw;
  max-height: 70vw;
  margin: 0 auto;
  svg {
    width: 100%;
    height: 100%;
    transform: rotate(-90deg);
  }
`;

const Track = styled.circle`
  stroke: ${({ theme }) => theme.tint(theme.color.button, 16)};
`;

const Arc = styled.circle<{ $animate: boolean }>`
  stroke: ${({ theme }) => theme.color.button};
  transition: ${({ $animate }) => ($animate ? 'stroke-dashoffset 1s linear' : 'none')};
`;

const Center = styled.div`
  position: absolute;
  inset: 0;
  display: grid;
  place-items: center;
  text-align: center;
`;

export function ProgressRing({
  progress,
  animate,
  children,
}: {
  progress: number;
  animate: boolean;
  children?: ReactNode;
}) {
  const clamped = Math.min(1, Math.max(0, progress));
  return (
    <Wrap data-animated={animate}>
      <svg viewBox={`0 0 ${SIZE} ${SIZE}`} aria-hidden="true">
        <Track cx={SIZE / 2} cy={SIZE / 2} r={R} fill="none" strokeWidth={STROKE} />
        <Arc
          $animate={animate}
          cx={SIZE / 2}
          cy={SIZE / 2}
          r={R}
          fill="none"
          strokeWidth={STROKE}
          strokeLinecap="round"
          strokeDasharray={C}
          strokeDashoffset={C * (1 - clamped)}
          data-testid="ring-arc"
        />
      </svg>
      <Center>{children}</Center>
    </Wrap>
  );
}
