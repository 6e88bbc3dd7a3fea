import { assign, setup } from 'xstate';
import { stubAction, stubActor } from '../effects';

/**
 * Boot: from the entry's hand-over to a running app (src/boot.tsx gives the effects with `.provide()`).
 *
 * A launch that ends on a start screen (home, onboarding) renders it as soon as its modules are in and the entry's
 * sign-in has answered (at most SIGN_IN_WAIT_MS: after that the splash is better than a blank page), and starts
 * Telegram's SDK only once that render is painted — nothing on those screens needs it before a tap. A launch
 * elsewhere (a reload deep in the app) starts the SDK first: its screen may show the native back button at once.
 * A launch that leads home from the splash's route or /init starts at home when auth settles signed in with
 * onboarding done within AUTH_SETTLE_MS (it has the entry's answer, so it settles within a few microtasks); otherwise
 * each route on the way would be painted for a frame. If the SDK fails to initialise, the empty screen is shown (the
 * product rule), in place of a painted start screen too.
 *
 * Effects:
 * - actor `loadStartScreen`: the start screen's modules (settles either way: a module that fails is left to the
 *   route, which loads it as any other);
 * - actor `signInAnswered`: settles when the entry's sign-in has its answer, whatever it is;
 * - actor `startTelegram`: the SDK's start-up, resolving 'ready' | 'outside' | 'failed';
 * - actor `prepare`: what the first render needs (the init data, the dev inspector, the auth actor; the launch's
 *   colours are index.html's early script's, src/earlyPaint.ts); if it fails, the empty screen;
 * - actor `authSettled`: resolves true once auth has left `loading` signed in with onboarding done, false otherwise;
 * - actor `painted`: settles after the browser has painted what was rendered;
 * - actions `startAtHome` (the URL becomes home's), `render` (the app), `renderNothing` (the empty screen),
 *   `startBackground` (the device's detector and the offline shell: on no screen's path).
 */
export type BootScreen = 'home' | 'onboarding';
/**
 * How the SDK's start-up ended (src/telegram/startup.ts):
 * - `ready`: the SDK initialised (inside Telegram, or with launch parameters in a plain browser tab, where a local
 *   stand-in answers the bridge — see src/telegram/browserBridge.ts);
 * - `outside`: no launch parameters — not in Telegram; the app still renders («Откройте в Telegram»);
 * - `failed`: launch parameters exist but the SDK could not initialise → the app shows an empty screen.
 */
export type TelegramStatus = 'ready' | 'outside' | 'failed';

export interface BootInput {
  /** The start screen this launch leads to, or null for any other route. */
  screen: BootScreen | null;
  /** Whether the URL is home's already (no need to wait for auth to start there). */
  atHome: boolean;
}

export interface BootContext extends BootInput {
  telegram: TelegramStatus | null;
}

/** How long the first render of a start screen waits for the entry's sign-in answer. */
export const SIGN_IN_WAIT_MS = 1000;
/** How long boot waits for auth to leave `loading`, the entry's sign-in answer in hand. */
export const AUTH_SETTLE_MS = 50;
/** How long boot waits for a paint before starting the SDK: a hidden page paints nothing. */
export const PAINT_WAIT_MS = 100;

