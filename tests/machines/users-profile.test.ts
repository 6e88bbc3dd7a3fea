// The profile as two tables: the four loads together, their failures named each in its own words (the parts the
// load named, or every part for a failure without them), kept on screen while trying again; the subscription card,
// which takes a trial activated (or a renewal changed) on this screen at once and then fetches the subscription and
// today's usage again — a failed refetch keeps what the activation answered. By hand: the card's rules.
import { describe, expect, it } from 'vitest';
import type { AnyMachineSnapshot } from 'xstate';
import type { Subscription, UsageInfo } from '../../contract/billing';
import { profileMachine, profileView } from '../../machines/users/profile.machine';
import { describeMachineTables, stateValue, type StateRow, type TransitionRow } from '../support/machine-tables';
import { profileData, subscription, tiers, trialSubscription, user, usageToday } from './users-fixtures';

const confirmed = subscription('PREMIUM', 'trial', '2025-03-17T09:00:05.000Z');
/** Today's usage on the trial: the PREMIUM limits, no longer «недоступно». */
const premiumUsage: UsageInfo = {
  ...usageToday,
  tier: 'PREMIUM',
  tokens_limit: 500_000,
  diary_entries_limit: 30,
  voice_seconds_limit: 1800,
};
/** «Отменить автопродление» answered: a monthly PRO subscription that ends at its paid period's end. */
const renewalOff: Subscription = {
  ...subscription('PRO', 'payment', '2030-01-15T10:00:00.000Z'),
  renewal: { auto_renew: false, renews_at: '2030-01-15T10:00:00.000Z' },
};
const start = subscription('START');
const SUBS = { start, trial: trialSubscription, confirmed, renewalOff };
type Sub = keyof typeof SUBS;
const USAGES = { today: usageToday, premium: premiumUsage };
type Usage = keyof typeof USAGES;
const ALL = ['user', 'subscription', 'tiers', 'usage'];
const FAILURES = { some: ['user', 'tiers'], all: ALL, none: [] as string[] };
type Failure = keyof typeof FAILURES;

const nameOf = <T extends object>(table: T, value: unknown) =>
  Object.entries(table).find(([, v]) => v === value)?.[0] ?? '?';
// `ready.idle trial today`: the state, the subscription and usage shown; `error some`: which loads failed.
const key = (s: AnyMachineSnapshot) => {
  const { data, failed } = s.context as { data: { subscription: unknown; usage: unknown } | null; failed: string[] };
  const parts = [stateValue(s)];
  if (data) parts.push(nameOf(SUBS, data.subscription), nameOf(USAGES, data.usage));
  const failure = Object.entries(FAILURES).find(([, parts]) => parts.join() === failed.join())?.[0] ?? failed.join();
  if (failed.length) parts.push(failure);
  return parts.join(' ');
};

// The card, by the spec's plan table (names and descriptions as the server's plans give them).
const describes = (id: string) => tiers.find((t) => t.id === id)!.description;
const PLANS: Record<Sub, unknown> = {
  start: { tier: 'START', name: 'Старт', description: 'Бесплатно', expiresAt: null, trial: false, renewal: null },
  trial: {
    tier: 'PREMIUM',
    name: 'PREMIUM',
    description: describes('PREMIUM'),
    expiresAt: '2025-03-17T09:00:00.000Z',
    trial: true,
    renewal: null,
  },
  confirmed: {
    tier: 'PREMIUM',
    name: 'PREMIUM',
    description: describes('PREMIUM'),
    expiresAt: '2025-03-17T09:00:05.000Z',
    trial: true,
    renewal: null,
  },
  renewalOff: {
    tier: 'PRO',
    name: 'PRO',
    description: describes('PRO'),
    expiresAt: '2030-01-15T10:00:00.000Z',
    trial: false,
    renewal: { autoRenew: false, renewsAt: '2030-01-15T10:00:00.000Z' },
  },
};
const blank = (status: string, failure: Failure) => ({
  status,
  user: null,
  plan: null,
  canUpgrade: false,
  usage: null,
  failed: FAILURES[failure],
});
const shown = (sub: Sub, usage: Usage) => ({
  status: 'ready',
  user,
  plan: PLANS[sub],
  // START, a trial or PRO: the plans are offered (the card's rules below cover the top tier).
  canUpgrade: true,
  usage: USAGES[usage],
  failed: [],
});
const can = (on: boolean) => ({ RETRY: false, 'TRIAL.ACTIVATED': on, 'RENEWAL.CHANGED': on });
const at = (...parts: string[]) => parts.filter(Boolean).join(' ');
const failureKey = (f: Failure) => (f === 'none' ? '' : f);

