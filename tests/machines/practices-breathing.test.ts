// Generated paths of the breathing machine for each of the three rhythms, on a simulated clock: every phase
// starts and ends on its schedule to the millisecond, the countdown and progress follow the clock, a haptic tick
// marks every phase change, cycle-complete fires at every cycle end but the last. Plus a sleeping phone, which
// wakes with one tick, not one per missed phase.
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
    describeMachinePaths(breathingMachine, {
      inputFromClock: (clock) => ({ config, clock }),
      provide: recorded,
      serializeState: (s) => JSON.stringify([s.value, s.context.cycle]),
      unreachable: hasPause(config) ? [] : ['running.phase.pause'],
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
        },
        finished: (s, run) => {
          expect(run.clock.now()).toBe(cycleSeconds(config) * config.totalCycles * 1000);
          expect(breathingView(s)).toMatchObject({ status: 'finished', phase: null, progress: 1 });
          expect(count('haptic:select')).toBe(totalPhases(config));
          expect(count('cycleComplete')).toBe(config.totalCycles - 1);
          expect(effects.at(-1)).toBe('finish');
          expect(count('finish')).toBe(1);
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
