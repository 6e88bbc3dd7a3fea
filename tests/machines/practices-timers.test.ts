// The timing machines on a simulated clock — the generic countdown, the zone timer, five-minute start and the body
// scan as two tables — plus the timing rules to the second: a paused countdown keeps its time, five minutes end at
// exactly 300 s of running, the body scan moves zone every 40 s and finishes at 280 s. «Пауза» holds a zone to the
// millisecond; «Завершить» asks «Завершить практику?» with the clock held, and «Продолжить» lets it run on from the
// same point.
import { describe, expect, it } from 'vitest';
import { SimulatedClock, createActor, type ActorRefFrom, type AnyMachineSnapshot } from 'xstate';
import { bodyScanMachine, bodyScanView } from '../../machines/practices/body-scan.machine';
import { countdownMachine, countdownView, type CountdownContext } from '../../machines/practices/countdown.machine';
import {
  FIVE_MINUTES_MS,
  fiveMinuteStartMachine,
  fiveMinuteStartView,
} from '../../machines/practices/five-minute-start.machine';
import { SECOND_MS } from '../../machines/practices/timing';
import { zoneTimerMachine, zoneTimerView, type ZoneTimerContext } from '../../machines/practices/zone-timer.machine';
import {
  describeMachineTables,
  stateValue,
  type Effect,
  type StateRow,
  type TransitionRow,
} from '../support/machine-tables';

// The countdown as two tables over five minutes (the five-minute start's): the key is the state and the time left
// in ms, as the context holds it. A second's tick ends its path (a self-loop of the graph, whose clock stands still).
const countdownKey = (s: AnyMachineSnapshot) => {
  const c = s.context as CountdownContext;
  if (s.status === 'done') return 'done';
  return `${stateValue(s)} ${s.matches('running') ? c.endsAt - c.now : c.remainingMs}`;
};
const NO = { START: false, PAUSE: false, RESET: false, HOLD: false, RELEASE: false };
const shown = (status: string, secondsLeft: number, progress: number) => ({ status, secondsLeft, progress });
describeMachineTables(countdownMachine, {
  view: countdownView,
  inputFromClock: (clock) => ({ clock, durationMs: FIVE_MINUTES_MS }),
  key: countdownKey,
  states: {
    'idle 300000': { view: shown('idle', 300, 0), can: { ...NO, START: true } },
    'running.ticking 300000': {
      view: shown('running', 300, 0),
      can: { ...NO, PAUSE: true, HOLD: true, RESET: true },
    },
    // A second later: the figure changes on the second.
    'running.ticking 299000': {
      view: shown('running', 299, 1 / 300),
      can: { ...NO, PAUSE: true, HOLD: true, RESET: true },
    },
    'paused 300000': { view: shown('paused', 300, 0), can: { ...NO, START: true, RESET: true } },
    // Held by its owner's question: only RELEASE runs it on.
    'held 300000': { view: shown('held', 300, 0), can: { ...NO, RELEASE: true } },
    done: { view: shown('done', 0, 1), can: NO, status: 'done' },
  },
  transitions: {
    'idle 300000': { START: 'running.ticking 300000' },
    'running.ticking 300000': {
      PAUSE: 'paused 300000',
      HOLD: 'held 300000',
      RESET: 'idle 300000',
      'after.tick.countdown.running.ticking': { to: 'running.ticking 299000', after: SECOND_MS },
      // The whole five minutes, second after second.
      'after.timeUp.countdown.running': { to: 'done', after: FIVE_MINUTES_MS },
    },
    'paused 300000': { START: 'running.ticking 300000', RESET: 'idle 300000' },
    'held 300000': { RELEASE: 'running.ticking 300000' },
  },
  counts: { paths: 6, transitions: 9 },
});

