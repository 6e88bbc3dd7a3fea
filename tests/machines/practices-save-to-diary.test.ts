// «Сохранить в дневник» on a step practice's finish screen: generated paths (created, refused by the plan or the
// limit, failed, tried again) with the effects and the view asserted in every state. Only an attempt that may still
// go through (the limit, a failure) keeps the draft past the session; the plan's refusal lets it go.
import { beforeEach, expect } from 'vitest';
import type { DiaryCreateBody } from '../../contract/diary';
import { saveToDiaryMachine, saveToDiaryView } from '../../machines/practices/steps/save-to-diary.machine';
import { describeMachinePaths } from '../support/path-tests';
import { makeEntry } from './diary-fixtures';

const body: DiaryCreateBody = {
  title: 'Колесо баланса',
  content: 'Энергия — 4 из 10',
  source: { source_type: 'practice_session', source_id: 'session-1' },
  client_id: '33333333-3333-4333-8333-333333333333',
};
const refusal = (refusal: 'not_available' | 'limit_reached') => Object.assign(new Error('402'), { refusal });

const effects: Array<[string, unknown?]> = [];
beforeEach(() => {
  effects.length = 0;
});
const record = (name: string) => (_: unknown, params?: unknown) => void effects.push([name, params]);

describeMachinePaths(saveToDiaryMachine, {
  input: { body },
  provide: () => {
    effects.length = 0;
    return {
      actions: {
        markSubmitted: record('markSubmitted'),
        unmarkSubmitted: record('unmarkSubmitted'),
        clearDraft: record('clearDraft'),
        toast: record('toast'),
        openUpgradeDialog: record('openUpgradeDialog'),
      },
    };
  },
  events: {
    'xstate.done.actor.createEntry': [{ type: 'xstate.done.actor.createEntry', output: makeEntry(1) }],
    'xstate.error.actor.createEntry': [
      { type: 'xstate.error.actor.createEntry', error: refusal('not_available') },
      { type: 'xstate.error.actor.createEntry', error: refusal('limit_reached') },
      { type: 'xstate.error.actor.createEntry', error: new Error('offline') },
    ],
  },
  serializeState: (s) => JSON.stringify([s.value, s.context.kept]),
  assert: {
    idle: (s, run) => {
      const attempts = run.invocations.length;
      const planRefused = effects.filter(([, params]) => (params as { key?: string })?.key === 'diary_not_available');
      const last = effects.findLast(([name]) => name === 'openUpgradeDialog' || name === 'toast');
      // Kept for later unless the last attempt was refused by the plan (waiting will not change that).
      const byPlan = last?.[0] === 'openUpgradeDialog' && (last[1] as { key: string }).key === 'diary_not_available';
      expect(saveToDiaryView(s)).toEqual({ status: 'idle', kept: attempts > 0 && !byPlan });
      // Every plan refusal, and only that, lets go of the attempt's mark, right after it was made.
      expect(effects.filter(([name]) => name === 'unmarkSubmitted')).toHaveLength(planRefused.length);
      effects.forEach(([name], i) => {
        if (name === 'unmarkSubmitted') expect(effects[i - 1]?.[0]).toBe('markSubmitted');
      });
      // Every attempt sends the same body: the draft's client id makes a retry return the entry already made.
      for (const { src, input } of run.invocations) expect([src, input]).toEqual(['createEntry', body]);
      expect(effects.filter(([name]) => name === 'markSubmitted')).toHaveLength(attempts);
      expect(effects.some(([name]) => name === 'clearDraft')).toBe(false);
      // Each failure said so: the plan's or the limit's dialog, or the toast.
      const said = effects.filter(([name]) => name === 'openUpgradeDialog' || name === 'toast');
      expect(said).toHaveLength(attempts);
      for (const effect of said)
        expect([
          ['openUpgradeDialog', { key: 'diary_not_available' }],
          ['openUpgradeDialog', { key: 'diary_limit_reached' }],
          ['toast', { key: 'createFailed' }],
        ]).toContainEqual(effect);
    },
    saving: (s, run) => {
      expect(saveToDiaryView(s)).toEqual({ status: 'saving', kept: false });
      // The attempt is recorded before the call.
      expect(effects.at(-1)).toEqual(['markSubmitted', undefined]);
      expect(run.invocations.at(-1)).toMatchObject({ src: 'createEntry', input: body });
    },
    saved: (s) => {
      expect(saveToDiaryView(s).status).toBe('saved');
      expect(effects.slice(-2)).toEqual([
        ['clearDraft', undefined],
        ['toast', { key: 'created' }],
      ]);
    },
  },
});
