// The trial offer as two tables: available or not (a failed check hides it), the sheet, activation with its
// success (toast, the subscription handed to the profile) and failures (the server's words, or none; a 409 hides
// the offer once the sheet is closed).
import { trialMachine, trialView } from '../../machines/billing/trial.machine';
import { describeMachineTables, stateValue } from '../support/machine-tables';
import { trialSubscription } from './users-fixtures';

const GONE = 'Пробный период уже был активирован';
const view = (status: string, over: Partial<ReturnType<typeof trialView>> = {}) => ({
  status,
  offered: false,
  sheetOpen: false,
  activating: false,
  failed: false,
  detail: null,
  ...over,
});
const none = { OPEN: false, ACTIVATE: false, DISMISS: false };
const offered = { offered: true };
const sheet = { offered: true, sheetOpen: true };

describeMachineTables(trialMachine, {
  view: trialView,
  events: {
    'xstate.done.actor.loadTrialStatus': {
      available: { type: 'xstate.done.actor.loadTrialStatus', output: { available: true, days: 7 } },
      used: { type: 'xstate.done.actor.loadTrialStatus', output: { available: false, days: 7 } },
    },
    'xstate.done.actor.activateTrial': {
      ok: { type: 'xstate.done.actor.activateTrial', output: trialSubscription },
    },
    'xstate.error.actor.activateTrial': {
      gone: { type: 'xstate.error.actor.activateTrial', error: { detail: GONE, gone: true } },
      offline: { type: 'xstate.error.actor.activateTrial', error: new Error('offline') },
      // A rejection with no reason at all.
      nothing: { type: 'xstate.error.actor.activateTrial', error: undefined },
    },
  },
  // The failure decides where «Позже» leaves the failed sheet.
  key: (s) => {
    const failure = s.context.failure as { gone: boolean } | null;
    return failure ? `${stateValue(s)} ${failure.gone ? 'gone' : 'failed'}` : stateValue(s);
  },
  states: {
    checking: { view: view('checking'), can: none, running: ['loadTrialStatus'] },
    unavailable: { view: view('unavailable'), can: none },
    'unavailable gone': { view: view('unavailable', { detail: GONE }), can: none },
    activated: { view: view('activated'), can: none },
    'offered.closed': { view: view('offered', offered), can: { ...none, OPEN: true } },
    'offered.closed failed': { view: view('offered', offered), can: { ...none, OPEN: true } },
    'offered.open': { view: view('offered', sheet), can: { ...none, ACTIVATE: true, DISMISS: true } },
    'offered.open failed': { view: view('offered', sheet), can: { ...none, ACTIVATE: true, DISMISS: true } },
    // The sheet cannot be dismissed meanwhile.
    'offered.activating': {
      view: view('offered', { ...sheet, activating: true }),
      can: none,
      running: ['activateTrial'],
      context: { failure: null },
    },
    'offered.failed gone': {
      view: view('offered', { ...sheet, failed: true, detail: GONE }),
      can: { ...none, ACTIVATE: true, DISMISS: true },
    },
    // detail null: the screen says «Не удалось активировать триал».
    'offered.failed failed': {
      view: view('offered', { ...sheet, failed: true }),
      can: { ...none, ACTIVATE: true, DISMISS: true },
    },
  },
  transitions: {
    checking: {
      'done.actor.loadTrialStatus available': 'offered.closed',
      'done.actor.loadTrialStatus used': 'unavailable',
      'error.actor.loadTrialStatus': 'unavailable',
    },
    'offered.closed': { OPEN: 'offered.open' },
    'offered.closed failed': { OPEN: 'offered.open failed' },
    'offered.open': {
      ACTIVATE: {
        to: 'offered.activating',
        invokes: [{ id: 'activateTrial', src: 'activateTrial', input: undefined }],
      },
      DISMISS: 'offered.closed',
    },
    // A new attempt forgets the last failure.
    'offered.open failed': { ACTIVATE: 'offered.activating', DISMISS: 'offered.closed failed' },
    'offered.activating': {
      'done.actor.activateTrial ok': {
        to: 'activated',
        effects: [
          ['toast', { key: 'trialActivated' }],
          ['trialActivated', { subscription: trialSubscription }],
        ],
      },
      'error.actor.activateTrial gone': 'offered.failed gone',
      'error.actor.activateTrial offline': {
        to: 'offered.failed failed',
        context: { failure: { detail: null, gone: false } },
      },
      'error.actor.activateTrial nothing': {
        to: 'offered.failed failed',
        context: { failure: { detail: null, gone: false } },
      },
    },
    'offered.failed gone': { ACTIVATE: 'offered.activating', DISMISS: 'unavailable gone' },
    'offered.failed failed': { ACTIVATE: 'offered.activating', DISMISS: 'offered.closed failed' },
  },
  counts: { paths: 10, transitions: 17 },
});
