// A generic countdown: start, pause, reset; it completes at 0. HOLD stops a running countdown while a question is
// asked over it (its owner's «Завершить практику?») and RELEASE lets it run on; a countdown not running ignores both. While running it holds the deadline, not a count
// of ticks, so the time shown after the phone slept or the tab was throttled is the true time left.
import { assign, setup, type SnapshotFrom } from 'xstate';
import { topState } from '../view-model';
import { spanProgress, untilDeadline, untilNextSecond, wholeSecondsLeft, type Clock } from './timing';

export interface CountdownInput {
  durationMs: number;
  clock: Clock;
}

export interface CountdownContext extends CountdownInput {
  /** Time left while idle or paused (while running it is `endsAt - now`). */
  remainingMs: number;
  /** When a running countdown reaches 0 (clock ms). */
  endsAt: number;
  /** The clock when the machine last looked. */
  now: number;
}

export const countdownMachine = setup({
  types: {
    context: {} as CountdownContext,
    input: {} as CountdownInput,
    events: {} as { type: 'START' } | { type: 'PAUSE' } | { type: 'RESET' } | { type: 'HOLD' } | { type: 'RELEASE' },
  },
  actions: {
    run: assign(({ context }) => {
      const now = context.clock.now();
      return { now, endsAt: now + context.remainingMs };
    }),
    hold: assign(({ context }) => {
      const now = context.clock.now();
      return { now, remainingMs: untilDeadline(context.endsAt, now) };
    }),
    rewind: assign(({ context }) => ({ now: context.clock.now(), remainingMs: context.durationMs })),
    syncClock: assign({ now: ({ context }) => context.clock.now() }),
  },
  delays: {
    timeUp: ({ context }) => untilDeadline(context.endsAt, context.clock.now()),
    tick: ({ context }) => untilNextSecond(context.endsAt, context.clock.now()),
  },
}).createMachine({
  id: 'countdown',
  description: 'Counts a duration down to 0; can be paused and reset.',
  context: ({ input }) => ({ ...input, remainingMs: input.durationMs, endsAt: 0, now: input.clock.now() }),
  initial: 'idle',
  states: {
    idle: {
      description: 'The whole duration is left.',
      on: { START: { target: 'running', actions: 'run' } },
    },
    running: {
      after: { timeUp: { target: 'done', actions: 'syncClock' } },
      initial: 'ticking',
      states: {
        ticking: {
          description: 'Looks at the clock whenever the shown second changes.',
          after: { tick: { target: 'ticking', reenter: true, actions: 'syncClock' } },
        },
      },
      on: {
        PAUSE: { target: 'paused', actions: 'hold' },
        HOLD: { target: 'held', actions: 'hold' },
        RESET: { target: 'idle', actions: 'rewind' },
      },
    },
    held: {
      description: 'Stopped while its owner asks a question; RELEASE runs it on with the time that was left.',
      on: { RELEASE: { target: 'running', actions: 'run' } },
    },
    paused: {
      description: 'The time left is kept until START.',
      on: {
        START: { target: 'running', actions: 'run' },
        RESET: { target: 'idle', actions: 'rewind' },
      },
    },
    done: { type: 'final', description: 'Reached 0.' },
  },
});

export type CountdownStatus = 'idle' | 'running' | 'paused' | 'held' | 'done';

/** What a countdown shows: its status, the whole seconds left and how far it has run (0..1). */
export function countdownView(snapshot: SnapshotFrom<typeof countdownMachine>) {
  const { durationMs, remainingMs, endsAt, now } = snapshot.context;
  const status = topState<CountdownStatus>(snapshot);
  const left = status === 'running' ? untilDeadline(endsAt, now) : status === 'done' ? 0 : remainingMs;
  return {
    status,
    secondsLeft: wholeSecondsLeft(left),
    progress: spanProgress(0, durationMs, durationMs - left),
  };
}
