// Boot as two tables, one per kind of launch: home from the splash's route (auth may settle signed in within its
// wait, and the URL becomes home's), home itself, onboarding, and a route elsewhere (the SDK first). A start screen
// renders once its modules are in and the sign-in has answered (or after its wait), then waits for the paint (or its
// wait) before the SDK; an SDK that fails shows the empty screen; the device's detector and the offline shell start
// last. The delays are the spec of this file, not the machine's: 1 s for the sign-in, 50 ms for auth, 100 ms for a
// paint.
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, type AnyMachineSnapshot } from 'xstate';
import { bootMachine, type BootInput } from '../../machines/app/boot.machine';
import { describeMachineTables, stateValue, type StateRow, type TransitionRow } from '../support/machine-tables';

const SIGN_IN_WAIT = 1000;
const AUTH_SETTLE = 50;
const PAINT_WAIT = 100;

const key = (s: AnyMachineSnapshot) => {
  if (s.matches('startScreen')) {
    const { modules, signIn } = (s.value as { startScreen: { modules: string; signIn: string } }).startScreen;
    return `startScreen ${modules} ${signIn}`;
  }
  return [stateValue(s), s.context.telegram].filter(Boolean).join(' ');
};

const active = (running: string[]): StateRow => ({ view: null, can: {}, running });
const done = (output: string): StateRow => ({ view: null, can: {}, status: 'done', output });

/** The start screen's way: its modules and the sign-in, in either order, or the sign-in's wait. */
function startScreenRows(input: BootInput, settles: boolean) {
  const prepare = { to: 'preparing', invokes: [{ id: 'prepare', src: 'prepare', input: undefined }] };
  const prepared: Record<string, string | TransitionRow> = settles
    ? { 'done.actor.prepare': 'settling' }
    : { 'done.actor.prepare': { to: 'painting', effects: [['render']] } };
  const states: Record<string, StateRow> = {
    'startScreen loading waiting': active(['loadStartScreen', 'signInAnswered']),
    'startScreen loaded waiting': active(['signInAnswered']),
    'startScreen loading answered': active(['loadStartScreen']),
    preparing: active(['prepare']),
    painting: active(['painted']),
    startingTelegram: active(['startTelegram']),
    'started ready': done('ready'),
    'started outside': done('outside'),
    'failed failed': done('failed'),
  };
  const signInWait = {
    to: 'startScreen loading answered',
    after: SIGN_IN_WAIT,
  };
  const transitions: Record<string, Record<string, string | TransitionRow>> = {
    'startScreen loading waiting': {
      'done.actor.loadStartScreen': 'startScreen loaded waiting',
      // A module that failed is left to the route, which loads it as any other.
      'error.actor.loadStartScreen': 'startScreen loaded waiting',
      'done.actor.signInAnswered': 'startScreen loading answered',
      'error.actor.signInAnswered': 'startScreen loading answered',
      'after.SIGN_IN_WAIT_MS.boot.startScreen.signIn.waiting': signInWait,
    },
    'startScreen loaded waiting': {
      'done.actor.signInAnswered': prepare,
      'error.actor.signInAnswered': prepare,
      'after.SIGN_IN_WAIT_MS.boot.startScreen.signIn.waiting': { ...prepare, after: SIGN_IN_WAIT },
    },
    'startScreen loading answered': {
      'done.actor.loadStartScreen': prepare,
      'error.actor.loadStartScreen': prepare,
    },
    preparing: {
      ...prepared,
      'error.actor.prepare': { to: 'failed failed', effects: [['renderNothing']], context: { telegram: 'failed' } },
    },
    painting: {
      'done.actor.painted': 'startingTelegram',
      'error.actor.painted': 'startingTelegram',
      'after.PAINT_WAIT_MS.boot.painting': { to: 'startingTelegram', after: PAINT_WAIT },
    },
    startingTelegram: {
      'done.actor.startTelegram ready': { to: 'started ready', effects: [['startBackground']] },
      'done.actor.startTelegram outside': { to: 'started outside', effects: [['startBackground']] },
      'done.actor.startTelegram failed': { to: 'failed failed', effects: [['renderNothing']] },
      'error.actor.startTelegram': { to: 'failed failed', effects: [['renderNothing']] },
    },
  };
  if (settles) {
    states.settling = active(['authSettled']);
    transitions.settling = {
      'done.actor.authSettled home': { to: 'painting', effects: [['startAtHome'], ['render']] },
      'done.actor.authSettled elsewhere': { to: 'painting', effects: [['render']] },
      'error.actor.authSettled': { to: 'painting', effects: [['render']] },
      'after.AUTH_SETTLE_MS.boot.settling': { to: 'painting', effects: [['render']], after: AUTH_SETTLE },
    };
  }
  return { input, states, transitions };
}

