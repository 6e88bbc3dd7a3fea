// The new diary entry form (spec sections 2, 5, 8): title, content, mood, favourite; prefilled from navigation
// state or a restored draft; every change is saved as a draft (injected `saveDraft`), which is cleared only
// after a successful save. Saving needs non-blank content; a blank SUBMIT shows the warning toast instead.
import { assign, fromPromise, setup, type SnapshotFrom } from 'xstate';
import { DIARY_CONTENT_MAX, DIARY_TITLE_MAX, type DiaryCreateBody, type DiaryEntry, type Mood } from '../../contract/diary';
import type { DiaryToastParams } from './diary-toasts';
import {
  createBodyFromForm,
  initialForm,
  isContentBlank,
  type NewEntryDraft,
  type NewEntryForm,
  type NewEntryPrefill,
} from './new-entry-draft';

export const DIARY_LIST_ROUTE = '/app/diary';

export interface NewEntryContext extends NewEntryForm {
  /** Which prefill the draft grew from (see new-entry-draft.ts). */
  basis: string;
}

export interface NewEntryInput {
  prefill?: NewEntryPrefill;
  draft?: NewEntryDraft | null;
}

export type NewEntryEvent =
  | { type: 'TITLE.CHANGE'; value: string }
  | { type: 'CONTENT.CHANGE'; value: string }
  | { type: 'MOOD.SELECT'; mood: Mood | null }
  | { type: 'FAVORITE.SET'; value: boolean }
  | { type: 'SUBMIT' }
  | { type: 'BACK' };

export const newEntryMachine = setup({
  types: {
    context: {} as NewEntryContext,
    input: {} as NewEntryInput,
    events: {} as NewEntryEvent,
  },
  actors: {
    createEntry: fromPromise<DiaryEntry, DiaryCreateBody>(async () => {
      throw new Error('createEntry not provided');
    }),
  },
  actions: {
    saveDraft: (_, _params: NewEntryDraft) => {
      /* provided by the view: the app's safe storage */
    },
    clearDraft: () => {
      /* provided by the view */
    },
    toast: (_, _params: DiaryToastParams) => {
      /* provided by the view */
    },
    navigate: (_, _params: { to: string }) => {
      /* provided by the view */
    },
  },
  guards: {
    hasContent: ({ context }) => !isContentBlank(context.content),
  },
}).createMachine({
  id: 'newEntry',
  description: 'New diary entry form with draft persistence.',
  context: ({ input }) => {
    const { form, basis } = initialForm(input.prefill, input.draft);
    return { ...form, basis };
  },
  initial: 'editing',
  states: {
    editing: {
      on: {
        BACK: {
          description: 'Back button: the draft stays for next time.',
          actions: { type: 'navigate', params: { to: DIARY_LIST_ROUTE } },
        },
        'TITLE.CHANGE': {
          actions: [
            assign({ title: ({ event }) => event.value.slice(0, DIARY_TITLE_MAX) }),
            { type: 'saveDraft', params: ({ context }) => draftOf(context) },
          ],
        },
        'CONTENT.CHANGE': {
          actions: [
            assign({ content: ({ event }) => event.value.slice(0, DIARY_CONTENT_MAX) }),
            { type: 'saveDraft', params: ({ context }) => draftOf(context) },
          ],
        },
        'MOOD.SELECT': {
          actions: [assign({ mood: ({ event }) => event.mood }), { type: 'saveDraft', params: ({ context }) => draftOf(context) }],
        },
        'FAVORITE.SET': {
          actions: [
            assign({ isFavorite: ({ event }) => event.value }),
            { type: 'saveDraft', params: ({ context }) => draftOf(context) },
          ],
        },
        SUBMIT: [
          { guard: 'hasContent', target: 'submitting' },
          {
            description: 'Blank content: warn and stay (the view also disables the button, see canSave).',
            actions: { type: 'toast', params: { key: 'blankContent' } },
          },
        ],
      },
    },
    submitting: {
      description: 'Button reads «Сохранение...», inputs are disabled (edits are not accepted here).',
      on: {
        BACK: {
          description: 'Leaving while saving: the request still completes on the server; the draft stays.',
          actions: { type: 'navigate', params: { to: DIARY_LIST_ROUTE } },
        },
      },
      invoke: {
        id: 'createEntry',
        src: 'createEntry',
        input: ({ context }) => createBodyFromForm(context),
        onDone: {
          target: 'saved',
          actions: [
            'clearDraft',
            { type: 'toast', params: { key: 'created' } },
            { type: 'navigate', params: { to: DIARY_LIST_ROUTE } },
          ],
        },
        onError: {
          target: 'editing',
          description: 'Everything typed is kept (and still in the draft).',
          actions: { type: 'toast', params: { key: 'createFailed' } },
        },
      },
    },
    saved: { type: 'final' },
  },
});

function draftOf(context: NewEntryContext): NewEntryDraft {
  const { title, content, mood, isFavorite, source, basis } = context;
  return { title, content, mood, isFavorite, source, basis };
}

type NewEntrySnapshot = SnapshotFrom<typeof newEntryMachine>;

/** Whether the save button is enabled: editing with non-blank content. */
export const canSave = (snapshot: NewEntrySnapshot) =>
  snapshot.matches('editing') && !isContentBlank(snapshot.context.content);
