// Generated paths of the diary entry detail machine (with «Удалить запись» after a confirmation and «Изменить» with
// its edit draft), the date-range helper of the list filters, and the untitled entry's heading.
import { beforeEach, describe, expect, it } from 'vitest';
import { diaryEntryMachine, diaryEntryView } from '../../machines/diary/diary-entry.machine';
import { queryForFilter } from '../../machines/diary/diary-filters';
import { entryHeading, parseEditDrafts } from '../../machines/diary/entry-edit';
import { describeMachinePaths } from '../support/path-tests';
import { makeEntry } from './diary-fixtures';

const effects: Array<[string, unknown?]> = [];
const record = (name: string) => (_: unknown, params?: unknown) => void effects.push([name, params]);
beforeEach(() => {
  effects.length = 0;
});

describeMachinePaths(diaryEntryMachine, {
  input: { id: 'e1' },
  provide: {
    actions: {
      toast: record('toast'),
      navigate: record('navigate'),
      saveEditDraft: record('saveEditDraft'),
      clearEditDraft: record('clearEditDraft'),
    },
  },
  events: {
    'xstate.done.actor.restoreEditDraft': [
      { type: 'xstate.done.actor.restoreEditDraft', output: null },
      {
        type: 'xstate.done.actor.restoreEditDraft',
        output: { id: 'e1', title: '', content: 'Недописанное вчера', mood: 'bad' },
      },
    ],
    'xstate.done.actor.updateEntry': [
      { type: 'xstate.done.actor.updateEntry', output: makeEntry(1, { content: 'Исправлено', mood: 'good' }) },
    ],
    'EDIT.CONTENT': [
      { type: 'EDIT.CONTENT', value: '  ' },
      { type: 'EDIT.CONTENT', value: 'Исправлено' },
    ],
    'EDIT.TITLE': [{ type: 'EDIT.TITLE', value: '  Новый заголовок ' }],
    'EDIT.MOOD': [{ type: 'EDIT.MOOD', mood: 'good' }],
    'xstate.done.actor.loadEntry': [
      { type: 'xstate.done.actor.loadEntry', output: makeEntry(1) },
      { type: 'xstate.done.actor.loadEntry', output: null },
    ],
    'xstate.done.actor.toggleFavorite': [
      { type: 'xstate.done.actor.toggleFavorite', output: makeEntry(1, { is_favorite: true }) },
    ],
  },
  serializeState: (s) =>
    JSON.stringify([s.value, s.context.entry?.is_favorite ?? null, s.context.edit?.content.trim() === '']),
  assert: {
    loading: (s, run) => {
      expect(run.invocations.at(-1)).toMatchObject({ id: 'loadEntry', input: { id: 'e1' } });
      expect(diaryEntryView(s)).toEqual({
        status: 'loading',
        entry: null,
        edit: null,
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
    'ready.restoring': (s, run) => {
      expect(run.invocations.at(-1)).toMatchObject({ id: 'restoreEditDraft', input: { id: 'e1' } });
      expect(diaryEntryView(s)).toMatchObject({ status: 'ready', edit: null });
      expect(s.can({ type: 'EDIT.START' })).toBe(false);
    },
    'ready.idle': (s, run) => {
      expect(diaryEntryView(s)).toMatchObject({
        edit: null,
        toggling: false,
        confirmingDelete: false,
        deleting: false,
      });
      const last = run.events.at(-1)?.type;
      if (last === 'xstate.done.actor.updateEntry') {
        // Saved: the server's entry shows, and only now is the draft dropped.
        expect(s.context.entry).toMatchObject({ content: 'Исправлено', mood: 'good' });
        expect(effects.slice(-2)).toEqual([
          ['clearEditDraft', { id: 'e1' }],
          ['toast', { key: 'entryUpdated' }],
        ]);
      }
      if (last === 'EDIT.CANCEL') expect(effects.at(-1)).toEqual(['clearEditDraft', { id: 'e1' }]);
      const [name, params] = effects.at(-1) ?? [];
      if (name === 'toast')
        expect(['favoriteFailed', 'entryDeleteFailed', 'entryUpdated']).toContain((params as { key: string }).key);
      // Only BACK navigates from here, to the list (no replace: it is not a deletion).
      for (const [name, params] of effects) if (name === 'navigate') expect(params).toEqual({ to: '/app/diary' });
    },
    'ready.editing': (s, run) => {
      const { edit } = diaryEntryView(s);
      expect(edit).toMatchObject({ id: 'e1', editable: true, saving: false });
      expect(edit!.canSave).toBe(s.context.edit!.content.trim() !== '');
      expect(s.can({ type: 'FAVORITE.TOGGLE' })).toBe(false);
      const last = run.events.at(-1);
      if (last?.type === 'EDIT.START')
        expect(s.context.edit).toEqual({ id: 'e1', title: 'Запись 1', content: 'Текст 1', mood: null });
      if (last?.type === 'xstate.done.actor.restoreEditDraft')
        expect(s.context.edit).toEqual({ id: 'e1', title: '', content: 'Недописанное вчера', mood: 'bad' });
      // Every change is in the draft at once.
      if (last?.type.startsWith('EDIT.') && last.type !== 'EDIT.START' && last.type !== 'EDIT.SAVE')
        expect(effects.at(-1)).toEqual(['saveEditDraft', s.context.edit]);
      if (last?.type === 'EDIT.SAVE') expect(effects.at(-1)).toEqual(['toast', { key: 'blankContent' }]);
      // A failed save keeps everything typed, and the draft is not cleared.
      if (last?.type === 'xstate.error.actor.updateEntry') {
        expect(effects.at(-1)).toEqual(['toast', { key: 'updateFailed' }]);
        expect(effects.some(([name]) => name === 'clearEditDraft')).toBe(false);
      }
    },
    'ready.saving': (s, run) => {
      const { title, content, mood } = s.context.edit!;
      expect(run.invocations.at(-1)).toEqual(
        expect.objectContaining({
          id: 'updateEntry',
          input: { id: 'e1', body: { title: title.trim() || null, content: content.trim(), mood } },
        }),
      );
      expect(diaryEntryView(s).edit).toMatchObject({ editable: false, saving: true, canSave: false });
      expect(s.can({ type: 'EDIT.CANCEL' })).toBe(false);
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

describe('entryHeading: an untitled entry is named by its first words', () => {
  it.each([
    [{ title: 'Вечер', content: 'Текст' }, 'Вечер'],
    [{ title: '  ', content: 'Сегодня   был\nхороший день' }, 'Сегодня был хороший день'],
    [
      { title: null, content: 'Сегодня утром я долго не могла встать, потому что всю ночь думала о работе' },
      'Сегодня утром я долго не могла встать, потому…',
    ],
    [
      { title: null, content: 'Оченьоченьоченьоченьоченьоченьоченьоченьдлинноеслово' },
      'Оченьоченьоченьоченьоченьоченьоченьоченьдлинноес…', // 48 characters, then «…»
    ],
  ])('%j → %s', (entry, heading) => expect(entryHeading(entry)).toBe(heading));
});

describe('parseEditDrafts: storage may hold anything', () => {
  it('keeps well-formed drafts (one per entry, the last wins), cuts what the server would refuse', () => {
    const raw = JSON.stringify([
      { id: 'e1', title: 'Старый', content: 'Первый', mood: 'bad' },
      'junk',
      { id: 'e2', title: 5, content: 'a\u0000b', mood: 'awful' },
      { id: '', content: 'без id' },
      { id: 'e1', title: 'Новый', content: 'Второй', mood: null },
    ]);
    expect(parseEditDrafts(raw)).toEqual([
      { id: 'e2', title: '', content: 'ab', mood: null },
      { id: 'e1', title: 'Новый', content: 'Второй', mood: null },
    ]);
    expect(parseEditDrafts('{not json')).toEqual([]);
  });
});
