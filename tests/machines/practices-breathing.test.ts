// Generated paths of the breathing machine for each of the three rhythms, on a simulated clock: every phase
// starts and ends on its schedule to the millisecond, the countdown and progress follow the clock, a haptic tick
// marks every phase change, cycle-complete fires at every cycle end but the last. Plus a sleeping phone, which
// wakes with one tick, not one per missed phase. Pause holds the phase and its seconds; «Завершить» asks first,
// and confirmed, finishes with the phases done so far.
import { describe, expect, it } from 'vitest';
import { SimulatedClock, createActor } from 'xstate';
import {
  BREATHING_CONFIGS,
  cycleSeconds,
  hasPause,
  phaseSeconds,
  phasesOf,
  totalPhases,
  type BreathingConfig,
  type BreathingPhase,
} from '../../machines/practices/breathing-configs';
import { breathingMachine, breathingView } from '../../machines/practices/breathing.machine';
import { branchCounter } from '../support/machine-tables';
import { describeMachinePaths } from '../support/path-tests';

/** Where phase `phase` of cycle `cycle` (1-based) starts, in ms from «Начать». */
function scheduledStart(config: BreathingConfig, cycle: number, phase: BreathingPhase): number {
  const phases = phasesOf(config);
  const before = phases.slice(0, phases.indexOf(phase)).reduce((sum, p) => sum + phaseSeconds(config, p), 0);
  return ((cycle - 1) * cycleSeconds(config) + before) * 1000;
}

/** Effects of the current path run, recorded by the provided actions. */
let effects: string[] = [];
const recorded = () => {
  effects = [];
  return {
    actions: {
      haptic: (_: unknown, p: { kind: string }) => void effects.push(`haptic:${p.kind}`),
      cycleComplete: () => void effects.push('cycleComplete'),
      finish: () => void effects.push('finish'),
    },
  };
};
const count = (name: string) => effects.filter((e) => e === name).length;

for (const [id, config] of Object.entries(BREATHING_CONFIGS) as Array<[string, BreathingConfig]>) {
  describe(id, () => {
    const phases = phasesOf(config);
    const ended = branchCounter('all cycles', 'stopped on purpose');
    describeMachinePaths(breathingMachine, {
      inputFromClock: (clock) => ({ config, clock }),
      provide: recorded,
      serializeState: (s) => JSON.stringify([s.value, s.context.cycle]),
      // `resumed` is the phase region's history: a pseudo-state the actor passes through, never stays in.
      unreachable: ['running.playing.phase.resumed', ...(hasPause(config) ? [] : ['running.playing.phase.pause'])],
      assert: {
        ready: (s) => {
          expect(breathingView(s)).toMatchObject({ status: 'ready', phase: null, progress: 0, cycle: 1 });
          expect(effects).toEqual([]);
        },
        running: (s, run) => {
          const v = breathingView(s);
          const now = run.clock.now();
          const start = scheduledStart(config, v.cycle, v.phase!);
          const end = start + phaseSeconds(config, v.phase!) * 1000;
          // The phase is the one the schedule says, and the countdown shows the true seconds left.
          expect(s.context.phaseStartedAt).toBe(start);
          expect(s.context.phaseEndsAt).toBe(end);
          expect(now).toBeGreaterThanOrEqual(start);
          expect(now).toBeLessThan(end);
          expect(v.secondsLeft).toBe(Math.ceil((end - now) / 1000));
          expect(v.phaseProgress).toBeCloseTo((now - start) / (end - start), 10);
          const done = (v.cycle - 1) * phases.length + phases.indexOf(v.phase!);
          expect(v.progress).toBeCloseTo(done / (phases.length * config.totalCycles), 10);
          expect(v.totalCycles).toBe(config.totalCycles);
          expect(v.strip).toEqual(phases.map((p) => ({ phase: p, seconds: phaseSeconds(config, p) })));
          // One haptic tick per phase entered; one cycle-complete per cycle ended before this one.
          expect(count('haptic:select')).toBe(done + 1);
          expect(count('cycleComplete')).toBe(v.cycle - 1);
          expect(count('finish')).toBe(0);
          expect(s.can({ type: 'START' })).toBe(false);
        },
        'running.playing': (s) => {
          expect(breathingView(s)).toMatchObject({ paused: false, confirmingStop: false });
          expect([s.can({ type: 'PAUSE' }), s.can({ type: 'STOP' }), s.can({ type: 'RESUME' })]).toEqual([
            true,
            true,
            false,
          ]);
        },
        'running.paused': (s, run) => {
          // The clock stands where «Пауза» was pressed; «Продолжить» and «Завершить» are offered.
          expect(run.events.at(-1)!.type).toBe('PAUSE');
          expect(s.context.now).toBe(run.clock.now());
          expect(breathingView(s)).toMatchObject({ paused: true, confirmingStop: false });
          expect([s.can({ type: 'PAUSE' }), s.can({ type: 'STOP' }), s.can({ type: 'RESUME' })]).toEqual([
            false,
            true,
            true,
          ]);
        },
        'running.confirming': (s) => {
          // «Завершить практику?»: held like a pause, answered by «Завершить» or «Продолжить» only.
          expect(breathingView(s)).toMatchObject({ paused: true, confirmingStop: true });
          expect(s.can({ type: 'STOP.CONFIRM' })).toBe(true);
          expect(s.can({ type: 'STOP.CANCEL' })).toBe(true);
          expect([s.can({ type: 'PAUSE' }), s.can({ type: 'RESUME' }), s.can({ type: 'STOP' })]).toEqual([
            false,
            false,
            false,
          ]);
        },
        finished: (s, run) => {
          expect(effects.at(-1)).toBe('finish');
          expect(count('finish')).toBe(1);
          expect(breathingView(s)).toMatchObject({ status: 'finished', phase: null });
          const stopped = run.events.at(-1)!.type === 'STOP.CONFIRM';
          ended(stopped ? 'stopped on purpose' : 'all cycles');
          // Stopped on purpose: the phases before the one that was on are done, the clock stopped inside that one.
          const { cycle, phase } = s.context;
          const done = stopped ? (cycle - 1) * phases.length + phases.indexOf(phase) : totalPhases(config);
          const end = stopped
            ? scheduledStart(config, cycle, phase) + phaseSeconds(config, phase) * 1000
            : cycleSeconds(config) * config.totalCycles * 1000;
          expect(s.context.phasesDone).toBe(done);
          expect(breathingView(s).progress).toBe(done / totalPhases(config));
          expect(run.clock.now()).toBeLessThanOrEqual(end);
          expect(run.clock.now() < end).toBe(stopped);
          expect(count('haptic:select')).toBe(stopped ? done + 1 : totalPhases(config));
        },
      },
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

  it('waking in a cycle’s first inhale gives its tick and one cycle tap, however many cycles were missed', () => {
    const { actor, effects } = sleepUntil(49_000);
    expect(breathingView(actor.getSnapshot())).toMatchObject({ phase: 'inhale', cycle: 4 });
    expect(effects).toEqual(['haptic', 'cycle']);
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
    clock.set(5500); // hold, 2.5 s left (shows 3)
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
    actor.send({ type: 'STOP' });
    expect(shown()).toMatchObject({ phase: 'inhale', secondsLeft: 3, paused: true, confirmingStop: true });
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