describe('countdown timing', () => {
  it('counts whole seconds, keeps its time while paused, resets, and completes at 0', () => {
    const clock = new SimulatedClock();
    const actor = createActor(countdownMachine, { clock, input: { clock, durationMs: 10_000 } }).start();
    const shown = () => countdownView(actor.getSnapshot());
    actor.send({ type: 'START' });
    clock.set(999);
    expect(shown().secondsLeft).toBe(10); // the figure changes on the second, not before
    clock.set(1000);
    expect(shown().secondsLeft).toBe(9);
    clock.set(3400);
    actor.send({ type: 'PAUSE' });
    expect(shown()).toMatchObject({ status: 'paused', secondsLeft: 7 });
    clock.set(60_000); // a minute on pause changes nothing
    expect(shown()).toMatchObject({ status: 'paused', secondsLeft: 7 });
    expect(actor.getSnapshot().context.remainingMs).toBe(6600);
    actor.send({ type: 'START' });
    clock.set(60_600);
    expect(shown().secondsLeft).toBe(6);
    clock.set(66_599);
    expect(shown()).toMatchObject({ status: 'running', secondsLeft: 1 });
    clock.set(66_600);
    expect(shown()).toEqual({ status: 'done', secondsLeft: 0, progress: 1 });
    expect(actor.getSnapshot().status).toBe('done');
  });

  it('RESET brings back the whole duration', () => {
    const clock = new SimulatedClock();
    const actor = createActor(countdownMachine, { clock, input: { clock, durationMs: 10_000 } }).start();
    actor.send({ type: 'START' });
    clock.set(4000);
    actor.send({ type: 'RESET' });
    expect(countdownView(actor.getSnapshot())).toEqual({ status: 'idle', secondsLeft: 10, progress: 0 });
    clock.set(20_000); // nothing runs while idle
    expect(countdownView(actor.getSnapshot()).secondsLeft).toBe(10);
  });

  it('RESET after a pause brings back the whole duration, paused or running again', () => {
    const clock = new SimulatedClock();
    const actor = createActor(countdownMachine, { clock, input: { clock, durationMs: 10_000 } }).start();
    actor.send({ type: 'START' });
    clock.set(4000);
    actor.send({ type: 'PAUSE' });
    actor.send({ type: 'RESET' }); // from paused: 6 s were left
    expect(countdownView(actor.getSnapshot())).toEqual({ status: 'idle', secondsLeft: 10, progress: 0 });
    actor.send({ type: 'START' });
    clock.set(7000);
    actor.send({ type: 'PAUSE' });
    actor.send({ type: 'START' });
    clock.set(8000);
    actor.send({ type: 'RESET' }); // from running: 6 s were left at the last pause
    expect(countdownView(actor.getSnapshot())).toEqual({ status: 'idle', secondsLeft: 10, progress: 0 });
  });
});

const threeZones = [
  { id: 'a', durationMs: 3000 },
  { id: 'b', durationMs: 2000 },
  { id: 'c', durationMs: 4000 },
];