const events = {
  'xstate.done.actor.startTelegram': {
    ready: { type: 'xstate.done.actor.startTelegram', output: 'ready' },
    outside: { type: 'xstate.done.actor.startTelegram', output: 'outside' },
    failed: { type: 'xstate.done.actor.startTelegram', output: 'failed' },
  },
  'xstate.done.actor.authSettled': {
    home: { type: 'xstate.done.actor.authSettled', output: true },
    elsewhere: { type: 'xstate.done.actor.authSettled', output: false },
  },
};

const ONE_INPUT = 'one launch per table: the other side is in another table';
/** `always` leaves these at once. */
const TRANSIENT = ['choosing', 'rendered'];
const START_SCREEN = [
  'startScreen',
  'startScreen.modules',
  'startScreen.modules.loading',
  'startScreen.modules.loaded',
  'startScreen.signIn',
  'startScreen.signIn.waiting',
  'startScreen.signIn.answered',
];

for (const [name, input, settles, counts] of [
  ['home from the splash’s route', { screen: 'home', atHome: false }, true, { paths: 17, transitions: 23 }],
  ['home', { screen: 'home', atHome: true }, false, { paths: 14, transitions: 19 }],
  ['onboarding', { screen: 'onboarding', atHome: false }, false, { paths: 14, transitions: 19 }],
] as const) {
  const rows = startScreenRows(input, settles);
  describeMachineTables(bootMachine, {
    name: `boot: ${name}`,
    input,
    view: () => null,
    events,
    key,
    states: rows.states,
    transitions: rows.transitions,
    counts,
    unreachable: [...TRANSIENT, ...(settles ? [] : ['settling'])],
    guardSides: {
      onStartScreen: ONE_INPUT,
      homeFromElsewhere: ONE_INPUT,
      telegramStarted: 'on a start screen the SDK starts after the render',
      ...(settles ? {} : { settledAtHome: 'no wait for auth at home or onboarding' }),
    },
  });
}

// Elsewhere: the SDK first; a failed one never renders the app. No start screen: no launch colours to write.
const PREPARE_ELSEWHERE = [{ id: 'prepare', src: 'prepare', input: undefined }];
describeMachineTables(bootMachine, {
  name: 'boot: a route elsewhere',
  input: { screen: null, atHome: false },
  view: () => null,
  events,
  key,
  states: {
    startingTelegram: active(['startTelegram']),
    'preparing ready': active(['prepare']),
    'preparing outside': active(['prepare']),
    'started ready': done('ready'),
    'started outside': done('outside'),
    'failed failed': done('failed'),
  },
  transitions: {
    startingTelegram: {
      'done.actor.startTelegram ready': { to: 'preparing ready', invokes: PREPARE_ELSEWHERE },
      'done.actor.startTelegram outside': { to: 'preparing outside', invokes: PREPARE_ELSEWHERE },
      'done.actor.startTelegram failed': { to: 'failed failed', effects: [['renderNothing']] },
      'error.actor.startTelegram': { to: 'failed failed', effects: [['renderNothing']] },
    },
    'preparing ready': {
      'done.actor.prepare': { to: 'started ready', effects: [['render'], ['startBackground']] },
      'error.actor.prepare': { to: 'failed failed', effects: [['renderNothing']] },
    },
    'preparing outside': {
      'done.actor.prepare': { to: 'started outside', effects: [['render'], ['startBackground']] },
      'error.actor.prepare': { to: 'failed failed', effects: [['renderNothing']] },
    },
  },
  counts: { paths: 6, transitions: 8 },
  unreachable: [...TRANSIENT, ...START_SCREEN, 'settling', 'painting'],
  guardSides: {
    onStartScreen: ONE_INPUT,
    homeFromElsewhere: ONE_INPUT,
    telegramStarted: 'elsewhere the SDK has started before the render',
    settledAtHome: 'no wait for auth elsewhere',
  },
});

describe('boot: the start screen whose modules load', () => {
  it.each(['home', 'onboarding'] as const)('%s: its own', (screen) => {
    const asked: unknown[] = [];
    const machine = bootMachine.provide({
      actors: { loadStartScreen: fromPromise(async ({ input }) => void asked.push(input)) },
    });
    createActor(machine, { input: { screen, atHome: false } }).start();
    expect(asked).toEqual([{ screen }]);
  });
});
