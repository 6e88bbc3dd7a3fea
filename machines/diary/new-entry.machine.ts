// The new diary entry form: title, content, mood, favourite; prefilled from navigation
// state or a restored draft (injected `restoreDrafts`; the choice is startingDraft in new-entry-draft.ts). Every
// change is saved as a draft (injected `saveDraft`), cleared only after a successful save. Saving needs non-blank
// content; a blank SUBMIT shows the warning toast instead. The draft's clientId makes a repeated save of the same
// draft return the entry already made, so a retry after a lost answer, or a save that finished after the user
// left, never makes a duplicate. A plan or limit refusal (402) opens the upgrade dialog, keeping everything typed.
import { assign, setup, type SnapshotFrom } from 'xstate';
import { DIARY_CONTENT_MAX, DIARY_TITLE_MAX } from '../../contract/constants';
import type { DiaryCreateBody, DiaryEntry, Mood } from '../../contract/diary';
import { stubAction, stubActor, type NavigateParams, type ToastParams, type UpgradeDialogParams } from '../effects';
import { paths } from '../paths';
import { signalsRisk } from '../../contract/safety/on-device';
import { refusalOf, UPGRADE_KEYS } from '../billing/refusal-dialogs';
import {
  cleanText,
  createBodyFromDraft,
  isContentBlank,
  startingDraft,
  type NewEntryDraft,
  type NewEntryOpening,
  type StoredDraft,
} from './new-entry-draft';

export interface NewEntryContext extends NewEntryDraft {
  opening: NewEntryOpening;
  /** Injected id generator for clientId (crypto.randomUUID in the app). */
  newClientId: () => string;
}

export interface NewEntryInput extends NewEntryOpening {
  newClientId: () => string;
}

export type NewEntryEvent =
  | { type: 'TITLE.CHANGE'; value: string }
  | { type: 'CONTENT.CHANGE'; value: string }
  | { type: 'MOOD.SELECT'; mood: Mood | null }
  | { type: 'FAVORITE.SET'; value: boolean }
  | { type: 'SUBMIT' }
  | { type: 'BACK' };

const draftOf = ({ opening: _opening, newClientId: _newClientId, ...draft }: NewEntryContext): NewEntryDraft => draft;

/** The chat whose diary card opened the form, or null. */
const chatOf = (context: NewEntryDraft): string | null =>
  context.source?.source_type === 'ai_suggestion' && context.source.source_id ? context.source.source_id : null;

