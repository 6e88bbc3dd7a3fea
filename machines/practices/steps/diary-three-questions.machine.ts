// «Три вопроса дня»: one screen with three questions about the day — what was important, what worked out, what you
// can thank yourself for. «Завершить» needs at least one answer non-blank after trimming. Every keystroke is kept
// as the user's draft, offered back next time.
import { setup, type SnapshotFrom } from 'xstate';
import {
  progressOf,
  startContext,
  stepSetup,
  stepsView,
  type StepContext,
  type StepEvent,
  type StepInput,
} from './step-flow';
import type { FieldOf } from './step-practices';
import { anyFilled } from './step-rules';

type P = 'diary_three_questions';

const steps = stepSetup('diary_three_questions');

export const diaryThreeQuestionsMachine = setup({
  types: {
    context: {} as StepContext<P>,
    input: {} as StepInput,
    events: {} as StepEvent<FieldOf<P>>,
  },
  actors: steps.actors,
  actions: steps.actions,
  guards: {
    ...steps.guards,
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
      on: {
        BACK: {
          target: '#diaryThreeQuestions.left',
          description: 'Telegram’s Back: out to the practice’s page, the draft kept.',
        },
      },
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
        BACK: {
          target: '#diaryThreeQuestions.left',
          description: 'Telegram’s Back: out to the practice’s page, the draft kept.',
        },
        CONTINUE: { target: 'writing' },
        RESTART: { target: 'writing', actions: ['restart', 'clearDraft'] },
      },
    },
    writing: {
      initial: 'questions',
      on: {
        BACK: {
          target: '#diaryThreeQuestions.left',
          description: 'Telegram’s Back: out to the practice’s page, the draft kept.',
        },
        DISCARD: {
          target: '#diaryThreeQuestions.discarded',
          description: '«Завершить без сохранения», confirmed: what was written is not kept.',
        },
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
    left: {
      type: 'final',
      description:
        'Left by Telegram’s Back before the second step: the session goes to the practice’s page; the draft stays.',
      entry: 'leave',
    },
    discarded: {
      type: 'final',
      description: 'Abandoned on purpose: the draft goes and the session goes back to the practice’s page.',
      entry: ['clearDraft', 'leave'],
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
