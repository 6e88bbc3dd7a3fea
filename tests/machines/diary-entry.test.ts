// The diary entry detail machine as two tables (with «Удалить запись» after a confirmation and «Изменить» with its
// edit draft), the date-range helper of the list filters, and the untitled entry's heading.
import { isDeepStrictEqual } from 'node:util';
import { describe, expect, it } from 'vitest';
import type { AnyMachineSnapshot } from 'xstate';
import type { DiaryEntry, Mood } from '../../contract/diary';
import { diaryEntryMachine, diaryEntryView, type DiaryEntryContext } from '../../machines/diary/diary-entry.machine';
import { queryForFilter } from '../../machines/diary/diary-filters';
import { entryHeading, parseEditDrafts } from '../../machines/diary/entry-edit';
import {
  describeMachineTables,
  stateValue,
  type Effect,
  type StateRow,
  type TransitionRow,
} from '../support/machine-tables';
import { makeEntry } from './diary-fixtures';

// The entry page as two tables, built from a model written here: load (found, missing, failed, retried), the edit
// draft restored or not, the star (the server's entry replacing ours), «Удалить запись» after its sheet, and
// «Изменить» — every change saved in the draft at once, blank content refused with a toast, the server's entry after
// a save (only then is the draft cleared), a failed save keeping everything typed; Back to the list from anywhere.
const E1 = makeEntry(1);
const FAV = makeEntry(1, { is_favorite: true });
const UPDATED = makeEntry(1, { content: 'Исправлено', mood: 'good' });
const ENTRIES = { e1: E1, fav: FAV, updated: UPDATED } as const;
type EntryName = keyof typeof ENTRIES;
type Edit = { id: 'e1'; title: string; content: string; mood: Mood | null };
/** «Изменить» starts from the entry as it is (no title shows as none); the draft restored from an earlier visit. */
const FROM_ENTRY: Edit = { id: 'e1', title: 'Запись 1', content: 'Текст 1', mood: null };
const DRAFT: Edit = { id: 'e1', title: '', content: 'Недописанное вчера', mood: 'bad' };
const NEW_TITLE = '  Новый заголовок ';
const FIXED = 'Исправлено';
const BLANK = '  ';
interface EntryModel {
  at: string;
  entry: EntryName | null;
  edit: Edit | null;
}
const nameOf = (entry: DiaryEntry | null) =>
  entry === null
    ? null
    : ((Object.keys(ENTRIES) as EntryName[]).find((k) => isDeepStrictEqual(ENTRIES[k], entry)) ?? '?');