// The zone timer as two tables over three zones of 3, 2 and 4 s: the key is the zone and the ms left in it. Each
// zone ends after exactly its own duration with a gentle tick (none at the start); a second's tick ends its path.
const zoneKey = (s: AnyMachineSnapshot) => {
  const c = s.context as ZoneTimerContext;
  return s.status === 'done' ? 'done' : `${stateValue(s)} ${threeZones[c.index]!.id} ${c.zoneEndsAt - c.now}`;
};
const zoneStates: Record<string, StateRow> = {
  done: {
    view: { done: true, zone: 'c', number: 3, count: 3, secondsLeft: 0, zoneProgress: 1, progress: 1 },
    can: { PAUSE: false, RESUME: false },
    status: 'done',
    output: { zonesDone: 3 },
  },
};
const zoneTransitions: Record<string, Record<string, string | TransitionRow>> = {};
const select: Effect = ['haptic', { kind: 'select' }];
threeZones.forEach(({ id, durationMs }, i) => {
  const before = threeZones.slice(0, i).reduce((sum, z) => sum + z.durationMs, 0);
  const view = (msIn: number) => ({
    done: false,
    zone: id,
    number: i + 1,
    count: 3,
    secondsLeft: (durationMs - msIn) / 1000,
    zoneProgress: msIn / durationMs,
    progress: (before + msIn) / 9000,
  });
  const at = (ms: number) => `running.ticking ${id} ${ms}`;
  zoneStates[at(durationMs)] = { view: view(0), can: { PAUSE: true, RESUME: false } };
  zoneStates[at(durationMs - 1000)] = { view: view(1000), can: { PAUSE: true, RESUME: false } };
  // Paused where it was (paths never wait while paused): the zone, its seconds and progress stand still.
  zoneStates[`paused ${id} ${durationMs}`] = { view: view(0), can: { PAUSE: false, RESUME: true } };
  const next = threeZones[i + 1];
  zoneTransitions[at(durationMs)] = {
    PAUSE: `paused ${id} ${durationMs}`,
    'after.tick.zoneTimer.running.ticking': { to: at(durationMs - 1000), after: SECOND_MS },
    'after.zoneEnd.zoneTimer.running': next
      ? { to: `running.ticking ${next.id} ${next.durationMs}`, after: durationMs, effects: [select] }
      : { to: 'done', after: durationMs },
  };
  zoneTransitions[`paused ${id} ${durationMs}`] = { RESUME: at(durationMs) };
});
describeMachineTables(zoneTimerMachine, {
  view: zoneTimerView,
  inputFromClock: (clock) => ({ clock, zones: threeZones }),
  key: zoneKey,
  states: zoneStates,
  transitions: zoneTransitions,
  counts: { paths: 7, transitions: 12 },
});

describe('zone timer after a sleep', () => {
  it('catches up the missed zones in silence: one tick for the zone that is on now, not a burst', () => {
    const clock = new SimulatedClock();
    const ticks: number[] = [];
    const timer = zoneTimerMachine.provide({ actions: { haptic: () => void ticks.push(clock.now()) } });
    const actor = createActor(timer, { clock, input: { clock, zones: threeZones } }).start();
    clock.set(5500); // asleep through zone a (ends 3000) and zone b (ends 5000)
    expect(zoneTimerView(actor.getSnapshot())).toMatchObject({ zone: 'c', number: 3 });
    expect(ticks).toEqual([5500]);
  });

  it('waking exactly as a zone ends: the tick is for the zone that starts, none for the one that ended', () => {
    const clock = new SimulatedClock();
    const ticks: number[] = [];
    const timer = zoneTimerMachine.provide({ actions: { haptic: () => void ticks.push(clock.now()) } });
    const actor = createActor(timer, { clock, input: { clock, zones: threeZones } }).start();
    clock.set(5000); // zone a ended at 3000, zone b ends now
    expect(zoneTimerView(actor.getSnapshot())).toMatchObject({ zone: 'c', secondsLeft: 4 });
    expect(ticks).toEqual([5000]);
  });
});

describe('zone timer paused between two seconds', () => {
  it('holds the zone where «Пауза» was pressed and moves the whole schedule on by the time paused', () => {
    const clock = new SimulatedClock();
    const actor = createActor(zoneTimerMachine, { clock, input: { clock, zones: threeZones } }).start();
    const shown = () => zoneTimerView(actor.getSnapshot());
    clock.set(1000); // the tick at 1 s looks at the clock…
    clock.set(1500); // …and «Пауза» comes half a second later, between two ticks
    actor.send({ type: 'PAUSE' });
    expect(shown()).toMatchObject({ zone: 'a', secondsLeft: 2, zoneProgress: 0.5, progress: 1500 / 9000 });
    clock.set(10_000);
    actor.send({ type: 'RESUME' });
    expect(shown()).toMatchObject({ zone: 'a', secondsLeft: 2, zoneProgress: 0.5, progress: 1500 / 9000 });
    clock.set(11_500); // the 1.5 s left of zone a, from the resume
    expect(shown()).toMatchObject({ zone: 'b', secondsLeft: 2, zoneProgress: 0, progress: 3000 / 9000 });
  });
});

