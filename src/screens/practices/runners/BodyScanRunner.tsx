// «Сканирование тела»: an intro with «Начать», then seven zones of 40 seconds — the zone's name and a gentle
// prompt, its seconds in the ring — with the menu's «Завершить досрочно»; after the last zone the rating follows
// by itself. A haptic tick marks each new zone, for eyes that are closed. «Пауза» stops the zone where it is;
// «Завершить» asks «Завершить практику?» first.
import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import { bodyScanMachine, bodyScanView } from '../../../../machines/practices/body-scan.machine';
import { zoneTimerMachine, zoneTimerView } from '../../../../machines/practices/zone-timer.machine';
import { EarlyFinishMenu } from '../../../components/practices/EarlyFinishMenu';
import { ProgressRing } from '../../../components/practices/ProgressRing';
import { BigCount, Hint, RunnerIntro, Stage } from '../../../components/practices/RunnerParts';
import { SessionControls } from '../../../components/practices/SessionControls';
import { practicesCopy } from '../../../copy/practices';
import { appActions } from '../../../flow/appActions';
import { useFlow } from '../../../flow/useFlow';
import { systemClock } from '../../../lib/clock';
import { useReducedMotion } from '../../../lib/useReducedMotion';
import type { RunnerProps } from '../runners';

const copy = practicesCopy.bodyScan;

/** The zone timer's haptic is the app's (the body scan's own flow does not reach its child's actions). */
const zoneTimer = zoneTimerMachine.provide({ actions: { haptic: appActions.haptic } });

function Zone({ zones, paused }: { zones: ActorRefFrom<typeof zoneTimerMachine>; paused: boolean }) {
  const v = useSelector(zones, zoneTimerView);
  const animate = !useReducedMotion() && !paused;
  const words = copy.zones[v.zone ?? ''] ?? { title: '', hint: '' };
  return (
    <>
      <p>{copy.zone(v.number, v.count)}</p>
      <h2 aria-live="polite">{words.title}</h2>
      <Hint>{words.hint}</Hint>
      <ProgressRing progress={v.zoneProgress} animate={animate}>
        <BigCount role="timer" aria-label={copy.secondsLeft} data-testid="zone-seconds">
          {v.secondsLeft}
        </BigCount>
      </ProgressRing>
    </>
  );
}

export default function BodyScanRunner({ onFinish }: RunnerProps) {
  const { view, send } = useFlow(bodyScanMachine, bodyScanView, {
    input: { clock: systemClock },
    actors: { zoneTimer },
    actions: { finish: () => onFinish() },
  });

  if (view.status === 'intro') return <RunnerIntro text={copy.introText} onStart={() => send({ type: 'START' })} />;

  return (
    <Stage>
      <EarlyFinishMenu
        open={view.menuOpen}
        onOpen={() => send({ type: 'MENU.OPEN' })}
        onClose={() => send({ type: 'MENU.CLOSE' })}
        onFinishEarly={() => send({ type: 'FINISH_EARLY' })}
      />
      {view.zones ? <Zone zones={view.zones} paused={view.paused} /> : null}
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
