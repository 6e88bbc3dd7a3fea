// Generated paths of the profile machine: the four loads together, their failures named each in its own words, the
// subscription card's rules, and the trial's subscription taken at once and fetched again with today's usage.
import { describe, expect, it } from 'vitest';
import { profileMachine, profileView } from '../../machines/users/profile.machine';
import { describeMachinePaths } from '../support/path-tests';
import { profileData, subscription, tiers, trialSubscription, user, usageToday } from './users-fixtures';

const confirmed = subscription('PREMIUM', 'trial', '2025-03-17T09:00:05.000Z');
/** Today's usage on the trial: the PREMIUM limits, no longer «недоступно». */
const premiumUsage = {
  ...usageToday,
  tier: 'PREMIUM' as const,
  tokens_limit: 500_000,
  diary_entries_limit: 30,
  voice_seconds_limit: 1800,
};
/** «Отменить автопродление» answered: a monthly PRO subscription that ends at its paid period's end. */
const renewalOff = {
  ...subscription('PRO', 'payment', '2030-01-15T10:00:00.000Z'),
  renewal: { auto_renew: false, renews_at: '2030-01-15T10:00:00.000Z' },
};

describeMachinePaths(profileMachine, {
  events: {
    'xstate.done.actor.loadProfile': [{ type: 'xstate.done.actor.loadProfile', output: profileData() }],
    'xstate.error.actor.loadProfile': [
      { type: 'xstate.error.actor.loadProfile', error: { parts: ['user', 'tiers'] } },
      { type: 'xstate.error.actor.loadProfile', error: new Error('offline') },
    ],
    'TRIAL.ACTIVATED': [{ type: 'TRIAL.ACTIVATED', subscription: trialSubscription }],
    'xstate.done.actor.refreshPlan': [
      { type: 'xstate.done.actor.refreshPlan', output: { subscription: confirmed, usage: premiumUsage } },
    ],
    'RENEWAL.CHANGED': [{ type: 'RENEWAL.CHANGED', subscription: renewalOff }],
  },
  serializeState: (s) => JSON.stringify([s.value, s.context.failed, s.context.data?.subscription.expires_at ?? null]),
  assert: {
    loading: (s, run) => {
      expect(run.invocations.at(-1)).toMatchObject({ id: 'loadProfile' });
      expect(profileView(s)).toMatchObject({ status: 'loading', user: null, plan: null, canUpgrade: false });
    },
    error: (s) => {
      const view = profileView(s);
      expect(view.status).toBe('error');
      // The parts the actor named, or (an error without them) every load.
      expect([
        ['user', 'tiers'],
        ['user', 'subscription', 'tiers', 'usage'],
      ]).toContainEqual(view.failed);
      expect(s.can({ type: 'RETRY' })).toBe(true);
    },
    ready: (s, run) => {
      const view = profileView(s);
      // Today's usage is what the load said, until the refetch after the trial brings the new plan's.
      const refetched = run.events.some((e) => e.type === 'xstate.done.actor.refreshPlan');
      expect(view).toMatchObject({ status: 'ready', user, usage: refetched ? premiumUsage : usageToday, failed: [] });
      expect(view.canUpgrade).toBe(true); // START or a trial: the plans are offered
    },
    'ready.idle': (s) => {
      const { plan } = profileView(s);
      if (s.context.data?.subscription.tier === 'START')
        expect(plan).toEqual({
          tier: 'START',
          name: 'Старт',
          description: 'Бесплатно',
          expiresAt: null,
          trial: false,
          renewal: null,
        });
      else if (s.context.data?.subscription.tier === 'PRO')
        // The renewal's answer stays (the refetch's answer here is the trial fixture only after TRIAL.ACTIVATED).
        expect(plan).toMatchObject({
          tier: 'PRO',
          trial: false,
          renewal: { autoRenew: false, renewsAt: '2030-01-15T10:00:00.000Z' },
        });
      else {
        // The refetch's answer, or — when the refetch failed — what the activation answered.
        expect(plan).toMatchObject({ tier: 'PREMIUM', name: 'PREMIUM', trial: true });
        expect([confirmed.expires_at, trialSubscription.expires_at]).toContain(plan!.expiresAt);
      }
    },
    'ready.refreshing': (s, run) => {
      expect(run.invocations.at(-1)).toMatchObject({ id: 'refreshPlan', src: 'loadPlan' });
      // The activation's (or the renewal change's) answer shows at once, before the refetch confirms it.
      const last = run.events.at(-1) as { type: string };
      expect(profileView(s).plan).toMatchObject(
        last.type === 'RENEWAL.CHANGED'
          ? {
              tier: 'PRO',
              expiresAt: renewalOff.expires_at,
              renewal: { autoRenew: false, renewsAt: renewalOff.expires_at },
            }
          : { tier: 'PREMIUM', name: 'PREMIUM', expiresAt: trialSubscription.expires_at, trial: true, renewal: null },
      );
    },
  },
});

describe('the subscription card', () => {
  const ready = (sub = subscription('START')) => {
    const snapshot = profileMachine.resolveState({
      value: { ready: 'idle' },
      context: { data: profileData(sub), failed: [] },
    });
    return profileView(snapshot);
  };

  it('«Улучшить тариф» is hidden on the top tier held by choice, shown on lower tiers and on the trial', () => {
    expect(ready(subscription('PREMIUM')).canUpgrade).toBe(false);
    expect(ready(subscription('PRO')).canUpgrade).toBe(true);
    expect(ready(trialSubscription).canUpgrade).toBe(true);
    expect(ready().canUpgrade).toBe(true);
  });

  it('the plan shows the tier’s name and description from the plans, and the end of a paid period', () => {
    expect(ready(subscription('PRO')).plan).toEqual({
      tier: 'PRO',
      name: 'PRO',
      description: tiers.find((t) => t.id === 'PRO')!.description,
      expiresAt: '2030-01-15T10:00:00.000Z',
      trial: false,
      renewal: null,
    });
  });

  it('a monthly Stars subscription shows whether it renews and its next charge', () => {
    const renewing = { ...subscription('PRO'), renewal: { auto_renew: true, renews_at: '2030-01-15T10:00:00.000Z' } };
    expect(ready(renewing).plan!.renewal).toEqual({ autoRenew: true, renewsAt: '2030-01-15T10:00:00.000Z' });
    expect(ready(renewalOff).plan!.renewal).toEqual({ autoRenew: false, renewsAt: '2030-01-15T10:00:00.000Z' });
  });
});