// Five-minute start as two tables. Its countdown is the helper's fake here (`done.actor.timer` is 0:00), so what
// the machine sends it is recorded by name — `forwardToTimer` («Начать» / «Пауза»), `holdTimer` (the question),
// `releaseTimer` («Продолжить») — and what the real countdown does with those is the sequences' below.
const toTimer = { forwardToTimer: () => {}, holdTimer: () => {}, releaseTimer: () => {} };
const FIVE_NO = {
  START: false,
  PAUSE: false,
  'MENU.OPEN': false,
  'MENU.CLOSE': false,
  FINISH_EARLY: false,
  STOP: false,
  'STOP.CONFIRM': false,
  'STOP.CANCEL': false,
  FINISH: false,
};
const fiveView = (status: string, over: object = {}) => ({
  status,
  menuOpen: false,
  confirmingStop: false,
  timer: status === 'timing' ? expect.anything() : undefined,
  ...over,
});
// «Начать» / «Продолжить» and «Пауза» go to the countdown, the menu open or not.
const countdownButtons = (here: string): Record<string, TransitionRow> => ({
  START: { to: here, effects: [['forwardToTimer']] },
  PAUSE: { to: here, effects: [['forwardToTimer']] },
});
describeMachineTables(fiveMinuteStartMachine, {
  view: fiveMinuteStartView,
  inputFromClock: (clock) => ({ clock }),
  provide: { actions: toTimer },
  states: {
    'timing.menuClosed': {
      view: fiveView('timing'),
      can: { ...FIVE_NO, START: true, PAUSE: true, 'MENU.OPEN': true, STOP: true },
      running: ['timer'],
    },
    'timing.menuOpen': {
      view: fiveView('timing', { menuOpen: true }),
      can: { ...FIVE_NO, START: true, PAUSE: true, 'MENU.CLOSE': true, FINISH_EARLY: true },
      running: ['timer'],
    },
    // «Завершить практику?»: only the answer is offered; the countdown's own buttons under it do nothing.
    'timing.confirming': {
      view: fiveView('timing', { confirmingStop: true }),
      can: { ...FIVE_NO, 'STOP.CONFIRM': true, 'STOP.CANCEL': true },
      running: ['timer'],
    },
    // 0:00 and «Завершить практику».
    timeUp: { view: fiveView('timeUp'), can: { ...FIVE_NO, FINISH: true } },
    finished: { view: fiveView('finished'), can: FIVE_NO, status: 'done' },
  },
  transitions: {
    'timing.menuClosed': {
      ...countdownButtons('timing.menuClosed'),
      'MENU.OPEN': 'timing.menuOpen',
      STOP: { to: 'timing.confirming', effects: [['holdTimer']] },
      'done.actor.timer': 'timeUp',
    },
    'timing.menuOpen': {
      ...countdownButtons('timing.menuOpen'),
      'MENU.CLOSE': 'timing.menuClosed',
      FINISH_EARLY: { to: 'timing.confirming', effects: [['holdTimer']] },
      'done.actor.timer': 'timeUp',
    },
    'timing.confirming': {
      START: 'timing.confirming',
      PAUSE: 'timing.confirming',
      'STOP.CONFIRM': { to: 'finished', effects: [['finish']] },
      'STOP.CANCEL': { to: 'timing.menuClosed', effects: [['releaseTimer']] },
      // A held countdown does not end; were it to, 0:00 would close the question.
      'done.actor.timer': 'timeUp',
    },
    // At 0 the button appears; the practice ends when it is pressed.
    timeUp: { FINISH: { to: 'finished', effects: [['finish']] } },
  },
  assert: {
    // One countdown of the spec's 300 s, started with the screen and never restarted (not by the menu or the
    // question); the view hands over that very child.
    timing: (s, run) => {
      expect(run.invocations).toEqual([
        { id: 'timer', src: 'countdown', input: { clock: run.clock, durationMs: 300_000 } },
      ]);
      expect(fiveMinuteStartView(s as never).timer).toBe(s.children.timer);
    },
  },
  counts: { paths: 13, transitions: 16 },
});

