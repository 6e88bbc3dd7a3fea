// Generated paths of the timing machines — the generic countdown, the zone timer, five-minute start and the body
// scan — on a simulated clock, plus the timing rules to the second: a paused countdown keeps its time, five
// minutes end at exactly 300 s of running, the body scan moves zone every 40 s and finishes at 280 s. «Пауза»
// holds a zone to the millisecond; «Завершить» asks «Завершить практику?» with the clock held, and «Продолжить»
// lets it run on from the same point.
import { describe, expect, it } from 'vitest';
import { SimulatedClock, createActor, type ActorRefFrom } from 'xstate';
import { BODY_SCAN_ZONES, bodyScanMachine, bodyScanView } from '../../machines/practices/body-scan.machine';
import { countdownMachine, countdownView } from '../../machines/practices/countdown.machine';
import {
  FIVE_MINUTES_MS,
  fiveMinuteStartMachine,
  fiveMinuteStartView,
} from '../../machines/practices/five-minute-start.machine';
import { zoneTimerMachine, zoneTimerView } from '../../machines/practices/zone-timer.machine';
import { describeMachinePaths } from '../support/path-tests';

let effects: string[] = [];
const recorded = () => {
  effects = [];
  return {
    actions: {
      finish: () => void effects.push('finish'),
      haptic: (_: unknown, p: { kind: string }) => void effects.push(`haptic:${p.kind}`),
    },
  };
};

describeMachinePaths(countdownMachine, {
  inputFromClock: (clock) => ({ clock, durationMs: FIVE_MINUTES_MS }),
  assert: {
    idle: (s) => expect(countdownView(s)).toEqual({ status: 'idle', secondsLeft: 300, progress: 0 }),
    running: (s, run) => {
      const now = run.clock.now();
      // The machine has looked at the clock now (START or a second boundary), and shows the true time left.
      expect(s.context.now).toBe(now);
      expect(countdownView(s).secondsLeft).toBe(Math.ceil((s.context.endsAt - now) / 1000));
      expect(s.context.endsAt - now).toBeGreaterThan(0);
      expect(s.context.endsAt - now).toBeLessThanOrEqual(FIVE_MINUTES_MS);
    },
    paused: (s, run) => {
      // Paused where the deadline was (paths never wait while paused): what was left is kept, to the millisecond.
      expect(s.context.remainingMs).toBe(s.context.endsAt - run.clock.now());
      expect(countdownView(s)).toMatchObject({
        status: 'paused',
        secondsLeft: Math.ceil(s.context.remainingMs / 1000),
      });
      expect(s.can({ type: 'PAUSE' })).toBe(false);
      expect(s.can({ type: 'RELEASE' })).toBe(false);
    },
    held: (s, run) => {
      // Held by its owner's question: the time left is kept; only RELEASE runs it on.
      expect(run.events.at(-1)).toEqual({ type: 'HOLD' });
      expect(s.context.remainingMs).toBe(s.context.endsAt - run.clock.now());
      expect(countdownView(s)).toMatchObject({ status: 'held', secondsLeft: Math.ceil(s.context.remainingMs / 1000) });
      expect([s.can({ type: 'START' }), s.can({ type: 'PAUSE' }), s.can({ type: 'RELEASE' })]).toEqual([
        false,
        false,
        true,
      ]);
    },
    done: (s, run) => {
      expect(countdownView(s)).toEqual({ status: 'done', secondsLeft: 0, progress: 1 });
      // Paths never wait while paused or idle, so the countdown ran exactly its duration since its last start.
      expect(run.clock.now() % FIVE_MINUTES_MS).toBe(0);
      expect(run.clock.now()).toBeGreaterThan(0);
    },
  },
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
});

const threeZones = [
  { id: 'a', durationMs: 3000 },
  { id: 'b', durationMs: 2000 },
  { id: 'c', durationMs: 4000 },
];

describeMachinePaths(zoneTimerMachine, {
  inputFromClock: (clock) => ({ clock, zones: threeZones }),
  provide: recorded,
  serializeState: (s) => JSON.stringify([s.value, s.context.index]),
  assert: {
    running: (s, run) => {
      const v = zoneTimerView(s);
      const start = threeZones.slice(0, s.context.index).reduce((sum, z) => sum + z.durationMs, 0);
      const end = start + threeZones[s.context.index]!.durationMs;
      expect(s.context.zoneStartedAt).toBe(start);
      expect(s.context.zoneEndsAt).toBe(end);
      expect(run.clock.now()).toBeGreaterThanOrEqual(start);
      expect(run.clock.now()).toBeLessThan(end);
      expect(v).toMatchObject({
        done: false,
        zone: threeZones[s.context.index]!.id,
        number: s.context.index + 1,
        count: 3,
      });
      expect(v.secondsLeft).toBe(Math.ceil((end - run.clock.now()) / 1000));
      expect(v.progress).toBeCloseTo(run.clock.now() / 9000, 10);
      // A gentle tick at every zone change after the first.
      expect(effects).toEqual(Array(s.context.index).fill('haptic:select'));
      expect(s.can({ type: 'PAUSE' })).toBe(true);
      expect(s.can({ type: 'RESUME' })).toBe(false);
    },
    paused: (s, run) => {
      // Paused where the clock was (paths never wait while paused): the zone, its seconds and progress stand.
      expect(run.events.at(-1)).toEqual({ type: 'PAUSE' });
      expect(s.context.now).toBe(run.clock.now());
      const v = zoneTimerView(s);
      expect(v).toMatchObject({ done: false, zone: threeZones[s.context.index]!.id });
      expect(v.secondsLeft).toBe(Math.ceil((s.context.zoneEndsAt - run.clock.now()) / 1000));
      expect([s.can({ type: 'PAUSE' }), s.can({ type: 'RESUME' })]).toEqual([false, true]);
    },
    done: (s, run) => {
      expect(run.clock.now()).toBe(9000);
      expect(s.output).toEqual({ zonesDone: 3 });
      expect(zoneTimerView(s)).toMatchObject({ done: true, secondsLeft: 0, progress: 1 });
    },
  },
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
});

