// A zone timer: steps through zones in order, each for its own duration, and finishes after the last. It starts
// when created and keeps a schedule of absolute deadlines, so after a sleep it is in the zone it should be in.
// PAUSE stops it where it is; RESUME moves the schedule on by the time paused.
import { assign, enqueueActions, setup, type SnapshotFrom } from 'xstate';
import { stubAction, type HapticParams } from '../effects';
import { spanProgress, untilDeadline, untilNextSecond, wholeSecondsLeft, type Clock } from './timing';

export interface Zone {
  /** The view's key for the zone's words. */
  id: string;
  durationMs: number;
}

export interface ZoneTimerInput {
  zones: readonly Zone[];
  clock: Clock;
}

export interface ZoneTimerContext extends ZoneTimerInput {
  /** The zone being timed (0-based). */
  index: number;
  /** Scheduled start and end of that zone (clock ms). */
  zoneStartedAt: number;
  zoneEndsAt: number;
  /** The clock when the machine last looked. */
  now: number;
}

export const zoneTimerMachine = setup({
  types: {
    context: {} as ZoneTimerContext,
    input: {} as ZoneTimerInput,
    output: {} as { zonesDone: number },
    events: {} as { type: 'PAUSE' } | { type: 'RESUME' },
  },
  actions: {
    haptic: stubAction<HapticParams>(),
    /** The next zone starts where the previous one was scheduled to end. */
    nextZone: assign(({ context }) => ({
      now: context.clock.now(),
      index: context.index + 1,
      zoneStartedAt: context.zoneEndsAt,
      zoneEndsAt: context.zoneEndsAt + context.zones[context.index + 1]!.durationMs,
    })),
    syncClock: assign({ now: ({ context }) => context.clock.now() }),
    /** Paused: `now` stays the moment of the pause, so the zone and its seconds stand still. */
    stopClock: assign({ now: ({ context }) => context.clock.now() }),
    /** Resumed: the schedule moves on by the time paused. */
    resumeClock: assign(({ context }) => {
      const now = context.clock.now();
      const paused = now - context.now;
      return { now, zoneStartedAt: context.zoneStartedAt + paused, zoneEndsAt: context.zoneEndsAt + paused };
    }),
    /** A tick for a zone that is on now: the zones a sleeping phone missed are caught up in silence, not in a burst. */
    cue: enqueueActions(({ context, enqueue }) => {
      if (context.zoneEndsAt > context.clock.now()) enqueue({ type: 'haptic', params: { kind: 'select' } });
    }),
  },
  guards: {
    isLastZone: ({ context }) => context.index >= context.zones.length - 1,
  },
  delays: {
    zoneEnd: ({ context }) => untilDeadline(context.zoneEndsAt, context.clock.now()),
    tick: ({ context }) => untilNextSecond(context.zoneEndsAt, context.clock.now()),
  },
}).createMachine({
  id: 'zoneTimer',
  description: 'Times a list of zones one after another.',
  context: ({ input }) => {
    const now = input.clock.now();
    return { ...input, index: 0, zoneStartedAt: now, zoneEndsAt: now + (input.zones[0]?.durationMs ?? 0), now };
  },
  initial: 'running',
  states: {
    running: {
      on: { PAUSE: { target: 'paused', actions: 'stopClock' } },
      after: {
        zoneEnd: [
          { guard: 'isLastZone', target: 'done', actions: 'syncClock' },
          { target: 'running', reenter: true, actions: ['nextZone', 'cue'] },
        ],
      },
      initial: 'ticking',
      states: {
        ticking: {
          description: 'Looks at the clock whenever the shown second changes.',
          after: { tick: { target: 'ticking', reenter: true, actions: 'syncClock' } },
        },
      },
    },
    paused: {
      description: 'The zone and its seconds stand still.',
      on: { RESUME: { target: 'running', actions: 'resumeClock' } },
    },
    done: { type: 'final', description: 'The last zone ended.' },
  },
  output: ({ context }) => ({ zonesDone: context.zones.length }),
});

/** The current zone, its countdown, and progress through the zone and through all zones (0..1). */
export function zoneTimerView(snapshot: SnapshotFrom<typeof zoneTimerMachine>) {
  const { zones, index, zoneStartedAt, zoneEndsAt, now } = snapshot.context;
  const done = snapshot.status === 'done';
  const total = zones.reduce((sum, z) => sum + z.durationMs, 0);
  const before = zones.slice(0, index).reduce((sum, z) => sum + z.durationMs, 0);
  return {
    done,
    zone: zones[index]?.id ?? null,
    /** 1-based number of the zone, for «Зона 3 из 7». */
    number: index + 1,
    count: zones.length,
    secondsLeft: done ? 0 : wholeSecondsLeft(untilDeadline(zoneEndsAt, now)),
    zoneProgress: done ? 1 : spanProgress(zoneStartedAt, zoneEndsAt, now),
    progress: done ? 1 : spanProgress(0, total, before + Math.min(now - zoneStartedAt, zones[index]?.durationMs ?? 0)),
  };
}