// The body scan as two tables. Its zone timer is the helper's fake (`done.actor.zones`: the last zone ended), so
// «Пауза» and «Продолжить» sent to it are recorded by name (`pauseZones`, `resumeZones`); the real zone timer's
// answer to them is the sequences' below. The zones are the spec's: seven of 40 s, head to feet.
const SPEC_ZONES = ['head_face', 'neck_shoulders', 'arms_hands', 'chest_belly', 'back', 'pelvis_hips', 'legs_feet'].map(
  (id) => ({ id, durationMs: 40_000 }),
);
const toZones = { pauseZones: () => {}, resumeZones: () => {} };
const SCAN_NO = {
  START: false,
  'MENU.OPEN': false,
  'MENU.CLOSE': false,
  FINISH_EARLY: false,
  PAUSE: false,
  RESUME: false,
  STOP: false,
  'STOP.CONFIRM': false,
  'STOP.CANCEL': false,
};
const scanView = (status: string, over: object = {}) => ({
  status,
  menuOpen: false,
  paused: false,
  confirmingStop: false,
  zones: status === 'scanning' ? expect.anything() : undefined,
  ...over,
});
const finishScan: TransitionRow = { to: 'finished', effects: [['finish']] };
describeMachineTables(bodyScanMachine, {
  view: bodyScanView,
  inputFromClock: (clock) => ({ clock }),
  provide: { actions: toZones },
  states: {
    // How to sit and what to do, with «Начать»: nothing runs yet.
    intro: { view: scanView('intro'), can: { ...SCAN_NO, START: true } },
    'scanning.menuClosed': {
      view: scanView('scanning'),
      can: { ...SCAN_NO, 'MENU.OPEN': true, PAUSE: true, STOP: true },
      running: ['zones'],
    },
    'scanning.menuOpen': {
      view: scanView('scanning', { menuOpen: true }),
      can: { ...SCAN_NO, 'MENU.CLOSE': true, FINISH_EARLY: true },
      running: ['zones'],
    },
    'scanning.paused': {
      view: scanView('scanning', { paused: true }),
      can: { ...SCAN_NO, RESUME: true, STOP: true },
      running: ['zones'],
    },
    // «Завершить практику?» with the zone held.
    'scanning.confirming': {
      view: scanView('scanning', { paused: true, confirmingStop: true }),
      can: { ...SCAN_NO, 'STOP.CONFIRM': true, 'STOP.CANCEL': true },
      running: ['zones'],
    },
    finished: { view: scanView('finished'), can: SCAN_NO, status: 'done' },
  },
  transitions: {
    intro: {
      START: {
        to: 'scanning.menuClosed',
        invokes: [{ id: 'zones', src: 'zoneTimer', input: { clock: expect.anything(), zones: SPEC_ZONES } }],
      },
    },
    'scanning.menuClosed': {
      'MENU.OPEN': 'scanning.menuOpen',
      PAUSE: { to: 'scanning.paused', effects: [['pauseZones']] },
      STOP: { to: 'scanning.confirming', effects: [['pauseZones']] },
      // Completes by itself after the last zone.
      'done.actor.zones': finishScan,
    },
    'scanning.menuOpen': {
      'MENU.CLOSE': 'scanning.menuClosed',
      FINISH_EARLY: { to: 'scanning.confirming', effects: [['pauseZones']] },
      'done.actor.zones': finishScan,
    },
    'scanning.paused': {
      RESUME: { to: 'scanning.menuClosed', effects: [['resumeZones']] },
      // Already held: asked without a second pause.
      STOP: 'scanning.confirming',
      // A paused zone timer does not end; were it to, the scan would finish.
      'done.actor.zones': finishScan,
    },
    'scanning.confirming': {
      'STOP.CONFIRM': finishScan,
      'STOP.CANCEL': { to: 'scanning.menuClosed', effects: [['resumeZones']] },
      'done.actor.zones': finishScan,
    },
  },
  assert: {
    // The sheet reads the zone timer itself: the view hands over that very child.
    scanning: (s) => expect(bodyScanView(s as never).zones).toBe(s.children.zones),
  },
  counts: { paths: 10, transitions: 14 },
});

