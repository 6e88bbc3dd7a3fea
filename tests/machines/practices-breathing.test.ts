// The breathing machine as two tables for each of the three rhythms, on a simulated clock: every phase ends after
// exactly its seconds, a second's tick moves the countdown by one, a haptic tick marks every phase entered,
// cycle-complete every cycle end but the last, «Пауза» and «Завершить практику?» hold the phase, and «Завершить»
// finishes with the phases done so far. Plus by hand: a sleeping phone wakes with one tick, not one per missed
// phase; a minute on pause changes nothing shown.
import { describe, expect, it } from 'vitest';
import { SimulatedClock, createActor, type AnyMachineSnapshot } from 'xstate';
import {
  BREATHING_CONFIGS,
  type BreathingConfig,
  type BreathingPhase,
} from '../../machines/practices/breathing-configs';
import { breathingMachine, breathingView, type BreathingContext } from '../../machines/practices/breathing.machine';
import { SECOND_MS } from '../../machines/practices/timing';
import { describeMachineTables, type StateRow, type TransitionRow } from '../support/machine-tables';

// The rhythms as the spec gives them: 4-7-8 × 4, triangle 3-3-3 × 6, box 4-4-4 with a pause of 4, × 5.
const RHYTHMS: Record<keyof typeof BREATHING_CONFIGS, { phases: Array<[BreathingPhase, number]>; cycles: number }> = {
  breathing_478: {
    phases: [
      ['inhale', 4],
      ['hold', 7],
      ['exhale', 8],
    ],
    cycles: 4,
  },
  triangle_breathing: {
    phases: [
      ['inhale', 3],
      ['hold', 3],
      ['exhale', 3],
    ],
    cycles: 6,
  },
  box_breathing: {
    phases: [
      ['inhale', 4],
      ['hold', 4],
      ['exhale', 4],
      ['pause', 4],
    ],
    cycles: 5,
  },
};
// Pinned per rhythm: a lost or added path is a visible diff.
const COUNTS = {
  breathing_478: { paths: 61, transitions: 97 },
  triangle_breathing: { paths: 91, transitions: 145 },
  box_breathing: { paths: 101, transitions: 161 },
};

/** `playing 2.hold`, `paused 2.hold`, `playing 2.hold ticked` (a second into it), `finished 2.hold 4`. */
const breathingKey = (s: AnyMachineSnapshot) => {
  const c = s.context as BreathingContext;
  if (s.matches('ready')) return 'ready';
  const at = `${c.cycle}.${c.phase}`;
  if (s.matches('finished')) return `finished ${at} ${c.phasesDone}`;
  const where = s.matches({ running: 'paused' })
    ? 'paused'
    : s.matches({ running: 'confirming' })
      ? 'confirming'
      : 'playing';
  return `${where} ${at}${c.now > c.phaseStartedAt ? ' ticked' : ''}`;
};

const CAN = { START: false, PAUSE: false, RESUME: false, STOP: false, 'STOP.CONFIRM': false, 'STOP.CANCEL': false };
const select = ['haptic', { kind: 'select' }] as const;

