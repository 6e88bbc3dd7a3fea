// The breathing practices (4-7-8, triangle, box): «Приготовьтесь к практике» with «Начать», then the phase's words,
// its seconds in a filling ring, a shape that grows on the inhale and shrinks on the exhale, «Цикл X из Y» and
// the phase strip. A haptic tick marks each phase change (the machine's `haptic`), a light tap each cycle's end.
// «Пауза» stops the clock, the ring and the shape where they are; «Завершить» asks «Завершить практику?» first.
// Reduced motion: the ring and the shape stand still; the words and the counts go on.
import styled from 'styled-components';
import { BREATHING_CONFIGS, isBreathingPractice } from '../../../../machines/practices/breathing-configs';
import { breathingMachine, breathingView } from '../../../../machines/practices/breathing.machine';
import { PhaseStrip } from '../../../components/practices/PhaseStrip';
import { ProgressRing } from '../../../components/practices/ProgressRing';
import { BigCount, RunnerIntro, Stage } from '../../../components/practices/RunnerParts';
import { SessionControls } from '../../../components/practices/SessionControls';
import { practicesCopy } from '../../../copy/practices';
import { useFlow } from '../../../flow/useFlow';
import { systemClock } from '../../../lib/clock';
import { useReducedMotion } from '../../../lib/useReducedMotion';
import { haptic } from '../../../telegram/haptic';
import type { RunnerProps } from '../runners';

/** Grows over the inhale, holds, shrinks over the exhale: the transition lasts as long as the phase has left. */
const Shape = styled.div<{ $scale: number; $seconds: number; $glide: boolean }>`
  position: absolute;
  width: 62%;
  height: 62%;
  border-radius: 50%;
  background: ${({ theme }) => theme.tint(theme.color.button, 14)};
  transform: scale(${({ $scale }) => $scale});
  transition: ${({ $glide, $seconds }) => ($glide ? `transform ${$seconds}s ease-in-out` : 'none')};
`;

/** The phase's seconds, above the shape. */
const Count = styled(BigCount)`
  position: relative;
`;

const Bar = styled.div`
  width: 100%;
  max-width: 420px;
  height: 6px;
  border-radius: 3px;
  background: ${({ theme }) => theme.tint(theme.color.button, 16)};
  overflow: hidden;
  span {
    display: block;
    height: 100%;
    background: ${({ theme }) => theme.color.button};
  }
`;

/** The shape's size at the start and at the end of each phase. */
const SHAPE_FROM = { inhale: 0.85, hold: 1.3, exhale: 1.3, pause: 0.85 } as const;
const SHAPE_TO = { inhale: 1.3, hold: 1.3, exhale: 0.85, pause: 0.85 } as const;

export default function BreathingRunner({ practice, onFinish }: RunnerProps) {
  const config = isBreathingPractice(practice.id) ? BREATHING_CONFIGS[practice.id] : BREATHING_CONFIGS.box_breathing;
  const { view, send } = useFlow(breathingMachine, breathingView, {
    input: { config, clock: systemClock },
    actions: { finish: () => onFinish(), cycleComplete: () => haptic.tap() },
  });
  const animate = !useReducedMotion();
  const copy = practicesCopy.breathing;

  if (view.status === 'ready') {
    return (
      <RunnerIntro title={copy.prepareTitle} text={copy.prepareText} onStart={() => send({ type: 'START' })}>
        <PhaseStrip phases={view.strip} current={null} />
      </RunnerIntro>
    );
  }

  const phase = view.phase ?? 'inhale';
  // Paused, the shape stops where it is; playing, it glides to the phase's end over the time left; reduced
  // motion, it stands still.
  const from = SHAPE_FROM[phase];
  const glide = animate && !view.paused;
  const scale = !animate ? 1 : view.paused ? from + (SHAPE_TO[phase] - from) * view.phaseProgress : SHAPE_TO[phase];
  return (
    <Stage>
      <h2 aria-live="polite">{copy.phases[phase]}</h2>
      <ProgressRing progress={view.phaseProgress} animate={glide}>
        <Shape
          $scale={scale}
          $seconds={view.phaseSeconds * (1 - view.phaseProgress)}
          $glide={glide}
          data-testid="breath-shape"
        />
        <Count data-testid="phase-seconds">{view.secondsLeft}</Count>
      </ProgressRing>
      <p>{copy.cycle(view.cycle, view.totalCycles)}</p>
      <Bar
        role="progressbar"
        aria-label={copy.progress}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={Math.round(view.progress * 100)}
      >
        <span style={{ width: `${view.progress * 100}%` }} />
      </Bar>
      <PhaseStrip phases={view.strip} current={view.phase} />
      <SessionControls
        paused={view.paused}
        confirming={view.confirmingStop}
        onPause={() => send({ type: 'PAUSE' })}
        onResume={() => send({ type: 'RESUME' })}
        onStop={() => send({ type: 'STOP' })}
        onConfirm={() => send({ type: 'STOP.CONFIRM' })}
        onCancel={() => send({ type: 'STOP.CANCEL' })}
      />
    </Stage>
  );
}