describe('five-minute start with its countdown', () => {
  it('runs 300 s of running time with a pause, shows 0:00 and «Завершить практику» at 0, finishes on the button', () => {
    const clock = new SimulatedClock();
    const finished: string[] = [];
    const actor = createActor(
      fiveMinuteStartMachine.provide({ actions: { finish: () => void finished.push('finish') } }),
      {
        clock,
        input: { clock },
      },
    ).start();
    const timer = () => fiveMinuteStartView(actor.getSnapshot()).timer as ActorRefFrom<typeof countdownMachine>;
    expect(countdownView(timer().getSnapshot())).toMatchObject({ status: 'idle', secondsLeft: 300 });
    actor.send({ type: 'START' });
    clock.set(120_000);
    expect(countdownView(timer().getSnapshot()).secondsLeft).toBe(180);
    actor.send({ type: 'PAUSE' });
    clock.set(150_000);
    expect(countdownView(timer().getSnapshot())).toMatchObject({ status: 'paused', secondsLeft: 180 });
    actor.send({ type: 'START' });
    clock.set(329_999);
    expect(fiveMinuteStartView(actor.getSnapshot()).status).toBe('timing');
    expect(countdownView(timer().getSnapshot()).secondsLeft).toBe(1);
    clock.set(330_000);
    expect(fiveMinuteStartView(actor.getSnapshot()).status).toBe('timeUp');
    expect(finished).toEqual([]); // at 0 the button appears; the practice ends when it is pressed
    actor.send({ type: 'FINISH' });
    expect(actor.getSnapshot().status).toBe('done');
    expect(finished).toEqual(['finish']);
  });

  it('«Завершить досрочно» asks «Завершить практику?» with the countdown held; «Продолжить» runs it on', () => {
    const clock = new SimulatedClock();
    const actor = createActor(fiveMinuteStartMachine, { clock, input: { clock } }).start();
    const timer = () => countdownView(fiveMinuteStartView(actor.getSnapshot()).timer!.getSnapshot());
    actor.send({ type: 'START' });
    clock.set(42_000);
    actor.send({ type: 'FINISH_EARLY' }); // ignored: the menu is closed
    expect(fiveMinuteStartView(actor.getSnapshot()).status).toBe('timing');
    actor.send({ type: 'MENU.OPEN' });
    actor.send({ type: 'FINISH_EARLY' });
    expect(fiveMinuteStartView(actor.getSnapshot())).toMatchObject({ status: 'timing', confirmingStop: true });
    expect(timer()).toMatchObject({ status: 'held', secondsLeft: 258 });
    clock.set(100_000); // the question waits; the time does not run
    expect(timer()).toMatchObject({ status: 'held', secondsLeft: 258 });
    actor.send({ type: 'STOP.CANCEL' });
    expect(timer()).toMatchObject({ status: 'running', secondsLeft: 258 });
    clock.set(101_000);
    expect(timer().secondsLeft).toBe(257);
    actor.send({ type: 'STOP' });
    actor.send({ type: 'STOP.CONFIRM' });
    expect(actor.getSnapshot().status).toBe('done');
  });

  it('a paused countdown stays paused after «Завершить» → «Продолжить»; one not started stays unstarted', () => {
    const clock = new SimulatedClock();
    const actor = createActor(fiveMinuteStartMachine, { clock, input: { clock } }).start();
    const timer = () => countdownView(fiveMinuteStartView(actor.getSnapshot()).timer!.getSnapshot());
    actor.send({ type: 'STOP' });
    actor.send({ type: 'STOP.CANCEL' });
    expect(timer()).toMatchObject({ status: 'idle', secondsLeft: 300 });
    actor.send({ type: 'START' });
    clock.set(10_000);
    actor.send({ type: 'PAUSE' });
    actor.send({ type: 'STOP' });
    actor.send({ type: 'STOP.CANCEL' });
    clock.set(20_000);
    expect(timer()).toMatchObject({ status: 'paused', secondsLeft: 290 });
  });
});

