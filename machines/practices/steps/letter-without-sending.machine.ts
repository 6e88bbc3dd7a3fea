// «Письмо без отправки»: one writing screen — to whom (optional) and the letter itself, which «Завершить» needs
// non-blank after trimming — then finish. Every keystroke is kept as the user's draft, offered back next time.
import { assign, setup, type SnapshotFrom } from 'xstate';
import { stubAction, stubActor } from '../../effects';
import type { StoredStepDraft } from './step-draft';
import {
  isFieldOf,
  progressOf,
  restarted,
  restored,
  startContext,
  stepsView,
  written,
  type StepContext,
  type StepEvent,
  type StepFinish,
  type StepInput,
} from './step-flow';
import type { FieldOf, StepOf, StepProgress } from './step-practices';
import { isFilled } from './step-rules';

type P = 'letter_without_sending';

export const letterWithoutSendingMachine = setup({
  types: {
    context: {} as StepContext<P>,
    input: {} as StepInput,
    events: {} as StepEvent<FieldOf<P>>,
  },
  actors: {
    /** The user's draft of this practice, if one is worth offering back. */
    restoreDraft: stubActor<StoredStepDraft<P> | null>(),
  },
  actions: {
    /** Keeps what is written on the device (every change). */
    saveDraft: stubAction<StepProgress<P>>(),
    clearDraft: stubAction(),
    /** The practice is over: the session moves on to the rating, with the letter for the diary. */
    finish: stubAction<StepFinish<P>>(),
    restore: assign(({ context }, params: { draft: StoredStepDraft<P> }) => restored(context, params.draft)),
    restart: assign(({ context }) => restarted('letter_without_sending', context)),
    write: assign(({ context }, params: { field: FieldOf<P>; value: string }) =>
      written('letter_without_sending', context, params.field, params.value),
    ),
    enterStep: assign((_, params: { step: StepOf<P> }) => ({ step: params.step })),
  },
  guards: {
    hasDraft: (_, params: { draft: StoredStepDraft<P> | null }) => params.draft !== null,
    isField: (_, params: { field: string }) => isFieldOf('letter_without_sending', params.field),
    hasLetter: ({ context }) => isFilled(context.answers.letter),
  },
}).createMachine({
  id: 'letterWithoutSending',
  description: 'One writing screen: a letter no one will read, then finish.',
  context: ({ input }) => startContext('letter_without_sending', input),
  initial: 'restoring',
  states: {
    restoring: {
      description: 'Reading the user’s draft of this practice.',
      invoke: {
        id: 'restoreDraft',
        src: 'restoreDraft',
        onDone: [
          {
            guard: { type: 'hasDraft', params: ({ event }) => ({ draft: event.output }) },
            target: 'offer',
            actions: { type: 'restore', params: ({ event }) => ({ draft: event.output! }) },
          },
          { target: 'writing' },
        ],
        onError: { target: 'writing', description: 'Storage unreadable: start afresh.' },
      },
    },
    offer: {
      description: 'A letter begun last time: «Продолжить», or «Начать заново».',
      on: {
        CONTINUE: { target: 'writing' },
        RESTART: { target: 'writing', actions: ['restart', 'clearDraft'] },
      },
    },
    writing: {
      initial: 'write',
      on: {
        'FIELD.CHANGE': {
          guard: { type: 'isField', params: ({ event }) => ({ field: event.field }) },
          actions: [
            { type: 'write', params: ({ event }) => ({ field: event.field, value: event.value }) },
            { type: 'saveDraft', params: ({ context }) => progressOf(context) },
          ],
        },
      },
      states: {
        write: {
          description: 'To whom (optional) and the letter; «Завершить» needs the letter.',
          entry: [
            { type: 'enterStep', params: { step: 'write' } },
            { type: 'saveDraft', params: ({ context }) => progressOf(context) },
          ],
          on: { NEXT: { guard: 'hasLetter', target: '#letterWithoutSending.finished' } },
        },
      },
    },
    finished: {
      type: 'final',
      entry: { type: 'finish', params: ({ context }) => progressOf(context) },
    },
  },
});

/** The writing screen's fields and answers, and whether «Завершить» is on (see stepsView). */
export const letterWithoutSendingView = (snapshot: SnapshotFrom<typeof letterWithoutSendingMachine>) =>
  stepsView(snapshot, 'letter_without_sending');