const states: Record<string, StateRow> = {};
const transitions: Record<string, Record<string, string | TransitionRow>> = {};
const loadProfile = [{ id: 'loadProfile', src: 'loadProfile', input: undefined }];
for (const f of ['none', 'some', 'all'] as Failure[]) {
  // A retry keeps the failed loads named until the answer comes.
  states[at('loading', failureKey(f))] = { view: blank('loading', f), can: can(false), running: ['loadProfile'] };
  transitions[at('loading', failureKey(f))] = {
    'done.actor.loadProfile ok': { to: 'ready.idle start today', context: { failed: [] } },
    'error.actor.loadProfile some': 'error some',
    'error.actor.loadProfile parts': 'error all',
    'error.actor.loadProfile offline': 'error all',
    'error.actor.loadProfile nothing': 'error all',
  };
}
for (const f of ['some', 'all'] as Failure[]) {
  states[`error ${f}`] = { view: blank('error', f), can: { ...can(false), RETRY: true } };
  transitions[`error ${f}`] = { RETRY: { to: `loading ${f}`, invokes: loadProfile } };
}
// Every subscription and usage the card can show; the activation's (or the renewal's) answer shows at once.
const refresh = (sub: Sub, usage: Usage) => ({
  to: `ready.refreshing ${sub} ${usage}`,
  invokes: [{ id: 'refreshPlan', src: 'loadPlan', input: undefined }],
});
const changes = (usage: Usage) => ({
  'TRIAL.ACTIVATED trial': refresh('trial', usage),
  'RENEWAL.CHANGED off': refresh('renewalOff', usage),
});
const SHOWN: Array<[Sub, Usage]> = [
  ['start', 'today'],
  ['trial', 'today'],
  ['renewalOff', 'today'],
  ['confirmed', 'premium'],
  ['trial', 'premium'],
  ['renewalOff', 'premium'],
];
for (const [sub, usage] of SHOWN) {
  states[`ready.idle ${sub} ${usage}`] = { view: shown(sub, usage), can: can(true) };
  transitions[`ready.idle ${sub} ${usage}`] = changes(usage);
}
for (const [sub, usage] of SHOWN.filter(([s]) => s === 'trial' || s === 'renewalOff')) {
  states[`ready.refreshing ${sub} ${usage}`] = {
    view: shown(sub, usage),
    can: can(true),
    running: ['refreshPlan'],
  };
  transitions[`ready.refreshing ${sub} ${usage}`] = {
    // The refetch's answer replaces the subscription and today's usage (the new plan's limits).
    'done.actor.refreshPlan confirmed': 'ready.idle confirmed premium',
    // A failed refetch keeps what the activation answered.
    'error.actor.refreshPlan': `ready.idle ${sub} ${usage}`,
    ...changes(usage),
  };
}

describeMachineTables(profileMachine, {
  view: profileView,
  events: {
    'xstate.done.actor.loadProfile': { ok: { type: 'xstate.done.actor.loadProfile', output: profileData(start) } },
    'xstate.error.actor.loadProfile': {
      some: { type: 'xstate.error.actor.loadProfile', error: { parts: ['user', 'tiers'] } },
      // No part named: every load failed.
      parts: { type: 'xstate.error.actor.loadProfile', error: { parts: [] } },
      offline: { type: 'xstate.error.actor.loadProfile', error: new Error('offline') },
      // A rejection with no reason at all: every load failed.
      nothing: { type: 'xstate.error.actor.loadProfile', error: undefined },
    },
    'TRIAL.ACTIVATED': { trial: { type: 'TRIAL.ACTIVATED', subscription: trialSubscription } },
    'RENEWAL.CHANGED': { off: { type: 'RENEWAL.CHANGED', subscription: renewalOff } },
    'xstate.done.actor.refreshPlan': {
      confirmed: { type: 'xstate.done.actor.refreshPlan', output: { subscription: confirmed, usage: premiumUsage } },
    },
  },
  key,
  states,
  transitions,
  counts: { paths: 31, transitions: 45 },
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

  it('a tier the plans no longer list: named by its code, no description, the plans offered', () => {
    const snapshot = profileMachine.resolveState({
      value: { ready: 'idle' },
      context: {
        data: { ...profileData(subscription('PRO')), tiers: tiers.filter((t) => t.id !== 'PRO') },
        failed: [],
      },
    });
    const view = profileView(snapshot);
    expect(view.plan).toEqual({
      tier: 'PRO',
      name: 'PRO',
      description: '',
      expiresAt: '2030-01-15T10:00:00.000Z',
      trial: false,
      renewal: null,
    });
    expect(view.canUpgrade).toBe(true);
  });

  it('a monthly Stars subscription shows whether it renews and its next charge', () => {
    const renewing = { ...subscription('PRO'), renewal: { auto_renew: true, renews_at: '2030-01-15T10:00:00.000Z' } };
    expect(ready(renewing).plan!.renewal).toEqual({ autoRenew: true, renewsAt: '2030-01-15T10:00:00.000Z' });
    expect(ready(renewalOff).plan!.renewal).toEqual({ autoRenew: false, renewsAt: '2030-01-15T10:00:00.000Z' });
  });
});
