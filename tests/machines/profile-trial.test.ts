// Generated paths of the trial offer: available or not (a failed check hides it), the sheet, activation with its
// success (toast, the subscription handed to the profile) and failures (the server's words, or none; a 409 hides
// the offer once the sheet is closed).
import { beforeEach, expect } from 'vitest';
import { trialMachine, trialView } from '../../machines/profile/trial.machine';
import { describeMachinePaths } from '../support/path-tests';
import { trialSubscription } from './profile-fixtures';

const effects: Array<[string, unknown?]> = [];
const record = (name: string) => (_: unknown, params?: unknown) => void effects.push([name, params]);
beforeEach(() => {
  effects.length = 0;
});

describeMachinePaths(trialMachine, {
  provide: { actions: { toast: record('toast'), trialActivated: record('trialActivated') } },
  events: {
    'xstate.done.actor.loadTrialStatus': [
      { type: 'xstate.done.actor.loadTrialStatus', output: { available: true, days: 7 } },
      { type: 'xstate.done.actor.loadTrialStatus', output: { available: false, days: 7 } },
    ],
    'xstate.done.actor.activateTrial': [{ type: 'xstate.done.actor.activateTrial', output: trialSubscription }],
    'xstate.error.actor.activateTrial': [
      {
        type: 'xstate.error.actor.activateTrial',
        error: { detail: 'Пробный период уже был активирован', gone: true },
      },
      { type: 'xstate.error.actor.activateTrial', error: new Error('offline') },
    ],
  },
  serializeState: (s) => JSON.stringify([s.value, s.context.failure]),
  assert: {
    checking: (s, run) => {
      expect(run.invocations.at(-1)).toMatchObject({ id: 'loadTrialStatus' });
      expect(trialView(s)).toMatchObject({ status: 'checking', offered: false, sheetOpen: false });
    },
    unavailable: (s) => {
      expect(trialView(s)).toMatchObject({ status: 'unavailable', offered: false, sheetOpen: false });
      expect(effects.filter(([name]) => name === 'trialActivated')).toEqual([]);
    },
    'offered.closed': (s) => expect(trialView(s)).toMatchObject({ offered: true, sheetOpen: false, activating: false }),
    'offered.open': (s) =>
      expect(trialView(s)).toMatchObject({ offered: true, sheetOpen: true, activating: false, failed: false }),
    'offered.activating': (s, run) => {
      expect(run.invocations.at(-1)).toMatchObject({ id: 'activateTrial' });
      expect(trialView(s)).toMatchObject({ sheetOpen: true, activating: true, failed: false });
      // The sheet cannot be dismissed meanwhile.
      expect(s.can({ type: 'DISMISS' })).toBe(false);
    },
    'offered.failed': (s) => {
      const view = trialView(s);
      expect(view).toMatchObject({ sheetOpen: true, activating: false, failed: true });
      // The server's words when it gave some; null makes the screen say «Не удалось активировать триал».
      expect([null, 'Пробный период уже был активирован']).toContain(view.detail);
    },
    activated: (s) => {
      expect(trialView(s)).toMatchObject({ status: 'activated', offered: false, sheetOpen: false });
      expect(effects).toEqual([
        ['toast', { key: 'trialActivated' }],
        ['trialActivated', { subscription: trialSubscription }],
      ]);
    },
  },
});
