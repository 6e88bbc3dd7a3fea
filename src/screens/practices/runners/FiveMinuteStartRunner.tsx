// «Старт за 5 минут»: the countdown from 5:00 with «Начать», «Пауза» and «Продолжить», the menu with «Завершить
// досрочно», «Завершить» (both ask «Завершить практику?», the countdown held meanwhile), and at 0 «Завершить
// практику».
import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import { countdownView, type countdownMachine } from '../../../../machines/practices/countdown.machine';
import {
  FIVE_MINUTES_MS,
  fiveMinuteStartMachine,
  fiveMinuteStartView,
} from '../../../../machines/practices/five-minute-start.machine';
import { Button } from '../../../components/Button';
import { EarlyFinishMenu } from '../../../components/practices/EarlyFinishMenu';
import { ProgressRing } from '../../../components/practices/ProgressRing';
import { BigCount, Hint, Stage } from '../../../components/practices/RunnerParts';
import { StopConfirm } from '../../../components/practices/SessionControls';
import { practicesCopy } from '../../../copy/practices';
import { useFlow } from '../../../flow/useFlow';
import { formatClock, systemClock } from '../../../lib/clock';
import { useReducedMotion } from '../../../lib/useReducedMotion';
import { haptic } from '../../../telegram/haptic';
import type { RunnerProps } from '../runners';

const copy = practicesCopy.fiveMinute;

/** The running countdown's face and its buttons. */
function Timer({
  timer,
  onStart,
  onPause,
}: {
  timer: ActorRefFrom<typeof countdownMachine>;
  onStart: () => void;
  onPause: () => void;
}) {
  const { status, secondsLeft, progress } = useSelector(timer, countdownView);
  const animate = !useReducedMotion();
  return (
    <>
      <ProgressRing progress={progress} animate={animate && status === 'running'}>
        <BigCount role="timer" aria-label={copy.timeLeft} data-testid="time-left">
          {formatClock(secondsLeft)}
        </BigCount>
      </ProgressRing>
      {status === 'paused' ? <Hint>{copy.paused}</Hint> : null}
      {status === 'running' ? (
        <Button $block $variant="secondary" onClick={onPause}>
          {copy.pause}
        </Button>
      ) : (
        <Button $block onClick={onStart}>
          {status === 'paused' || status === 'held' ? copy.resume : copy.start}
        </Button>
      )}
    </>
  );
}

export default function FiveMinuteStartRunner({ onFinish }: RunnerProps) {
  const { view, send } = useFlow(fiveMinuteStartMachine, fiveMinuteStartView, {
    input: { clock: systemClock },
    actions: { finish: () => onFinish() },
  });

  if (view.status === 'timeUp') {
    return (
      <Stage>
        <ProgressRing progress={1} animate={false}>
          <BigCount>{formatClock(0)}</BigCount>
        </ProgressRing>
        <Hint role="status">{copy.doneText}</Hint>
        <Button
          $block
          onClick={() => {
            haptic.success();
            send({ type: 'FINISH' });
          }}
        >
          {copy.finish}
        </Button>
      </Stage>
    );
  }

  return (
    <Stage>
      <EarlyFinishMenu
        open={view.menuOpen}
        onOpen={() => send({ type: 'MENU.OPEN' })}
        onClose={() => send({ type: 'MENU.CLOSE' })}
        onFinishEarly={() => send({ type: 'FINISH_EARLY' })}
      />
      <Hint>{copy.introText}</Hint>
      {view.timer ? (
        <Timer
          timer={view.timer}
          onStart={() => {
            haptic.tap();
            send({ type: 'START' });
          }}
          onPause={() => {
            haptic.tap();
            send({ type: 'PAUSE' });
          }}
        />
      ) : (
        <BigCount>{formatClock(FIVE_MINUTES_MS / 1000)}</BigCount>
      )}
      <Button $block $variant="plain" onClick={() => send({ type: 'STOP' })}>
        {practicesCopy.session.stop}
      </Button>
      <StopConfirm
        open={view.confirmingStop}
        onConfirm={() => send({ type: 'STOP.CONFIRM' })}
        onCancel={() => send({ type: 'STOP.CANCEL' })}
      />
    </Stage>
  );
}
