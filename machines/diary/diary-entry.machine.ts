// The diary entry detail: load the entry (missing → «Запись не найдена», other failure →
// «Не удалось загрузить запись» with retry), toggle its favourite flag (the server's entry replacing ours), and
// «Удалить запись» after a confirmation (then back to the list, or a toast and the entry stays).
import { assign, setup, type SnapshotFrom } from 'xstate';
import type { DiaryEntry } from '../../contract/diary';
import { stubAction, stubActor, type NavigateParams, type ToastParams } from '../effects';
import { paths } from '../paths';
import { topState } from '../view-model';

export interface DiaryEntryContext {
  id: string;
  entry: DiaryEntry | null;
}

export const diaryEntryMachine = setup({
  types: {
    context: {} as DiaryEntryContext,
    input: {} as { id: string },
    events: {} as
      | { type: 'RETRY' }
      | { type: 'FAVORITE.TOGGLE' }
      | { type: 'BACK' }
      | { type: 'DELETE.ASK' }
      | { type: 'DELETE.CONFIRM' }
      | { type: 'DELETE.CANCEL' },
  },
  actors: {
    /** Resolves to null when the entry does not exist or belongs to someone else (HTTP 404). */
    loadEntry: stubActor<DiaryEntry | null, { id: string }>(),
    toggleFavorite: stubActor<DiaryEntry, { id: string }>(),
    deleteEntry: stubActor<void, { id: string }>(),
  },
  actions: {
    toast: stubAction<ToastParams>(),
    navigate: stubAction<NavigateParams>(),
  },
  guards: {
    isMissing: (_, params: { entry: DiaryEntry | null }) => params.entry === null,
  },
}).createMachine({
  id: 'diaryEntry',
  description: 'One diary entry with its favourite toggle.',
  context: ({ input }) => ({ id: input.id, entry: null }),
  initial: 'loading',
  on: {
    BACK: { actions: { type: 'navigate', params: { to: paths.diary } } },
  },
  states: {
    loading: {
      invoke: {
        id: 'loadEntry',
        src: 'loadEntry',
        input: ({ context }) => ({ id: context.id }),
        onDone: [
          { guard: { type: 'isMissing', params: ({ event }) => ({ entry: event.output }) }, target: 'notFound' },
          { target: 'ready', actions: assign({ entry: ({ event }) => event.output }) },
        ],
        onError: { target: 'error' },
      },
    },
    notFound: { description: '«Запись не найдена»' },
    error: {
      description: '«Не удалось загрузить запись» with a retry button.',
      on: { RETRY: { target: 'loading' } },
    },
    ready: {
      initial: 'idle',
      states: {
        idle: { on: { 'FAVORITE.TOGGLE': { target: 'toggling' }, 'DELETE.ASK': { target: 'confirmingDelete' } } },
        toggling: {
          description: 'The star is disabled while the request runs.',
          invoke: {
            id: 'toggleFavorite',
            src: 'toggleFavorite',
            input: ({ context }) => ({ id: context.id }),
            onDone: { target: 'idle', actions: assign({ entry: ({ event }) => event.output }) },
            onError: { target: 'idle', actions: { type: 'toast', params: { key: 'favoriteFailed' } } },
          },
        },
        confirmingDelete: {
          description: 'The sheet «Удалить запись?»: «Удалить» or «Отмена».',
          on: { 'DELETE.CONFIRM': { target: 'deleting' }, 'DELETE.CANCEL': { target: 'idle' } },
        },
        deleting: {
          invoke: {
            id: 'deleteEntry',
            src: 'deleteEntry',
            input: ({ context }) => ({ id: context.id }),
            onDone: {
              target: '#diaryEntry.deleted',
              actions: [
                { type: 'toast', params: { key: 'entryDeleted' } },
                { type: 'navigate', params: { to: paths.diary, replace: true } },
              ],
            },
            onError: { target: 'idle', actions: { type: 'toast', params: { key: 'entryDeleteFailed' } } },
          },
        },
      },
    },
    deleted: { description: 'Gone: the app is on its way back to the list.' },
  },
});

export type DiaryEntryStatus = 'loading' | 'notFound' | 'error' | 'ready' | 'deleted';

/** What the entry screen shows: the status, the entry once loaded, and whether its star is busy. */
export function diaryEntryView(snapshot: SnapshotFrom<typeof diaryEntryMachine>) {
  return {
    status: topState<DiaryEntryStatus>(snapshot),
    entry: snapshot.context.entry,
    toggling: snapshot.matches({ ready: 'toggling' }),
    /** The delete confirmation is open (and stays, busy, while the entry is being deleted). */
    confirmingDelete: snapshot.matches({ ready: 'confirmingDelete' }) || snapshot.matches({ ready: 'deleting' }),
    deleting: snapshot.matches({ ready: 'deleting' }),
  };
}
