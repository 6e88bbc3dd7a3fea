// «Стоп — подумай — действуй»: stop and describe the situation and your reaction; think of three alternatives (all
// three needed); act — the action chosen and when. «Далее» needs the step's texts non-blank after trimming; «Назад»
// returns with everything kept. Every keystroke is kept as the user's draft, offered back next time.
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
import { allFilled } from './step-rules';

type P = 'stop_think_act';

const steps = stepSetup('stop_think_act');

export const stopThinkActMachine = setup({
  types: {
    context: {} as StepContext<P>,
    input: {} as StepInput,
    events: {} as StepEvent<FieldOf<P>>,
  },
  actors: steps.actors,
  actions: steps.actions,
  guards: {
    ...steps.guards,
    hasSituationAndReaction: ({ context }) => allFilled(context.answers.situation, context.answers.reaction),
    hasAllAlternatives: ({ context }) =>
      allFilled(context.answers.alternative1, context.answers.alternative2, context.answers.alternative3),
    hasChoiceAndWhen: ({ context }) => allFilled(context.answers.choice, context.answers.when),
  },
}).createMachine({
  id: 'stopThinkAct',
  description: 'Stop (situation and reaction), think (three alternatives), act (the choice and when).',
  context: ({ input }) => startContext('stop_think_act', input),
  initial: 'restoring',
  states: {
    restoring: {
      description: 'Reading the user’s draft of this practice.',
      on: {
        BACK: {
          target: '#stopThinkAct.left',
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
          target: '#stopThinkAct.left',
          description: 'Telegram’s Back: out to the practice’s page, the draft kept.',
        },
        CONTINUE: [
          { guard: { type: 'wasOn', params: { step: 'think' } }, target: 'writing.think' },
          { guard: { type: 'wasOn', params: { step: 'act' } }, target: 'writing.act' },
          { target: 'writing.stop' },
        ],
        RESTART: { target: 'writing', actions: ['restart', 'clearDraft'] },
      },
    },
    writing: {
      initial: 'stop',
      on: {
        BACK: {
          target: '#stopThinkAct.left',
          description: 'Telegram’s Back: out to the practice’s page, the draft kept.',
        },
        DISCARD: {
          target: '#stopThinkAct.discarded',
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
        stop: {
          description: 'Step 1 of 3: the situation and how you reacted (both needed).',
          entry: [
            { type: 'enterStep', params: { step: 'stop' } },
            { type: 'saveDraft', params: ({ context }) => progressOf(context) },
          ],
          on: { NEXT: { guard: 'hasSituationAndReaction', target: 'think' } },
        },
        think: {
          description: 'Step 2 of 3: three other ways to act (all three needed).',
          entry: [
            { type: 'enterStep', params: { step: 'think' } },
            { type: 'saveDraft', params: ({ context }) => progressOf(context) },
          ],
          on: {
            NEXT: { guard: 'hasAllAlternatives', target: 'act' },
            PREVIOUS: { target: 'stop' },
            BACK: { target: 'stop', description: 'Telegram’s Back: the previous step, as «Назад».' },
          },
        },
        act: {
          description: 'Step 3 of 3: the action chosen and when (both needed); the button reads «Завершить».',
          entry: [
            { type: 'enterStep', params: { step: 'act' } },
            { type: 'saveDraft', params: ({ context }) => progressOf(context) },
          ],
          on: {
            NEXT: { guard: 'hasChoiceAndWhen', target: '#stopThinkAct.finished' },
            PREVIOUS: { target: 'think' },
            BACK: { target: 'think', description: 'Telegram’s Back: the previous step, as «Назад».' },
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
export const stopThinkActView = (snapshot: SnapshotFrom<typeof stopThinkActMachine>) =>
  stepsView(snapshot, 'stop_think_act');
