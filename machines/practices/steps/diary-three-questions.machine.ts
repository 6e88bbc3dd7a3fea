// «Три вопроса дня»: one screen with three questions about the day — what was important, what worked out, what you
// can thank yourself for. «Завершить» needs at least one answer non-blank after trimming. Every keystroke is kept
// as the user's draft, offered back next time.
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
import { anyFilled } from './step-rules';

type P = 'diary_three_questions';

export const diaryThreeQuestionsMachine = setup({
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
    /** The practice is over: the session moves on to the rating, with the answers for the diary. */
    finish: stubAction<StepFinish<P>>(),
    restore: assign(({ context }, params: { draft: StoredStepDraft<P> }) => restored(context, params.draft)),
    restart: assign(({ context }) => restarted('diary_three_questions', context)),
    write: assign(({ context }, params: { field: FieldOf<P>; value: string }) =>
      written('diary_three_questions', context, params.field, params.value),
    ),
    enterStep: assign((_, params: { step: StepOf<P> }) => ({ step: params.step })),
  },
  guards: {
    hasDraft: (_, params: { draft: StoredStepDraft<P> | null }) => params.draft !== null,
    isField: (_, params: { field: string }) => isFieldOf('diary_three_questions', params.field),
    hasAnyAnswer: ({ context }) =>
      anyFilled(context.answers.important, context.answers.succeeded, context.answers.thanks),
  },
}).createMachine({
  id: 'diaryThreeQuestions',
  description: 'Three questions about the day on one screen; at least one answer.',
  context: ({ input }) => startContext('diary_three_questions', input),
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
      description: 'Answers begun last time: «Продолжить», or «Начать заново».',
      on: {
        CONTINUE: { target: 'writing' },
        RESTART: { target: 'writing', actions: ['restart', 'clearDraft'] },
      },
    },
    writing: {
      initial: 'questions',
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
        questions: {
          description: 'The three questions; «Завершить» needs at least one answer.',
          entry: [
            { type: 'enterStep', params: { step: 'questions' } },
            { type: 'saveDraft', params: ({ context }) => progressOf(context) },
          ],
          on: { NEXT: { guard: 'hasAnyAnswer', target: '#diaryThreeQuestions.finished' } },
        },
      },
    },
    finished: {
      type: 'final',
      entry: { type: 'finish', params: ({ context }) => progressOf(context) },
    },
  },
});

/** The three questions with their answers, and whether «Завершить» is on (see stepsView). */
export const diaryThreeQuestionsView = (snapshot: SnapshotFrom<typeof diaryThreeQuestionsMachine>) =>
  stepsView(snapshot, 'diary_three_questions');
