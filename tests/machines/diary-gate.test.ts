// The new-entry gate ('Новая запись', home's 'Записать'): two tables over every usage outcome and an outcome
// table (the rule itself, shared with voice input: daily-access.test.ts).
import type { UsageInfo } from '../../contract/billing';
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor, type AnyMachineSnapshot } from 'xstate';
import { newEntryGateMachine, newEntryGateView } from '../../machines/diary/new-entry-gate.machine';
import type { DailyUsage } from '../../machines/billing/daily-access';
import {
  describeMachineTables,
  stateValue,
  type Effect,
  type StateRow,
  type TransitionRow,
} from '../support/machine-tables';

// Voice seconds left over, so only the diary's allowance can decide.
const usage = (limit: number | null, used: number): DailyUsage => ({
  diary_entries_limit: limit,
  diary_entries_used: used,
  voice_seconds_limit: 600,
  voice_seconds_used: 0,
});

// The gate as two tables: a press with home's mood or none, then every usage outcome (the diary not on the plan,
// today's limit reached, below it, no usage info, a failed load) and where each leads.
const PREFILLS = { plain: null, mood: { mood: 'good' } } as const;
const USAGE = {
  'not on the plan': { output: usage(null, 0), effect: ['openUpgradeDialog', { key: 'diary_not_available' }] },
  'limit reached': { output: usage(10, 10), effect: ['openUpgradeDialog', { key: 'diary_limit_reached' }] },
  'below the limit': { output: usage(10, 9), effect: null },
  'no usage info': { output: null, effect: null },
} as const;
type Prefill = keyof typeof PREFILLS;
const gateKey = (s: AnyMachineSnapshot) => {
  const prefill = (s.context as { prefill: unknown }).prefill;
  return `${stateValue(s)} ${prefill === null ? 'plain' : 'mood'}`;
};
// Before any press the prefill is none, as after a plain one.
const gateStates: Record<string, StateRow> = {};
const gateTransitions: Record<string, Record<string, string | TransitionRow>> = {};
for (const [p, prefill] of Object.entries(PREFILLS) as Array<[Prefill, (typeof PREFILLS)[Prefill]]>) {
  // Repeated presses are ignored while usage loads; the buttons that open the form are disabled meanwhile.
  gateStates[`idle ${p}`] = { view: { checking: false }, can: { PRESS: true } };
  gateStates[`checking ${p}`] = { view: { checking: true }, can: { PRESS: false }, running: ['loadUsage'] };
  gateTransitions[`idle ${p}`] = Object.fromEntries(
    (Object.keys(PREFILLS) as Prefill[]).map((q) => [
      `PRESS ${q}`,
      { to: `checking ${q}`, invokes: [{ id: 'loadUsage', src: 'loadUsage', input: undefined }] },
    ]),
  );
  // The form opens with the press's own navigation state (home's mood), or none.
  const form: Effect = ['navigate', { to: '/app/diary/new', state: prefill }];
  gateTransitions[`checking ${p}`] = {
    ...Object.fromEntries(
      Object.entries(USAGE).map(([label, { effect }]) => [
        `done.actor.loadUsage ${label}`,
        { to: `idle ${p}`, effects: [(effect as Effect | null) ?? form] },
      ]),
    ),
    'error.actor.loadUsage': { to: `idle ${p}`, effects: [form] },
  };
}
describeMachineTables(newEntryGateMachine, {
  view: newEntryGateView,
  events: {
    PRESS: { plain: { type: 'PRESS' }, mood: { type: 'PRESS', prefill: PREFILLS.mood } },
    'xstate.done.actor.loadUsage': Object.fromEntries(
      Object.entries(USAGE).map(([label, { output }]) => [label, { type: 'xstate.done.actor.loadUsage', output }]),
    ),
  },
  key: gateKey,
  states: gateStates,
  transitions: gateTransitions,
  counts: { paths: 11, transitions: 14 },
});

async function press(load: () => Promise<DailyUsage | null>, prefill?: { mood: 'good' }) {
  const effects: Array<[string, unknown]> = [];
  let loads = 0;
  const actor = createActor(
    newEntryGateMachine.provide({
      actors: { loadUsage: fromPromise(() => (loads++, load() as Promise<UsageInfo | null>)) },
      actions: {
        navigate: (_, p) => void effects.push(['navigate', p]),
        openUpgradeDialog: (_, p) => void effects.push(['openUpgradeDialog', p]),
      },
    }),
  ).start();
  actor.send({ type: 'PRESS', prefill });
  actor.send({ type: 'PRESS' }); // a double tap while checking is ignored
  await waitFor(actor, (s) => s.matches('idle'));
  return { effects, loads };
}

describe('new entry gate outcomes', () => {
  it.each([
    ['diary not on the plan', usage(null, 0), ['openUpgradeDialog', { key: 'diary_not_available' }]],
    ['daily limit reached', usage(3, 3), ['openUpgradeDialog', { key: 'diary_limit_reached' }]],
    ['below the limit', usage(3, 2), ['navigate', { to: '/app/diary/new', state: null }]],
    ['no usage info', null, ['navigate', { to: '/app/diary/new', state: null }]],
  ] as const)('%s', async (_name, u, effect) => {
    expect(await press(async () => u)).toEqual({ effects: [effect], loads: 1 });
  });
  it('usage failing to load does not block', async () => {
    expect((await press(() => Promise.reject(new Error('offline')))).effects).toEqual([
      ['navigate', { to: '/app/diary/new', state: null }],
    ]);
  });
  it('home’s mood travels with the press to the form; a refusal opens the dialog instead', async () => {
    expect((await press(async () => usage(3, 0), { mood: 'good' })).effects).toEqual([
      ['navigate', { to: '/app/diary/new', state: { mood: 'good' } }],
    ]);
    expect((await press(async () => usage(null, 0), { mood: 'good' })).effects).toEqual([
      ['openUpgradeDialog', { key: 'diary_not_available' }],
    ]);
  });
});