describe('body scan with its zone timer', () => {
  it('starts on «Начать», moves zone every 40 s with a haptic tick, and finishes by itself at 280 s', () => {
    const clock = new SimulatedClock();
    const events: string[] = [];
    const actor = createActor(
      bodyScanMachine.provide({
        actors: {
          zoneTimer: zoneTimerMachine.provide({ actions: { haptic: () => void events.push(`tick@${clock.now()}`) } }),
        },
        actions: { finish: () => void events.push(`finish@${clock.now()}`) },
      }),
      { clock, input: { clock } },
    ).start();
    clock.set(30_000); // nothing runs before «Начать»
    expect(bodyScanView(actor.getSnapshot()).status).toBe('intro');
    actor.send({ type: 'START' });
    const zone = () => zoneTimerView(bodyScanView(actor.getSnapshot()).zones!.getSnapshot());
    expect(zone()).toMatchObject({ zone: 'head_face', number: 1, count: 7, secondsLeft: 40 });
    clock.set(30_000 + 39_999);
    expect(zone()).toMatchObject({ zone: 'head_face', secondsLeft: 1 });
    clock.set(30_000 + 40_000);
    expect(zone()).toMatchObject({ zone: 'neck_shoulders', number: 2, secondsLeft: 40 });
    for (let t = 71_000; t <= 30_000 + 6 * 40_000 + 15_000; t += 1000) clock.set(t); // a live clock, second by second
    expect(zone()).toMatchObject({ zone: 'legs_feet', number: 7, secondsLeft: 25 });
    clock.set(30_000 + 280_000);
    expect(bodyScanView(actor.getSnapshot()).status).toBe('finished');
    expect(events).toEqual([1, 2, 3, 4, 5, 6].map((n) => `tick@${30_000 + n * 40_000}`).concat('finish@310000'));
  });

  it('«Пауза» holds the zone and its seconds; «Продолжить» goes on from there; «Завершить» asks first', () => {
    const clock = new SimulatedClock();
    const finished: string[] = [];
    const actor = createActor(bodyScanMachine.provide({ actions: { finish: () => void finished.push('finish') } }), {
      clock,
      input: { clock },
    }).start();
    actor.send({ type: 'START' });
    const zone = () => zoneTimerView(bodyScanView(actor.getSnapshot()).zones!.getSnapshot());
    clock.set(25_500);
    actor.send({ type: 'PAUSE' });
    expect(bodyScanView(actor.getSnapshot())).toMatchObject({ paused: true, confirmingStop: false });
    expect(zone()).toMatchObject({ zone: 'head_face', secondsLeft: 15 });
    clock.set(600_000); // ten minutes on pause: still the first zone
    expect(zone()).toMatchObject({ zone: 'head_face', secondsLeft: 15 });
    actor.send({ type: 'RESUME' });
    clock.set(600_000 + 14_499);
    expect(zone()).toMatchObject({ zone: 'head_face', secondsLeft: 1 });
    clock.set(600_000 + 14_500);
    expect(zone()).toMatchObject({ zone: 'neck_shoulders', secondsLeft: 40 });
    actor.send({ type: 'STOP' });
    expect(bodyScanView(actor.getSnapshot())).toMatchObject({ paused: true, confirmingStop: true });
    clock.set(700_000);
    actor.send({ type: 'STOP.CANCEL' });
    expect(zone()).toMatchObject({ zone: 'neck_shoulders', secondsLeft: 40 });
    actor.send({ type: 'STOP' });
    actor.send({ type: 'STOP.CONFIRM' });
    expect(actor.getSnapshot().status).toBe('done');
    expect(finished).toEqual(['finish']);
  });
});
