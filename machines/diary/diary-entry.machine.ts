// The diary entry detail: load the entry (missing → «Запись не найдена», other failure →
// «Не удалось загрузить запись» with retry), toggle its favourite flag (the server's entry replacing ours),
// «Удалить запись» after a confirmation (then back to the list, or a toast and the entry stays), and «Изменить»:
// title, content and mood in a form whose every change is kept as the entry's edit draft (injected `saveEditDraft`),
// restored when the page opens again, and cleared only once the server took the change (entry-edit.ts).
import { assign, setup, type SnapshotFrom } from 'xstate';
import { DIARY_CONTENT_MAX, DIARY_TITLE_MAX } from '../../contract/constants';
import type { DiaryEntry, DiaryUpdateBody, Mood } from '../../contract/diary';
import { signalsRisk } from '../../contract/safety/detect';
import { cleanText } from '../clean-text';
import { stubAction, stubActor, type NavigateParams, type ToastParams } from '../effects';
import { paths } from '../paths';
import { topState } from '../view-model';
import { editDraftOf, updateBodyOf, type EditDraft } from './entry-edit';
import { isContentBlank } from './new-entry-draft';

export interface DiaryEntryContext {
  id: string;
  entry: DiaryEntry | null;
  /** The edit in progress (or restored from its draft), null when the entry is only shown. */
  edit: EditDraft | null;
}

const saveDraft = {
  type: 'saveEditDraft',
  params: ({ context }: { context: DiaryEntryContext }) => context.edit!,
} as const;

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
      | { type: 'DELETE.CANCEL' }
      | { type: 'EDIT.START' }
      | { type: 'EDIT.TITLE'; value: string }
      | { type: 'EDIT.CONTENT'; value: string }
      | { type: 'EDIT.MOOD'; mood: Mood | null }
      | { type: 'EDIT.SAVE' }
      | { type: 'EDIT.CANCEL' },
  },
  actors: {
    /** Resolves to null when the entry does not exist or belongs to someone else (HTTP 404). */
    loadEntry: stubActor<DiaryEntry | null, { id: string }>(),
    toggleFavorite: stubActor<DiaryEntry, { id: string }>(),
    deleteEntry: stubActor<void, { id: string }>(),
    updateEntry: stubActor<DiaryEntry, { id: string; body: DiaryUpdateBody }>(),
    /** The entry's unsaved edit from an earlier visit (the user's device storage), or null. */
    restoreEditDraft: stubActor<EditDraft | null, { id: string }>(),
  },
  actions: {
    toast: stubAction<ToastParams>(),
    navigate: stubAction<NavigateParams>(),
    saveEditDraft: stubAction<EditDraft>(),
    clearEditDraft: stubAction<{ id: string }>(),
  },
  guards: {
    isMissing: (_, params: { entry: DiaryEntry | null }) => params.entry === null,
    hasDraft: (_, params: { draft: EditDraft | null }) => params.draft !== null,
    hasContent: ({ context }) => context.edit !== null && !isContentBlank(context.edit.content),
  },
}).createMachine({
  id: 'diaryEntry',
  description: 'One diary entry with its favourite toggle.',
  context: ({ input }) => ({ id: input.id, entry: null, edit: null }),
  initial: 'loading',
  on: {
    BACK: {
      description: 'To the list, from any state; an edit in progress stays in its draft for the next visit.',
      actions: { type: 'navigate', params: { to: paths.diary } },
    },
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
      initial: 'restoring',
      states: {
        restoring: {
          description: 'Reading the entry’s unsaved edit, if an earlier visit left one: the form opens with it.',
          invoke: {
            id: 'restoreEditDraft',
            src: 'restoreEditDraft',
            input: ({ context }) => ({ id: context.id }),
            onDone: [
              {
                guard: { type: 'hasDraft', params: ({ event }) => ({ draft: event.output }) },
                target: 'editing',
                actions: assign({ edit: ({ event }) => event.output }),
              },
              { target: 'idle' },
            ],
            onError: { target: 'idle', description: 'Storage unreadable: the entry as it is.' },
          },
        },
        idle: {
          on: {
            'FAVORITE.TOGGLE': { target: 'toggling' },
            'DELETE.ASK': { target: 'confirmingDelete' },
            'EDIT.START': {
              target: 'editing',
              description: '«Изменить»: the form starts from the entry as it is.',
              actions: assign({ edit: ({ context }) => editDraftOf(context.entry!) }),
            },
          },
        },
        editing: {
          description: 'The form: every change is kept in the entry’s edit draft at once.',
          on: {
            'EDIT.TITLE': {
              actions: [
                assign({
                  edit: ({ context, event }) => ({ ...context.edit!, title: cleanText(event.value, DIARY_TITLE_MAX) }),
                }),
                saveDraft,
              ],
            },
            'EDIT.CONTENT': {
              actions: [
                assign({
                  edit: ({ context, event }) => ({
                    ...context.edit!,
                    content: cleanText(event.value, DIARY_CONTENT_MAX),
                  }),
                }),
                saveDraft,
              ],
            },
            'EDIT.MOOD': {
              actions: [assign({ edit: ({ context, event }) => ({ ...context.edit!, mood: event.mood }) }), saveDraft],
            },
            'EDIT.SAVE': [
              { guard: 'hasContent', target: 'saving' },
              {
                description: 'Blank content: warn and stay (the view also disables the button).',
                actions: { type: 'toast', params: { key: 'blankContent' } },
              },
            ],
            'EDIT.CANCEL': {
              target: 'idle',
              description: '«Отмена»: the entry stays as it was; the edit and its draft are dropped.',
              actions: [
                { type: 'clearEditDraft', params: ({ context }) => ({ id: context.id }) },
                assign({ edit: null }),
              ],
            },
          },
        },
        saving: {
          description: 'Button reads «Сохранение...»; the form is disabled.',
          invoke: {
            id: 'updateEntry',
            src: 'updateEntry',
            input: ({ context }) => ({ id: context.id, body: updateBodyOf(context.edit!) }),
            onDone: {
              target: 'idle',
              description: 'The server’s entry replaces ours; only now is the draft cleared.',
              actions: [
                assign({ entry: ({ event }) => event.output, edit: null }),
                { type: 'clearEditDraft', params: ({ context }) => ({ id: context.id }) },
                { type: 'toast', params: { key: 'entryUpdated' } },
              ],
            },
            onError: {
              target: 'editing',
              description: 'Everything typed stays in the form and in the draft.',
              actions: { type: 'toast', params: { key: 'updateFailed' } },
            },
          },
        },
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

/** What the entry screen shows: the status, the entry once loaded, whether its star is busy, and the edit form. */
export function diaryEntryView(snapshot: SnapshotFrom<typeof diaryEntryMachine>) {
  const { edit } = snapshot.context;
  const editing = snapshot.matches({ ready: 'editing' });
  return {
    status: topState<DiaryEntryStatus>(snapshot),
    entry: snapshot.context.entry,
    /** The edit form (while editing and while saving it), or null. */
    edit: edit
      ? {
          ...edit,
          editable: editing,
          saving: snapshot.matches({ ready: 'saving' }),
          canSave: editing && !isContentBlank(edit.content),
          atRisk: signalsRisk(edit.title, edit.content),
        }
      : null,
    toggling: snapshot.matches({ ready: 'toggling' }),
    /** The delete confirmation is open (and stays, busy, while the entry is being deleted). */
    confirmingDelete: snapshot.matches({ ready: 'confirmingDelete' }) || snapshot.matches({ ready: 'deleting' }),
    deleting: snapshot.matches({ ready: 'deleting' }),
  };
}
