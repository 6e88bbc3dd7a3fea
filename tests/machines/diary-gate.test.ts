// The new-entry gate ('Новая запись', home's 'Записать'): generated paths over every usage outcome and an outcome
// table (the rule itself, shared with voice input: daily-access.test.ts).
import type { UsageInfo } from '../../contract/billing';
import { beforeEach, describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { newEntryGateMachine, newEntryGateView } from '../../machines/diary/new-entry-gate.machine';
import type { DailyUsage } from '../../machines/billing/daily-access';
import { describeMachinePaths } from '../support/path-tests';

// Voice seconds left over, so only the diary's allowance can decide.
const usage = (limit: number | null, used: number): DailyUsage => ({
  diary_entries_limit: limit,
  diary_entries_used: used,
  voice_seconds_limit: 600,
  voice_seconds_used: 0,
});

const effects: Array<[string, unknown]> = [];
beforeEach(() => {
  effects.length = 0;
});

describeMachinePaths(newEntryGateMachine, {
  provide: {
    actions: {
      navigate: (_: unknown, p: unknown) => void effects.push(['navigate', p]),
      openUpgradeDialog: (_: unknown, p: unknown) => void effects.push(['openUpgradeDialog', p]),
    },
  },
  events: {
    PRESS: [{ type: 'PRESS' }, { type: 'PRESS', prefill: { mood: 'good' } }],
    'xstate.done.actor.loadUsage': [
      { type: 'xstate.done.actor.loadUsage', output: usage(null, 0) },
      { type: 'xstate.done.actor.loadUsage', output: usage(10, 10) },
      { type: 'xstate.done.actor.loadUsage', output: usage(10, 3) },
      { type: 'xstate.done.actor.loadUsage', output: null },
    ],
  },
  serializeState: (s) => JSON.stringify([s.value, s.context.prefill]),
  assert: {
    checking: (s, run) => {
      expect(run.invocations.at(-1)).toMatchObject({ id: 'loadUsage' });
      // The buttons that open the form are disabled while usage loads.
      expect(newEntryGateView(s)).toEqual({ checking: true });
    },
    idle: (s) => {
      expect(newEntryGateView(s)).toEqual({ checking: false });
      // The form opens with the press's own navigation state (home's mood), or none.
      const last = effects.at(-1);
      if (last?.[0] === 'navigate') expect(last[1]).toEqual({ to: '/app/diary/new', state: s.context.prefill });
      if (last?.[0] === 'openUpgradeDialog')
        expect(['diary_not_available', 'diary_limit_reached']).toContain((last[1] as { key: string }).key);
    },
  },
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
