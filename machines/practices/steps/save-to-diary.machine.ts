// «Сохранить в дневник» on a step practice's finish screen: what the person wrote becomes one diary entry (title =
// the practice's name, content = the answers laid out readably, source = this practice session). The draft is
// marked as sent before the call, so a retry or a later save of the same answers reuses its client id and the
// server answers with the entry already made (never a second one). A refusal for the plan or today's limit opens the
// upgrade dialog, any other failure toasts. After today's limit or a failure the answers stay in the draft on the
// device (tomorrow, or online, they can be saved); after the plan's refusal they go once the session is completed,
// as if no save had been tried — waiting would never let that plan save them.
import { assign, setup, type SnapshotFrom } from 'xstate';
import type { DiaryCreateBody, DiaryEntry } from '../../../contract/diary';
import type { DailyRefusal } from '../../../contract/billing';
import { refusalOf, UPGRADE_KEYS } from '../../billing/refusal-dialogs';
import { stubAction, stubActor, type ToastParams, type UpgradeDialogParams } from '../../effects';
import { topState } from '../../view-model';

export interface SaveToDiaryInput {
  /** The create body, with the draft's client id. */
  body: DiaryCreateBody;
}

export interface SaveToDiaryContext extends SaveToDiaryInput {
  /** A save was tried and not confirmed, and may go through later: the answers are kept on the device for then. */
  kept: boolean;
}

export type SaveToDiaryEvent = { type: 'SAVE' };

export const saveToDiaryMachine = setup({
  types: {
    context: {} as SaveToDiaryContext,
    input: {} as SaveToDiaryInput,
    events: {} as SaveToDiaryEvent,
  },
  actors: {
    /** POST /api/diary/create (402 → an error with `refusal`). */
    createEntry: stubActor<DiaryEntry, DiaryCreateBody>(),
  },
  actions: {
    /** The draft records the attempt: its client id may now name an entry, and the draft outlives the session. */
    markSubmitted: stubAction(),
    /**
     * Refused by the plan: the draft is no longer held past the session. Safe to forget the attempt: the server
     * answers a client id that names an entry with that entry before it checks the plan, so a 402 means none.
     */
    unmarkSubmitted: stubAction(),
    /** Saved: the draft is no longer needed. */
    clearDraft: stubAction(),
    toast: stubAction<ToastParams>(),
    openUpgradeDialog: stubAction<UpgradeDialogParams>(),
    keep: assign({ kept: true }),
    release: assign({ kept: false }),
  },
  guards: {
    /** The server refused the create for this reason (a 402 with its code: the plan, or today's limit). */
    isRefusal: (_, params: { error: unknown; refusal: DailyRefusal }) => refusalOf(params.error) === params.refusal,
  },
}).createMachine({
  id: 'saveToDiary',
  description: 'Save a step practice’s answers to the diary as one entry.',
  context: ({ input }) => ({ body: input.body, kept: false }),
  initial: 'idle',
  states: {
    idle: {
      description: '«Сохранить в дневник»; after a failed try, a note that the answers stay on the device.',
      on: { SAVE: { target: 'saving' } },
    },
    saving: {
      description: 'The button is busy while the entry is created.',
      entry: 'markSubmitted',
      invoke: {
        id: 'createEntry',
        src: 'createEntry',
        input: ({ context }) => context.body,
        onDone: {
          target: 'saved',
          description: 'Created, or the entry this client id already made (a repeated save): success either way.',
          actions: ['clearDraft', { type: 'toast', params: { key: 'created' } }],
        },
        onError: [
          {
            guard: {
              type: 'isRefusal',
              params: ({ event }) => ({ error: event.error, refusal: 'not_available' as const }),
            },
            target: 'idle',
            description:
              'START has no diary (402): the upgrade dialog; the draft goes with the session, as if never sent.',
            actions: [
              'unmarkSubmitted',
              'release',
              { type: 'openUpgradeDialog', params: { key: UPGRADE_KEYS.diary.not_available } },
            ],
          },
          {
            guard: {
              type: 'isRefusal',
              params: ({ event }) => ({ error: event.error, refusal: 'limit_reached' as const }),
            },
            target: 'idle',
            description: 'Today’s limit reached (402): the upgrade dialog; the draft stays, to be saved tomorrow.',
            actions: ['keep', { type: 'openUpgradeDialog', params: { key: UPGRADE_KEYS.diary.limit_reached } }],
          },
          {
            target: 'idle',
            description: 'Any other failure: a toast; the draft stays, and trying again sends the same client id.',
            actions: ['keep', { type: 'toast', params: { key: 'createFailed' } }],
          },
        ],
      },
    },
    saved: { type: 'final', description: '«Сохранено в дневнике».' },
  },
});

export type SaveToDiaryStatus = 'idle' | 'saving' | 'saved';

/** Whether the button offers, is busy or the entry is made; and whether to say the answers stay on the device. */
export function saveToDiaryView(snapshot: SnapshotFrom<typeof saveToDiaryMachine>) {
  const status = topState<SaveToDiaryStatus>(snapshot);
  return { status, kept: snapshot.context.kept && status === 'idle' };
}
