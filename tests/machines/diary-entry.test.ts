// Generated paths of the diary entry detail machine (with «Удалить запись» after a confirmation), and the
// date-range helper of the list filters.
import { beforeEach, describe, expect, it } from 'vitest';
import { diaryEntryMachine, diaryEntryView } from '../../machines/diary/diary-entry.machine';
import { queryForFilter } from '../../machines/diary/diary-filters';
import { describeMachinePaths } from '../support/path-tests';
import { makeEntry } from './diary-fixtures';

const effects: Array<[string, unknown?]> = [];
const record = (name: string) => (_: unknown, params?: unknown) => void effects.push([name, params]);
beforeEach(() => {
  effects.length = 0;
});

describeMachinePaths(diaryEntryMachine, {
  input: { id: 'e1' },
  provide: { actions: { toast: record('toast'), navigate: record('navigate') } },
  events: {
    'xstate.done.actor.loadEntry': [
      { type: 'xstate.done.actor.loadEntry', output: makeEntry(1) },
      { type: 'xstate.done.actor.loadEntry', output: null },
    ],
    'xstate.done.actor.toggleFavorite': [
      { type: 'xstate.done.actor.toggleFavorite', output: makeEntry(1, { is_favorite: true }) },
    ],
  },
  serializeState: (s) => JSON.stringify([s.value, s.context.entry?.is_favorite ?? null]),
  assert: {
    loading: (s, run) => {
      expect(run.invocations.at(-1)).toMatchObject({ id: 'loadEntry', input: { id: 'e1' } });
      expect(diaryEntryView(s)).toEqual({
        status: 'loading',
        entry: null,
        toggling: false,
        confirmingDelete: false,
        deleting: false,
      });
    },
    'ready.toggling': (s, run) => {
      expect(run.invocations.at(-1)).toMatchObject({ id: 'toggleFavorite', input: { id: 'e1' } });
      expect(s.can({ type: 'FAVORITE.TOGGLE' })).toBe(false);
      // The star is disabled while its request runs.
      expect(diaryEntryView(s).toggling).toBe(true);
    },
    'ready.idle': (s) => {
      expect(diaryEntryView(s)).toMatchObject({ toggling: false, confirmingDelete: false, deleting: false });
      const [name, params] = effects.at(-1) ?? [];
      if (name === 'toast') expect(['favoriteFailed', 'entryDeleteFailed']).toContain((params as { key: string }).key);
      // Only BACK navigates from here, to the list (no replace: it is not a deletion).
      for (const [name, params] of effects) if (name === 'navigate') expect(params).toEqual({ to: '/app/diary' });
    },
    'ready.confirmingDelete': (s) => {
      expect(diaryEntryView(s)).toMatchObject({ confirmingDelete: true, deleting: false });
      expect(s.can({ type: 'FAVORITE.TOGGLE' })).toBe(false);
    },
    'ready.deleting': (s, run) => {
      expect(run.invocations.at(-1)).toMatchObject({ id: 'deleteEntry', input: { id: 'e1' } });
      // The sheet stays, busy; it cannot be cancelled while the entry goes.
      expect(diaryEntryView(s)).toMatchObject({ confirmingDelete: true, deleting: true });
      expect(s.can({ type: 'DELETE.CANCEL' })).toBe(false);
    },
    deleted: (s) => {
      expect(diaryEntryView(s)).toMatchObject({ status: 'deleted', confirmingDelete: false, deleting: false });
      const at = effects.findIndex(([, params]) => (params as { key?: string })?.key === 'entryDeleted');
      expect(effects.slice(at, at + 2)).toEqual([
        ['toast', { key: 'entryDeleted' }],
        ['navigate', { to: '/app/diary', replace: true }],
      ]);
    },
    ready: (s) => {
      expect(s.context.entry?.id).toBe('e1');
      expect(diaryEntryView(s)).toMatchObject({ status: 'ready', entry: s.context.entry });
    },
    notFound: (s) => {
      expect(s.context.entry).toBeNull();
      expect(diaryEntryView(s)).toMatchObject({ status: 'notFound', entry: null, toggling: false });
    },
    error: (s) => {
      expect(diaryEntryView(s)).toMatchObject({ status: 'error', entry: null, toggling: false });
      expect(s.can({ type: 'RETRY' })).toBe(true);
    },
  },
});

describe('queryForFilter: the filter date ranges', () => {
  const now = new Date('2025-03-10T12:30:00.000Z');
  it('all: no filter', () => expect(queryForFilter('all', now)).toEqual({}));
  it('week: the last 7 days', () =>
    expect(queryForFilter('week', now)).toEqual({ dateFrom: '2025-03-03T12:30:00.000Z' }));
  it('month: the last 30 days', () =>
    expect(queryForFilter('month', now)).toEqual({ dateFrom: '2025-02-08T12:30:00.000Z' }));
  it('favorites: is_favorite=true', () => expect(queryForFilter('favorites', now)).toEqual({ is_favorite: 'true' }));
});