const entryKey = (m: EntryModel) => `${m.at} ${m.entry ?? '-'} ${m.edit ? JSON.stringify(m.edit) : '-'}`;
const decodeEntry = (s: AnyMachineSnapshot): EntryModel => {
  const c = s.context as DiaryEntryContext;
  return { at: stateValue(s), entry: nameOf(c.entry) as EntryName | null, edit: c.edit as Edit | null };
};
const EDIT_CASES = {
  'EDIT.CONTENT blank': { type: 'EDIT.CONTENT', value: BLANK },
  'EDIT.CONTENT fixed': { type: 'EDIT.CONTENT', value: FIXED },
  'EDIT.TITLE new': { type: 'EDIT.TITLE', value: NEW_TITLE },
  'EDIT.MOOD good': { type: 'EDIT.MOOD', mood: 'good' },
} as const;
/** The walk edits in one order (content, then title, then mood): every field changes, without every combination. */
function walked(m: EntryModel, e: { type: string; value?: string; mood?: string }): boolean {
  const edit = m.edit;
  // The draft's mood is «bad» until the walk's last change; the entry has none.
  const origin = edit?.mood === 'bad' ? DRAFT : FROM_ENTRY;
  switch (e.type) {
    case 'FAVORITE.TOGGLE':
    case 'EDIT.START':
    case 'DELETE.ASK':
      return m.entry === 'e1';
    case 'EDIT.CONTENT':
      return e.value === BLANK ? edit!.content === origin.content : edit!.content !== FIXED;
    case 'EDIT.TITLE':
      return edit!.content === FIXED && edit!.title !== NEW_TITLE;
    case 'EDIT.MOOD':
      return edit!.title === NEW_TITLE && edit!.mood !== 'good';
    default:
      return true;
  }
}
type Move = { to: EntryModel; effects?: Effect[]; invokes?: Array<{ id: string; src: string; input: unknown }> };
const call = (id: string, input: unknown = { id: 'e1' }) => [{ id, src: id, input }];
function entryMoves(m: EntryModel): Record<string, Move> {
  const at = (where: string, over: Partial<EntryModel> = {}) => ({ ...m, at: where, ...over });
  const out: Record<string, Move> = { BACK: { to: m, effects: [['navigate', { to: '/app/diary' }]] } };
  const toast = (key: string): Effect => ['toast', { key }];
  switch (m.at) {
    case 'loading':
      out['done.actor.loadEntry found'] = {
        to: at('ready.restoring', { entry: 'e1' }),
        invokes: call('restoreEditDraft'),
      };
      out['done.actor.loadEntry missing'] = { to: at('notFound') };
      out['error.actor.loadEntry'] = { to: at('error') };
      break;
    case 'error':
      out.RETRY = { to: at('loading'), invokes: call('loadEntry') };
      break;
    case 'ready.restoring':
      out['done.actor.restoreEditDraft none'] = { to: at('ready.idle') };
      out['done.actor.restoreEditDraft draft'] = { to: at('ready.editing', { edit: DRAFT }) };
      out['error.actor.restoreEditDraft'] = { to: at('ready.idle') };
      break;
    case 'ready.idle':
      if (m.entry === 'e1') {
        out['FAVORITE.TOGGLE'] = { to: at('ready.toggling'), invokes: call('toggleFavorite') };
        out['DELETE.ASK'] = { to: at('ready.confirmingDelete') };
        out['EDIT.START'] = { to: at('ready.editing', { edit: FROM_ENTRY }) };
      }
      break;
    case 'ready.toggling':
      out['done.actor.toggleFavorite'] = { to: at('ready.idle', { entry: 'fav' }) };
      out['error.actor.toggleFavorite'] = { to: at('ready.idle'), effects: [toast('favoriteFailed')] };
      break;
    case 'ready.confirmingDelete':
      out['DELETE.CONFIRM'] = { to: at('ready.deleting'), invokes: call('deleteEntry') };
      out['DELETE.CANCEL'] = { to: at('ready.idle') };
      break;
    case 'ready.deleting':
      out['done.actor.deleteEntry'] = {
        to: at('deleted'),
        effects: [toast('entryDeleted'), ['navigate', { to: '/app/diary', replace: true }]],
      };
      out['error.actor.deleteEntry'] = { to: at('ready.idle'), effects: [toast('entryDeleteFailed')] };
      break;
    case 'ready.editing': {
      const edit = m.edit!;
      for (const [k, e] of Object.entries(EDIT_CASES)) {
        if (!walked(m, e)) continue;
        const field = e.type === 'EDIT.MOOD' ? 'mood' : e.type === 'EDIT.TITLE' ? 'title' : 'content';
        const next = { ...edit, [field]: 'mood' in e ? e.mood : e.value };
        out[k] = { to: at('ready.editing', { edit: next }), effects: [['saveEditDraft', next]] };
      }
      out['EDIT.SAVE'] =
        edit.content.trim() === ''
          ? { to: m, effects: [toast('blankContent')] }
          : {
              to: at('ready.saving'),
              invokes: call('updateEntry', {
                id: 'e1',
                body: { title: edit.title.trim() || null, content: edit.content.trim(), mood: edit.mood },
              }),
            };
      out['EDIT.CANCEL'] = { to: at('ready.idle', { edit: null }), effects: [['clearEditDraft', { id: 'e1' }]] };
      break;
    }
    case 'ready.saving':
      out['done.actor.updateEntry'] = {
        to: at('ready.idle', { entry: 'updated', edit: null }),
        effects: [['clearEditDraft', { id: 'e1' }], toast('entryUpdated')],
      };
      out['error.actor.updateEntry'] = { to: at('ready.editing'), effects: [toast('updateFailed')] };
      break;
  }
  return out;
}
const entryView = (m: EntryModel) => {
  const editing = m.at === 'ready.editing';
  return {
    status: m.at.split('.')[0],
    entry: m.entry ? ENTRIES[m.entry] : null,
    edit: m.edit && {
      ...m.edit,
      editable: editing,
      saving: m.at === 'ready.saving',
      canSave: editing && m.edit.content.trim() !== '',
      atRisk: false,
    },
    toggling: m.at === 'ready.toggling',
    confirmingDelete: m.at === 'ready.confirmingDelete' || m.at === 'ready.deleting',
    deleting: m.at === 'ready.deleting',
  };
};
const entryCan = (m: EntryModel) => {
  const editing = m.at === 'ready.editing';
  const idle = m.at === 'ready.idle';
  return {
    RETRY: m.at === 'error',
    'FAVORITE.TOGGLE': idle,
    BACK: true,
    'DELETE.ASK': idle,
    'DELETE.CONFIRM': m.at === 'ready.confirmingDelete',
    'DELETE.CANCEL': m.at === 'ready.confirmingDelete',
    'EDIT.START': idle,
    'EDIT.TITLE': editing,
    'EDIT.CONTENT': editing,
    'EDIT.MOOD': editing,
    'EDIT.SAVE': editing,
    'EDIT.CANCEL': editing,
  };
};
const RUNNING: Record<string, string[]> = {
  loading: ['loadEntry'],
  'ready.restoring': ['restoreEditDraft'],
  'ready.toggling': ['toggleFavorite'],
  'ready.deleting': ['deleteEntry'],
  'ready.saving': ['updateEntry'],
};
const entryStates: Record<string, StateRow> = {};
const entryTransitions: Record<string, Record<string, string | TransitionRow>> = {};
for (const queue: EntryModel[] = [{ at: 'loading', entry: null, edit: null }]; queue.length;) {
  const m = queue.shift()!;
  const k = entryKey(m);
  if (entryStates[k]) continue;
  entryStates[k] = { view: entryView(m), can: entryCan(m), running: RUNNING[m.at] ?? [] };
  entryTransitions[k] = {};
  for (const [ev, move] of Object.entries(entryMoves(m))) {
    entryTransitions[k][ev] = {
      to: entryKey(move.to),
      effects: move.effects ?? [],
      ...(move.invokes ? { invokes: move.invokes } : {}),
    };
    queue.push(move.to);
  }
}
describeMachineTables(diaryEntryMachine, {
  view: diaryEntryView,
  input: { id: 'e1' },
  events: {
    'xstate.done.actor.loadEntry': {
      found: { type: 'xstate.done.actor.loadEntry', output: E1 },
      missing: { type: 'xstate.done.actor.loadEntry', output: null },
    },
    'xstate.done.actor.restoreEditDraft': {
      none: { type: 'xstate.done.actor.restoreEditDraft', output: null },
      draft: { type: 'xstate.done.actor.restoreEditDraft', output: DRAFT },
    },
    'xstate.done.actor.toggleFavorite': { '': { type: 'xstate.done.actor.toggleFavorite', output: FAV } },
    'xstate.done.actor.updateEntry': { '': { type: 'xstate.done.actor.updateEntry', output: UPDATED } },
    ...Object.fromEntries(
      ['EDIT.CONTENT', 'EDIT.TITLE', 'EDIT.MOOD'].map((type) => [
        type,
        Object.fromEntries(
          Object.entries(EDIT_CASES)
            .filter(([k]) => k.startsWith(`${type} `))
            .map(([k, e]) => [k.slice(type.length + 1), e]),
        ),
      ]),
    ),
  },
  filterEvents: (s, e) => walked(decodeEntry(s), e as never),
  key: (s) => entryKey(decodeEntry(s)),
  states: entryStates,
  transitions: entryTransitions,
  counts: { paths: 59, transitions: 85 },
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
