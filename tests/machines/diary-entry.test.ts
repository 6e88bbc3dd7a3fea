// Generated paths of the diary entry detail machine, and the date-range helper of the list filters.
import { describe, expect, it } from 'vitest';
import { diaryEntryMachine, diaryEntryView } from '../../machines/diary/diary-entry.machine';
import { queryForFilter } from '../../machines/diary/diary-filters';
import { describeMachinePaths } from '../support/path-tests';
import { makeEntry } from './diary-fixtures';

describeMachinePaths(diaryEntryMachine, {
  input: { id: 'e1' },
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
      expect(diaryEntryView(s)).toEqual({ status: 'loading', entry: null, toggling: false });
    },
    'ready.toggling': (s, run) => {
      expect(run.invocations.at(-1)).toMatchObject({ id: 'toggleFavorite', input: { id: 'e1' } });
      expect(s.can({ type: 'FAVORITE.TOGGLE' })).toBe(false);
      // The star is disabled while its request runs.
      expect(diaryEntryView(s).toggling).toBe(true);
    },
    'ready.idle': (s) => expect(diaryEntryView(s).toggling).toBe(false),
    ready: (s) => {
      expect(s.context.entry?.id).toBe('e1');
      expect(diaryEntryView(s)).toMatchObject({ status: 'ready', entry: s.context.entry });
    },
    notFound: (s) => {
      expect(s.context.entry).toBeNull();
      expect(diaryEntryView(s)).toEqual({ status: 'notFound', entry: null, toggling: false });
    },
    error: (s) => {
      expect(diaryEntryView(s)).toEqual({ status: 'error', entry: null, toggling: false });
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