for (const [id, config] of Object.entries(BREATHING_CONFIGS) as Array<[keyof typeof RHYTHMS, BreathingConfig]>) {
  const { phases, cycles } = RHYTHMS[id];
  const total = phases.length * cycles;
  const strip = phases.map(([phase, seconds]) => ({ phase, seconds }));
  const cycleMs = phases.reduce((sum, [, seconds]) => sum + seconds, 0) * SECOND_MS;
  /** Where phase i of cycle c starts, in ms from «Начать». */
  const startOf = (c: number, i: number) =>
    (c - 1) * cycleMs + phases.slice(0, i).reduce((sum, [, seconds]) => sum + seconds, 0) * SECOND_MS;
  const base = { status: 'running', paused: false, confirmingStop: false, totalCycles: cycles, strip };

  const states: Record<string, StateRow> = {
    ready: {
      view: {
        ...base,
        status: 'ready',
        phase: null,
        cycle: 1,
        secondsLeft: 0,
        phaseSeconds: 0,
        phaseProgress: 0,
        progress: 0,
      },
      can: { ...CAN, START: true },
    },
  };
  const transitions: Record<string, Record<string, string | TransitionRow>> = {
    ready: { START: { to: 'playing 1.inhale', effects: [[...select]] } },
  };
  const finished = (c: number, phase: BreathingPhase, done: number) => {
    const key = `finished ${c}.${phase} ${done}`;
    states[key] = {
      view: {
        ...base,
        status: 'finished',
        phase: null,
        cycle: c,
        secondsLeft: 0,
        phaseSeconds: 0,
        phaseProgress: 0,
        progress: done / total,
      },
      can: CAN,
      status: 'done',
      context: { phasesDone: done },
    };
    return key;
  };
  for (let c = 1; c <= cycles; c++) {
    phases.forEach(([phase, seconds], i) => {
      const at = `${c}.${phase}`;
      const done = (c - 1) * phases.length + i;
      const start = startOf(c, i);
      const end = start + seconds * SECOND_MS;
      const shown = (over: object) => ({
        ...base,
        phase,
        cycle: c,
        secondsLeft: seconds,
        phaseSeconds: seconds,
        phaseProgress: 0,
        progress: done / total,
        ...over,
      });
      // The phase is where the schedule says, to the millisecond.
      const schedule = { phaseStartedAt: start, phaseEndsAt: end, phasesDone: done, now: start };
      states[`playing ${at}`] = { view: shown({}), can: { ...CAN, PAUSE: true, STOP: true }, context: schedule };
      states[`playing ${at} ticked`] = {
        view: shown({ secondsLeft: seconds - 1, phaseProgress: 1 / seconds }),
        can: { ...CAN, PAUSE: true, STOP: true },
        context: { ...schedule, now: start + SECOND_MS },
      };
      states[`paused ${at}`] = {
        view: shown({ paused: true }),
        can: { ...CAN, RESUME: true, STOP: true },
        context: schedule,
      };
      states[`confirming ${at}`] = {
        view: shown({ paused: true, confirmingStop: true }),
        can: { ...CAN, 'STOP.CONFIRM': true, 'STOP.CANCEL': true },
        context: schedule,
      };
      const last = i === phases.length - 1;
      const next: TransitionRow = !last
        ? { to: `playing ${c}.${phases[i + 1]![0]}`, effects: [[...select]], after: seconds * SECOND_MS }
        : c < cycles
          ? { to: `playing ${c + 1}.inhale`, effects: [[...select], ['cycleComplete']], after: seconds * SECOND_MS }
          : { to: finished(c, phase, total), effects: [['finish']], after: seconds * SECOND_MS };
      transitions[`playing ${at}`] = {
        [`after.phaseEnd.breathing.running.playing.phase.${phase}`]: next,
        'after.tick.breathing.running.playing.clock.ticking': { to: `playing ${at} ticked`, after: SECOND_MS },
        PAUSE: `paused ${at}`,
        STOP: `confirming ${at}`,
      };
      transitions[`paused ${at}`] = { RESUME: `playing ${at}`, STOP: `confirming ${at}` };
      transitions[`confirming ${at}`] = {
        'STOP.CONFIRM': { to: finished(c, phase, done), effects: [['finish']] },
        'STOP.CANCEL': `playing ${at}`,
      };
    });
  }

  describe(id, () => {
    describeMachineTables(breathingMachine, {
      inputFromClock: (clock) => ({ config, clock }),
      view: breathingView,
      key: breathingKey,
      states,
      transitions,
      // The rhythm is fixed per table: box breathing always has its pause, the others never.
      guardSides: { hasPause: 'one rhythm per table: with a pause (box) or without (4-7-8, triangle)' },
      // `resumed` is the phase region's history: a pseudo-state the actor passes through, never stays in.
      unreachable: ['running.playing.phase.resumed', ...(phases.length === 4 ? [] : ['running.playing.phase.pause'])],
      counts: COUNTS[id],
    });
  });
}

describe('breathing after the phone slept', () => {
  /** Box breathing (16 s cycles) started at 0, asleep from 1 s until `wake`: the effects of waking alone. */
  function sleepUntil(wake: number) {
    const clock = new SimulatedClock();
    const effects: string[] = [];
    const actor = createActor(
      breathingMachine.provide({
        actions: { haptic: () => void effects.push('haptic'), cycleComplete: () => void effects.push('cycle') },
      }),
      { input: { config: BREATHING_CONFIGS.box_breathing, clock }, clock },
    ).start();
    actor.send({ type: 'START' });
    clock.set(1000);
    effects.length = 0;
    // No timer fires in between; on waking every due timer fires once, late.
    clock.set(wake);
    return { actor, clock, effects };
  }

  it('wakes in the phase and second the schedule says, catching up the missed phases in silence', () => {
    const { actor, clock, effects } = sleepUntil(37_500);
    const v = breathingView(actor.getSnapshot());
    // 37.5 s into 16 s cycles: cycle 3, 5.5 s in → hold, 2.5 s left (shows 3).
    expect(v).toMatchObject({ status: 'running', phase: 'hold', cycle: 3, secondsLeft: 3 });
    expect(v.progress).toBeCloseTo(9 / 20, 10);
    // Eight phases and two cycle ends were missed: one tick for the phase on now, no burst, no cycle tap.
    expect(effects).toEqual(['haptic']);
    clock.set(38_000);
    expect(breathingView(actor.getSnapshot()).secondsLeft).toBe(2);
    clock.set(40_000);
    expect(breathingView(actor.getSnapshot()).phase).toBe('exhale');
    expect(effects).toEqual(['haptic', 'haptic']);
    actor.stop();
  });

  it('waking exactly as a phase ends: silence for it, one tick for the phase that begins', () => {
    // 8 s: the hold (4–8 s) ends as the phone wakes; the exhale begins.
    const { actor, effects } = sleepUntil(8000);
    expect(breathingView(actor.getSnapshot())).toMatchObject({ phase: 'exhale', cycle: 1, secondsLeft: 4 });
    expect(effects).toEqual(['haptic']);
    actor.stop();
  });

  it('waking in a cycle’s first inhale gives its tick and one cycle tap, however many cycles were missed', () => {
    const { actor, effects } = sleepUntil(49_000);
    expect(breathingView(actor.getSnapshot())).toMatchObject({ phase: 'inhale', cycle: 4 });
    expect(effects).toEqual(['haptic', 'cycle']);
    actor.stop();
  });
});