describeMachinePaths(fiveMinuteStartMachine, {
  inputFromClock: (clock) => ({ clock }),
  provide: recorded,
  assert: {
    timing: (s, run) => {
      expect(run.invocations.at(-1)).toMatchObject({ id: 'timer', src: 'countdown', input: { durationMs: 300_000 } });
      expect(fiveMinuteStartView(s)).toMatchObject({
        status: 'timing',
        menuOpen: s.matches({ timing: 'menuOpen' }),
        confirmingStop: s.matches({ timing: 'confirming' }),
      });
      expect(s.can({ type: 'STOP' })).toBe(s.matches({ timing: 'menuClosed' }));
      expect(s.can({ type: 'FINISH_EARLY' })).toBe(s.matches({ timing: 'menuOpen' }));
      expect(s.can({ type: 'FINISH' })).toBe(false);
      expect(effects).toEqual([]);
    },
    timeUp: (s) => {
      expect(fiveMinuteStartView(s)).toMatchObject({ status: 'timeUp', timer: undefined });
      expect(s.can({ type: 'FINISH' })).toBe(true);
      expect(effects).toEqual([]);
    },
    'timing.confirming': (s, run) => {
      // Asked by «Завершить» or the menu's «Завершить досрочно»; only the answer is offered (the countdown's
      // «Пауза» / «Продолжить» under the question change nothing).
      const asked = run.events.filter((e) => e.type !== 'START' && e.type !== 'PAUSE').at(-1)!;
      expect(['STOP', 'FINISH_EARLY']).toContain(asked.type);
      expect([s.can({ type: 'START' }), s.can({ type: 'PAUSE' })]).toEqual([false, false]);
      expect([s.can({ type: 'STOP.CONFIRM' }), s.can({ type: 'STOP.CANCEL' }), s.can({ type: 'MENU.OPEN' })]).toEqual([
        true,
        true,
        false,
      ]);
    },
    finished: (_, run) => {
      expect(effects).toEqual(['finish']);
      expect(['STOP.CONFIRM', 'FINISH']).toContain(run.events.at(-1)!.type);
    },
  },
});

describeMachinePaths(bodyScanMachine, {
  inputFromClock: (clock) => ({ clock }),
  provide: recorded,
  assert: {
    intro: (s) => {
      expect(bodyScanView(s)).toMatchObject({ status: 'intro', zones: undefined });
      expect(s.can({ type: 'MENU.OPEN' })).toBe(false);
    },
    scanning: (s, run) => {
      const zoneTimer = run.invocations.at(-1)!;
      expect(zoneTimer).toMatchObject({ id: 'zones', src: 'zoneTimer' });
      expect((zoneTimer.input as { zones: unknown }).zones).toEqual(BODY_SCAN_ZONES);
      expect(s.can({ type: 'FINISH_EARLY' })).toBe(s.matches({ scanning: 'menuOpen' }));
      expect(effects).toEqual([]);
      const v = bodyScanView(s);
      expect(v.paused).toBe(s.matches({ scanning: 'paused' }) || s.matches({ scanning: 'confirming' }));
      expect(v.confirmingStop).toBe(s.matches({ scanning: 'confirming' }));
    },
    'scanning.menuClosed': (s) =>
      expect([s.can({ type: 'PAUSE' }), s.can({ type: 'STOP' }), s.can({ type: 'RESUME' })]).toEqual([
        true,
        true,
        false,
      ]),
    'scanning.paused': (s) =>
      expect([s.can({ type: 'PAUSE' }), s.can({ type: 'STOP' }), s.can({ type: 'RESUME' })]).toEqual([
        false,
        true,
        true,
      ]),
    'scanning.confirming': (s, run) => {
      expect(['STOP', 'FINISH_EARLY']).toContain(run.events.at(-1)!.type);
      expect([s.can({ type: 'STOP.CONFIRM' }), s.can({ type: 'STOP.CANCEL' }), s.can({ type: 'RESUME' })]).toEqual([
        true,
        true,
        false,
      ]);
    },
    finished: () => expect(effects).toEqual(['finish']),
  },
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
