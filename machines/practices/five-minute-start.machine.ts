// «Старт за 5 минут»: a 300-second countdown (the generic countdown, invoked as `timer`) with start and pause, a
// menu with «Завершить досрочно», and at 0 the button «Завершить практику». «Завершить» (or the menu's item) asks
// «Завершить практику?» with the countdown held; «Продолжить» lets it run on.
import { forwardTo, sendTo, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import { stubAction } from '../effects';
import { topState } from '../view-model';
import { countdownMachine } from './countdown.machine';
import type { Clock } from './timing';

export const FIVE_MINUTES_MS = 300_000;

export type FiveMinuteStartEvent =
  | { type: 'START' }
  | { type: 'PAUSE' }
  | { type: 'MENU.OPEN' }
  | { type: 'MENU.CLOSE' }
  | { type: 'FINISH_EARLY' }
  | { type: 'STOP' }
  | { type: 'STOP.CONFIRM' }
  | { type: 'STOP.CANCEL' }
  | { type: 'FINISH' };

export const fiveMinuteStartMachine = setup({
  types: {
    context: {} as { clock: Clock },
    input: {} as { clock: Clock },
    events: {} as FiveMinuteStartEvent,
  },
  actors: {
    countdown: countdownMachine,
  },
  actions: {
    /** The practice is over: the session moves on to the rating. */
    finish: stubAction(),
    forwardToTimer: forwardTo('timer'),
    holdTimer: sendTo('timer', { type: 'HOLD' }),
    releaseTimer: sendTo('timer', { type: 'RELEASE' }),
  },
}).createMachine({
  id: 'fiveMinuteStart',
  description: 'Five minutes on one task: a countdown with start and pause, an early finish, a finish at 0.',
  context: ({ input }) => ({ clock: input.clock }),
  initial: 'timing',
  states: {
    timing: {
      invoke: {
        id: 'timer',
        src: 'countdown',
        input: ({ context }) => ({ clock: context.clock, durationMs: FIVE_MINUTES_MS }),
        onDone: { target: 'timeUp' },
      },
      on: {
        START: { actions: 'forwardToTimer', description: '«Начать» / «Продолжить»' },
        PAUSE: { actions: 'forwardToTimer', description: '«Пауза»' },
      },
      initial: 'menuClosed',
      states: {
        menuClosed: {
          on: {
            'MENU.OPEN': { target: 'menuOpen' },
            STOP: { target: 'confirming', description: '«Завершить»' },
          },
        },
        menuOpen: {
          description: 'The menu offering «Завершить досрочно».',
          on: {
            'MENU.CLOSE': { target: 'menuClosed' },
            FINISH_EARLY: { target: 'confirming' },
          },
        },
        confirming: {
          description: '«Завершить практику?» (Завершить / Продолжить); a running countdown is held meanwhile.',
          entry: 'holdTimer',
          on: {
            // Under the question the countdown's own buttons do nothing.
            START: {},
            PAUSE: {},
            'STOP.CONFIRM': { target: '#fiveMinuteStart.finished' },
            'STOP.CANCEL': { target: 'menuClosed', actions: 'releaseTimer' },
          },
        },
      },
    },
    timeUp: {
      description: '0:00 and the button «Завершить практику».',
      on: { FINISH: { target: 'finished' } },
    },
    finished: { type: 'final', entry: 'finish' },
  },
});

export type FiveMinuteStartStatus = 'timing' | 'timeUp' | 'finished';

/** The status, whether the menu is open, and the running countdown (its own view: countdownView). */
export function fiveMinuteStartView(snapshot: SnapshotFrom<typeof fiveMinuteStartMachine>) {
  return {
    status: topState<FiveMinuteStartStatus>(snapshot),
    menuOpen: snapshot.matches({ timing: 'menuOpen' }),
    confirmingStop: snapshot.matches({ timing: 'confirming' }),
    timer: snapshot.children.timer as ActorRefFrom<typeof countdownMachine> | undefined,
  };
}