export const newEntryMachine = setup({
  types: {
    context: {} as NewEntryContext,
    input: {} as NewEntryInput,
    events: {} as NewEntryEvent,
  },
  actors: {
    restoreDrafts: stubActor<StoredDraft[]>(),
    createEntry: stubActor<DiaryEntry, DiaryCreateBody>(),
  },
  actions: {
    /** The user's draft storage (provided by the screen). */
    saveDraft: stubAction<NewEntryDraft>(),
    clearDraft: stubAction<{ basis: string }>(),
    toast: stubAction<ToastParams>(),
    navigate: stubAction<NavigateParams>(),
    openUpgradeDialog: stubAction<UpgradeDialogParams>(),
    // An edit after a save attempt is a new text: it gets a new clientId, so the server can never answer it with
    // the older entry that attempt may have made (the edit would be lost).
    renewAttemptedClientId: assign(({ context }) =>
      context.submitted ? { clientId: context.newClientId(), submitted: false } : {},
    ),
  },
  guards: {
    hasContent: ({ context }) => !isContentBlank(context.content),
    /** The form grew from a chat's diary card: it goes back to that conversation. */
    isFromChat: ({ context }) => chatOf(context) !== null,
    /** The server refused the create for the plan or the daily limit (402 with a code). */
    isRefusal: (_, { error }: { error: unknown }) => refusalOf(error) !== null,
  },
}).createMachine({
  id: 'newEntry',
  description: 'New diary entry form with draft persistence.',
  context: ({ input }) => ({
    ...startingDraft(input, [], input.newClientId),
    opening: { prefill: input.prefill, navigationKey: input.navigationKey },
    newClientId: input.newClientId,
  }),
  initial: 'restoring',
  on: {
    BACK: [
      {
        guard: 'isFromChat',
        description: 'Opened from a chat’s diary card: back to that conversation (the draft stays).',
        actions: { type: 'navigate', params: ({ context }) => ({ to: paths.chat(chatOf(context)!), replace: true }) },
      },
      {
        description:
          'Back button, in any state: the draft stays for next time. While submitting the request still completes; saving the kept draft again returns that entry (same clientId), not a duplicate.',
        actions: { type: 'navigate', params: { to: paths.diary, replace: true } },
      },
    ],
  },
  states: {
    restoring: {
      description: 'Reading the stored drafts; inputs are disabled for this moment.',
      invoke: {
        id: 'restoreDrafts',
        src: 'restoreDrafts',
        onDone: {
          target: 'editing',
          actions: assign(({ context, event }) => startingDraft(context.opening, event.output, () => context.clientId)),
        },
        onError: { target: 'editing', description: 'Storage unreadable: start from the prefill.' },
      },
    },
    editing: {
      on: {
        'TITLE.CHANGE': {
          actions: [
            assign({ title: ({ event }) => cleanText(event.value, DIARY_TITLE_MAX) }),
            'renewAttemptedClientId',
            { type: 'saveDraft', params: ({ context }) => draftOf(context) },
          ],
        },
        'CONTENT.CHANGE': {
          actions: [
            assign({ content: ({ event }) => cleanText(event.value, DIARY_CONTENT_MAX) }),
            'renewAttemptedClientId',
            { type: 'saveDraft', params: ({ context }) => draftOf(context) },
          ],
        },
        'MOOD.SELECT': {
          actions: [
            assign({ mood: ({ event }) => event.mood }),
            'renewAttemptedClientId',
            { type: 'saveDraft', params: ({ context }) => draftOf(context) },
          ],
        },
        'FAVORITE.SET': {
          actions: [
            assign({ isFavorite: ({ event }) => event.value }),
            'renewAttemptedClientId',
            { type: 'saveDraft', params: ({ context }) => draftOf(context) },
          ],
        },
        SUBMIT: [
          {
            guard: 'hasContent',
            target: 'submitting',
            description: 'The draft records the attempt (its clientId may now name an entry on the server).',
            actions: [assign({ submitted: true }), { type: 'saveDraft', params: ({ context }) => draftOf(context) }],
          },
          {
            description: 'Blank content: warn and stay (the view also disables the button, see canSave).',
            actions: { type: 'toast', params: { key: 'blankContent' } },
          },
        ],
      },
    },
    submitting: {
      description: 'Button reads «Сохранение...», inputs are disabled (edits are not accepted here).',
      invoke: {
        id: 'createEntry',
        src: 'createEntry',
        input: ({ context }) => createBodyFromDraft(context),
        onDone: [
          {
            guard: 'isFromChat',
            target: 'saved',
            description: 'From a chat’s diary card: back in the conversation, where the toast confirms it.',
            actions: [
              { type: 'clearDraft', params: ({ context }) => ({ basis: context.basis }) },
              { type: 'toast', params: { key: 'createdFromChat' } },
              {
                type: 'navigate',
                params: ({ context }) => ({ to: paths.chat(chatOf(context)!), replace: true }),
              },
            ],
          },
          {
            target: 'saved',
            description: 'Created, or the entry this clientId already made (a repeated save): success either way.',
            actions: [
              { type: 'clearDraft', params: ({ context }) => ({ basis: context.basis }) },
              { type: 'toast', params: { key: 'created' } },
              { type: 'navigate', params: { to: paths.diary, replace: true } },
            ],
          },
        ],
        onError: [
          {
            guard: { type: 'isRefusal', params: ({ event }) => ({ error: event.error }) },
            target: 'editing',
            description:
              'Plan without diary or daily limit reached (402): the upgrade dialog; everything typed is kept.',
            actions: {
              type: 'openUpgradeDialog',
              params: ({ event }) => ({ key: UPGRADE_KEYS.diary[refusalOf(event.error)!] }),
            },
          },
          {
            target: 'editing',
            description: 'Everything typed is kept (and still in the draft).',
            actions: { type: 'toast', params: { key: 'createFailed' } },
          },
        ],
      },
    },
    saved: { type: 'final' },
  },
});

/** What the form shows: the fields, whether they accept edits, and whether the save button is enabled. */
export function newEntryView(snapshot: SnapshotFrom<typeof newEntryMachine>) {
  const { title, content, mood, isFavorite } = snapshot.context;
  const editable = snapshot.matches('editing');
  return {
    title,
    content,
    mood,
    isFavorite,
    /** Inputs are disabled while the draft is read back and while saving. */
    editable,
    /** The button reads «Сохранение...». */
    submitting: snapshot.matches('submitting'),
    /** Enabled only while editing with non-blank content (a blank SUBMIT still reaches the warning). */
    canSave: editable && !isContentBlank(content),
    /** What is written signals a risk of suicide or self-harm: the crisis lines show beside it (saving goes on). */
    atRisk: signalsRisk(title, content),
  };
}
