// «Если бы не страх»: three wishes that fear holds back (one per step), their common theme with the three shown
// together, then an action and its smallest first step. «Далее» needs the step's text non-blank after trimming;
// «Назад» returns with everything kept. Every keystroke is kept as the user's draft, offered back next time with
// «Продолжить» / «Начать заново».
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

type P = 'if_i_wasnt_afraid';

const steps = stepSetup('if_i_wasnt_afraid');

export const ifIWasntAfraidMachine = setup({
  types: {
    context: {} as StepContext<P>,
    input: {} as StepInput,
    events: {} as StepEvent<FieldOf<P>>,
  },
  actors: steps.actors,
  actions: steps.actions,
  guards: {
    ...steps.guards,
    hasWish: ({ context }, params: { wish: 'wish1' | 'wish2' | 'wish3' }) => isFilled(context.answers[params.wish]),
    hasTheme: ({ context }) => isFilled(context.answers.theme),
    hasActionAndFirstStep: ({ context }) => allFilled(context.answers.action, context.answers.firstStep),
  },
}).createMachine({
  id: 'ifIWasntAfraid',
  description: 'Three wishes fear holds back, their common theme, an action and its smallest first step.',
  context: ({ input }) => startContext('if_i_wasnt_afraid', input),
  initial: 'restoring',
  states: {
    restoring: {
      description: 'Reading the user’s draft of this practice.',
      on: {
        BACK: {
          target: '#ifIWasntAfraid.left',
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
          target: '#ifIWasntAfraid.left',
          description: 'Telegram’s Back: out to the practice’s page, the draft kept.',
        },
        CONTINUE: [
          { guard: { type: 'wasOn', params: { step: 'wish2' } }, target: 'writing.wish2' },
          { guard: { type: 'wasOn', params: { step: 'wish3' } }, target: 'writing.wish3' },
          { guard: { type: 'wasOn', params: { step: 'theme' } }, target: 'writing.theme' },
          { guard: { type: 'wasOn', params: { step: 'plan' } }, target: 'writing.plan' },
          { target: 'writing.wish1' },
        ],
        RESTART: { target: 'writing', actions: ['restart', 'clearDraft'] },
      },
    },
    writing: {
      initial: 'wish1',
      on: {
        BACK: {
          target: '#ifIWasntAfraid.left',
          description: 'Telegram’s Back: out to the practice’s page, the draft kept.',
        },
        DISCARD: {
          target: '#ifIWasntAfraid.discarded',
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
        wish1: {
          description: 'Step 1 of 5: the first wish.',
          entry: [
            { type: 'enterStep', params: { step: 'wish1' } },
            { type: 'saveDraft', params: ({ context }) => progressOf(context) },
          ],
          on: { NEXT: { guard: { type: 'hasWish', params: { wish: 'wish1' } }, target: 'wish2' } },
        },
        wish2: {
          description: 'Step 2 of 5: the second wish.',
          entry: [
            { type: 'enterStep', params: { step: 'wish2' } },
            { type: 'saveDraft', params: ({ context }) => progressOf(context) },
          ],
          on: {
            NEXT: { guard: { type: 'hasWish', params: { wish: 'wish2' } }, target: 'wish3' },
            PREVIOUS: { target: 'wish1' },
            BACK: { target: 'wish1', description: 'Telegram’s Back: the previous step, as «Назад».' },
          },
        },
        wish3: {
          description: 'Step 3 of 5: the third wish.',
          entry: [
            { type: 'enterStep', params: { step: 'wish3' } },
            { type: 'saveDraft', params: ({ context }) => progressOf(context) },
          ],
          on: {
            NEXT: { guard: { type: 'hasWish', params: { wish: 'wish3' } }, target: 'theme' },
            PREVIOUS: { target: 'wish2' },
            BACK: { target: 'wish2', description: 'Telegram’s Back: the previous step, as «Назад».' },
          },
        },
        theme: {
          description: 'Step 4 of 5: the three wishes shown together; what they have in common.',
          entry: [
            { type: 'enterStep', params: { step: 'theme' } },
            { type: 'saveDraft', params: ({ context }) => progressOf(context) },
          ],
          on: {
            NEXT: { guard: 'hasTheme', target: 'plan' },
            PREVIOUS: { target: 'wish3' },
            BACK: { target: 'wish3', description: 'Telegram’s Back: the previous step, as «Назад».' },
          },
        },
        plan: {
          description:
            'Step 5 of 5: an action and the smallest first step (both needed); the button reads «Завершить».',
          entry: [
            { type: 'enterStep', params: { step: 'plan' } },
            { type: 'saveDraft', params: ({ context }) => progressOf(context) },
          ],
          on: {
            NEXT: { guard: 'hasActionAndFirstStep', target: '#ifIWasntAfraid.finished' },
            PREVIOUS: { target: 'theme' },
            BACK: { target: 'theme', description: 'Telegram’s Back: the previous step, as «Назад».' },
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
export const ifIWasntAfraidView = (snapshot: SnapshotFrom<typeof ifIWasntAfraidMachine>) =>
  stepsView(snapshot, 'if_i_wasnt_afraid');
