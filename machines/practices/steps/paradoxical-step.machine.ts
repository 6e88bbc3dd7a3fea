// «Парадоксальный шаг»: the situation; your usual reaction and what it leads to (both needed); the opposite action
// and when you will try it (both needed). «Далее» needs the step's texts non-blank after trimming; «Назад» returns
// with everything kept. Every keystroke is kept as the user's draft, offered back next time.
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
import { allFilled, isFilled } from './step-rules';

type P = 'paradoxical_step';

const steps = stepSetup('paradoxical_step');

export const paradoxicalStepMachine = setup({
  types: {
    context: {} as StepContext<P>,
    input: {} as StepInput,
    events: {} as StepEvent<FieldOf<P>>,
  },
  actors: steps.actors,
  actions: steps.actions,
  guards: {
    ...steps.guards,
    hasSituation: ({ context }) => isFilled(context.answers.situation),
    hasReactionAndResult: ({ context }) => allFilled(context.answers.reaction, context.answers.result),
    hasOppositeAndWhen: ({ context }) => allFilled(context.answers.opposite, context.answers.when),
  },
}).createMachine({
  id: 'paradoxicalStep',
  description: 'The situation, the usual reaction and its result, the opposite action and when.',
  context: ({ input }) => startContext('paradoxical_step', input),
  initial: 'restoring',
  states: {
    restoring: {
      description: 'Reading the user’s draft of this practice.',
      on: {
        BACK: {
          target: '#paradoxicalStep.left',
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
      description: 'A draft from last time: «Продолжить» where it was left, or «Начать заново».',
      on: {
        BACK: {
          target: '#paradoxicalStep.left',
          description: 'Telegram’s Back: out to the practice’s page, the draft kept.',
        },
        CONTINUE: [
          { guard: { type: 'wasOn', params: { step: 'pattern' } }, target: 'writing.pattern' },
          { guard: { type: 'wasOn', params: { step: 'opposite' } }, target: 'writing.opposite' },
          { target: 'writing.situation' },
        ],
        RESTART: { target: 'writing', actions: ['restart', 'clearDraft'] },
      },
    },
    writing: {
      initial: 'situation',
      on: {
        BACK: {
          target: '#paradoxicalStep.left',
          description: 'Telegram’s Back: out to the practice’s page, the draft kept.',
        },
        DISCARD: {
          target: '#paradoxicalStep.discarded',
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
        situation: {
          description: 'Step 1 of 3: the situation that keeps repeating.',
          entry: [
            { type: 'enterStep', params: { step: 'situation' } },
            { type: 'saveDraft', params: ({ context }) => progressOf(context) },
          ],
          on: { NEXT: { guard: 'hasSituation', target: 'pattern' } },
        },
        pattern: {
          description: 'Step 2 of 3: the usual reaction and what it leads to (both needed).',
          entry: [
            { type: 'enterStep', params: { step: 'pattern' } },
            { type: 'saveDraft', params: ({ context }) => progressOf(context) },
          ],
          on: {
            NEXT: { guard: 'hasReactionAndResult', target: 'opposite' },
            PREVIOUS: { target: 'situation' },
            BACK: { target: 'situation', description: 'Telegram’s Back: the previous step, as «Назад».' },
          },
        },
        opposite: {
          description: 'Step 3 of 3: the opposite action and when (both needed); the button reads «Завершить».',
          entry: [
            { type: 'enterStep', params: { step: 'opposite' } },
            { type: 'saveDraft', params: ({ context }) => progressOf(context) },
          ],
          on: {
            NEXT: { guard: 'hasOppositeAndWhen', target: '#paradoxicalStep.finished' },
            PREVIOUS: { target: 'pattern' },
            BACK: { target: 'pattern', description: 'Telegram’s Back: the previous step, as «Назад».' },
          },
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

/** The step on screen, its fields and answers, and whether «Далее» / «Назад» are on (see stepsView). */
export const paradoxicalStepView = (snapshot: SnapshotFrom<typeof paradoxicalStepMachine>) =>
  stepsView(snapshot, 'paradoxical_step');
