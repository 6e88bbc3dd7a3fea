// Generated paths of the renewal on the profile's card: «Отменить автопродление» and «Возобновить», each answered
// (the subscription handed to the profile) or failing (the server's words, or none), and tried again.
import { beforeEach, expect } from 'vitest';
import type { Subscription } from '../../contract/billing';
import { renewalMachine, renewalView } from '../../machines/billing/renewal.machine';
import { describeMachinePaths } from '../support/path-tests';

const cancelled: Subscription = {
  tier: 'PRO',
  expires_at: '2026-12-28T15:00:00.000Z',
  source: 'payment',
  renewal: { auto_renew: false, renews_at: '2026-12-28T15:00:00.000Z' },
};

const effects: Array<[string, unknown?]> = [];
const record = (name: string) => (_: unknown, params?: unknown) => void effects.push([name, params]);
beforeEach(() => {
  effects.length = 0;
});

describeMachinePaths(renewalMachine, {
  provide: { actions: { renewalChanged: record('renewalChanged') } },
  events: {
    'xstate.done.actor.setRenewal': [{ type: 'xstate.done.actor.setRenewal', output: cancelled }],
    'xstate.error.actor.setRenewal': [
      {
        type: 'xstate.error.actor.setRenewal',
        error: { detail: 'Telegram не принял изменение автопродления, попробуйте ещё раз чуть позже' },
      },
      { type: 'xstate.error.actor.setRenewal', error: { detail: null } },
    ],
  },
  serializeState: (s) => JSON.stringify([s.value, s.context.detail]),
  assert: {
    idle: (s) => {
      expect(renewalView(s)).toEqual({ saving: false, failed: false, detail: null });
      // Back from a request: its answer went to the profile, once.
      const changed = effects.filter(([name]) => name === 'renewalChanged');
      expect(changed.length).toBeLessThanOrEqual(1);
      for (const [, params] of changed) expect(params).toEqual({ subscription: cancelled });
    },
    cancelling: (s, run) => {
      expect(run.invocations.at(-1)).toMatchObject({ id: 'setRenewal', input: { autoRenew: false } });
      expect(renewalView(s)).toEqual({ saving: true, failed: false, detail: null });
      expect(s.can({ type: 'RESUME' })).toBe(false);
    },
    resuming: (s, run) => {
      expect(run.invocations.at(-1)).toMatchObject({ id: 'setRenewal', input: { autoRenew: true } });
      expect(renewalView(s)).toEqual({ saving: true, failed: false, detail: null });
      expect(s.can({ type: 'CANCEL' })).toBe(false);
    },
    failed: (s) => {
      const view = renewalView(s);
      expect(view).toMatchObject({ saving: false, failed: true });
      // The server's words when it gave some; null makes the card say «Не удалось изменить автопродление».
      expect([null, 'Telegram не принял изменение автопродления, попробуйте ещё раз чуть позже']).toContain(
        view.detail,
      );
      expect(effects).toEqual([]);
    },
  },
});