describe('breathing started a while after the screen opened', () => {
  it('the schedule starts at «Начать», not when the screen opened', () => {
    const clock = new SimulatedClock();
    const actor = createActor(breathingMachine, {
      input: { config: BREATHING_CONFIGS.box_breathing, clock },
      clock,
    }).start();
    clock.set(5000); // reading «Приготовьтесь к практике»
    actor.send({ type: 'START' });
    expect(breathingView(actor.getSnapshot())).toMatchObject({ phase: 'inhale', secondsLeft: 4, phaseProgress: 0 });
    clock.set(8999);
    expect(breathingView(actor.getSnapshot())).toMatchObject({ phase: 'inhale', secondsLeft: 1 });
    clock.set(9000);
    expect(breathingView(actor.getSnapshot())).toMatchObject({ phase: 'hold', secondsLeft: 4, progress: 1 / 20 });
    actor.stop();
  });
});

describe('breathing paused and resumed', () => {
  it('a minute on pause changes nothing shown; resumed, the phase goes on from the second it stopped at', () => {
    const clock = new SimulatedClock();
    const effects: string[] = [];
    const actor = createActor(breathingMachine.provide({ actions: { haptic: () => void effects.push('haptic') } }), {
      input: { config: BREATHING_CONFIGS.box_breathing, clock },
      clock,
    }).start();
    const shown = () => breathingView(actor.getSnapshot());
    actor.send({ type: 'START' });
    clock.set(5000);
    clock.set(5500); // hold, 2.5 s left (shows 3); no timer fires between 5 s and 5.5 s
    actor.send({ type: 'PAUSE' });
    const atPause = shown();
    expect(atPause).toMatchObject({ phase: 'hold', secondsLeft: 3, paused: true, phaseProgress: 0.375 });
    clock.set(65_500);
    expect(shown()).toEqual(atPause);
    expect(effects).toEqual(['haptic', 'haptic']); // inhale and hold; nothing while paused
    actor.send({ type: 'RESUME' });
    expect(shown()).toMatchObject({ phase: 'hold', secondsLeft: 3, paused: false, phaseProgress: 0.375 });
    clock.set(67_999);
    expect(shown()).toMatchObject({ phase: 'hold', secondsLeft: 1 });
    clock.set(68_000); // 2.5 s of hold after resuming
    expect(shown()).toMatchObject({ phase: 'exhale', secondsLeft: 4, cycle: 1 });
    expect(effects).toEqual(['haptic', 'haptic', 'haptic']);
    actor.stop();
  });

  it('«Завершить практику?» holds the clock; «Продолжить» goes on, «Завершить» finishes at once', () => {
    const clock = new SimulatedClock();
    const finished: string[] = [];
    const actor = createActor(breathingMachine.provide({ actions: { finish: () => void finished.push('finish') } }), {
      input: { config: BREATHING_CONFIGS.breathing_478, clock },
      clock,
    }).start();
    const shown = () => breathingView(actor.getSnapshot());
    actor.send({ type: 'START' });
    clock.set(1000);
    clock.set(1500); // no timer fires between 1 s and 1.5 s: «Завершить» itself reads the clock
    actor.send({ type: 'STOP' });
    expect(shown()).toMatchObject({
      phase: 'inhale',
      secondsLeft: 3,
      phaseProgress: 0.375,
      paused: true,
      confirmingStop: true,
    });
    clock.set(30_000);
    actor.send({ type: 'STOP.CANCEL' });
    expect(shown()).toMatchObject({ phase: 'inhale', secondsLeft: 3, paused: false, confirmingStop: false });
    clock.set(33_000); // the inhale's 3 s left, then the hold of 7
    expect(shown()).toMatchObject({ phase: 'hold', secondsLeft: 7 });
    actor.send({ type: 'STOP' });
    actor.send({ type: 'STOP.CONFIRM' });
    expect(actor.getSnapshot().status).toBe('done');
    expect(finished).toEqual(['finish']);
  });
});