export const bootMachine = setup({
  types: {
    context: {} as BootContext,
    input: {} as BootInput,
    output: {} as TelegramStatus,
  },
  actors: {
    loadStartScreen: stubActor<void, { screen: BootScreen }>(),
    signInAnswered: stubActor<void>(),
    startTelegram: stubActor<TelegramStatus>(),
    prepare: stubActor<void>(),
    authSettled: stubActor<boolean>(),
    painted: stubActor<void>(),
  },
  actions: {
    startAtHome: stubAction(),
    render: stubAction(),
    renderNothing: stubAction(),
    startBackground: stubAction(),
  },
  guards: {
    onStartScreen: ({ context }) => context.screen !== null,
    telegramFailed: (_, status: TelegramStatus) => status === 'failed',
    homeFromElsewhere: ({ context }) => context.screen === 'home' && !context.atHome,
    telegramStarted: ({ context }) => context.telegram !== null,
    settledAtHome: (_, settled: boolean) => settled,
  },
  delays: { SIGN_IN_WAIT_MS, AUTH_SETTLE_MS, PAINT_WAIT_MS },
}).createMachine({
  id: 'boot',
  description: 'Starts the app: the first screen rendered and painted, then Telegram’s SDK.',
  context: ({ input }) => ({ ...input, telegram: null }),
  initial: 'choosing',
  states: {
    choosing: {
      description: 'A start screen (home, onboarding) paints first; any other route starts the SDK first.',
      always: [{ guard: 'onStartScreen', target: 'startScreen' }, { target: 'startingTelegram' }],
    },
    startScreen: {
      description: 'The start screen’s modules and the entry’s sign-in answer, the answer waited for at most 1 s.',
      type: 'parallel',
      onDone: 'preparing',
      states: {
        modules: {
          initial: 'loading',
          states: {
            loading: {
              invoke: {
                id: 'loadStartScreen',
                src: 'loadStartScreen',
                input: ({ context }) => ({ screen: context.screen! }),
                onDone: 'loaded',
                onError: 'loaded',
              },
            },
            loaded: { type: 'final' },
          },
        },
        signIn: {
          initial: 'waiting',
          states: {
            waiting: {
              invoke: { id: 'signInAnswered', src: 'signInAnswered', onDone: 'answered', onError: 'answered' },
              after: { SIGN_IN_WAIT_MS: 'answered' },
            },
            answered: { type: 'final' },
          },
        },
      },
    },
    preparing: {
      description: 'The init data and auth, ready for the first render.',
      invoke: {
        id: 'prepare',
        src: 'prepare',
        onDone: [{ guard: 'homeFromElsewhere', target: 'settling' }, { target: 'rendered' }],
        // What the first render needs could not be made: the empty screen, as for an SDK that failed.
        onError: { target: 'failed', actions: assign({ telegram: 'failed' }) },
      },
    },
    settling: {
      description: 'Home from the splash’s route: signed in with onboarding done, the launch starts at home.',
      invoke: {
        id: 'authSettled',
        src: 'authSettled',
        onDone: [
          {
            guard: { type: 'settledAtHome', params: ({ event }) => event.output },
            target: 'rendered',
            actions: 'startAtHome',
          },
          { target: 'rendered' },
        ],
        onError: 'rendered',
      },
      after: { AUTH_SETTLE_MS: 'rendered' },
    },
    rendered: {
      description: 'The app is rendered.',
      entry: 'render',
      always: [{ guard: 'telegramStarted', target: 'started' }, { target: 'painting' }],
    },
    painting: {
      description: 'Waiting for the first paint (at most 100 ms: a hidden page paints nothing).',
      invoke: { id: 'painted', src: 'painted', onDone: 'startingTelegram', onError: 'startingTelegram' },
      after: { PAINT_WAIT_MS: 'startingTelegram' },
    },
    startingTelegram: {
      description:
        'Telegram’s SDK: after the start screen has painted, or first for a route elsewhere (its screen may show ' +
        'the native back button at once), which renders once it has started.',
      invoke: {
        id: 'startTelegram',
        src: 'startTelegram',
        onDone: [
          {
            guard: { type: 'telegramFailed', params: ({ event }) => event.output },
            target: 'failed',
            actions: assign({ telegram: 'failed' }),
          },
          {
            guard: 'onStartScreen',
            target: 'started',
            actions: assign({ telegram: ({ event }) => event.output }),
          },
          { target: 'preparing', actions: assign({ telegram: ({ event }) => event.output }) },
        ],
        onError: { target: 'failed', actions: assign({ telegram: 'failed' }) },
      },
    },
    started: {
      description: 'Running; the device’s detector and the offline shell start now.',
      type: 'final',
      entry: 'startBackground',
    },
    failed: { description: 'The SDK could not start: the empty screen.', type: 'final', entry: 'renderNothing' },
  },
  output: ({ context }) => context.telegram!,
});
