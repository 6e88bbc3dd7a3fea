// «Смещение цели»: the task that weighs on you; the state you would like to do it in, chosen from a list; one action
// that state suggests. «Далее» needs the task, then a state of the list, then the action (non-blank after
// trimming); «Назад» returns with everything kept. Every change is kept as the user's draft, offered back next time.
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
import { isGoalState, type FieldOf } from './step-practices';
import { isFilled } from './step-rules';

type P = 'goal_shift';

const steps = stepSetup('goal_shift');

export const goalShiftMachine = setup({
  types: {
    context: {} as StepContext<P>,
    input: {} as StepInput,
    events: {} as StepEvent<FieldOf<P>>,
  },
  actors: steps.actors,
  actions: steps.actions,
  guards: {
    ...steps.guards,
    hasTask: ({ context }) => isFilled(context.answers.task),
    /** A state of the list is chosen (FIELD.CHANGE of `state` carries its key). */
    hasState: ({ context }) => isGoalState(context.answers.state),
    hasAction: ({ context }) => isFilled(context.answers.action),
  },
}).createMachine({
  id: 'goalShift',
  description: 'The task, the state to do it in (chosen from a list), one action from that state.',
  context: ({ input }) => startContext('goal_shift', input),
  initial: 'restoring',
  states: {
    restoring: {
      description: 'Reading the user’s draft of this practice.',
      on: {
        BACK: {
          target: '#goalShift.left',
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
          target: '#goalShift.left',
          description: 'Telegram’s Back: out to the practice’s page, the draft kept.',
        },
        CONTINUE: [
          { guard: { type: 'wasOn', params: { step: 'state' } }, target: 'writing.state' },
          { guard: { type: 'wasOn', params: { step: 'action' } }, target: 'writing.action' },
          { target: 'writing.task' },
        ],
        RESTART: { target: 'writing', actions: ['restart', 'clearDraft'] },
      },
    },
    writing: {
      initial: 'task',
      on: {
        BACK: {
          target: '#goalShift.left',
          description: 'Telegram’s Back: out to the practice’s page, the draft kept.',
        },
        DISCARD: {
          target: '#goalShift.discarded',
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
        task: {
          description: 'Step 1 of 3: the task.',
          entry: [
            { type: 'enterStep', params: { step: 'task' } },
            { type: 'saveDraft', params: ({ context }) => progressOf(context) },
          ],
          on: { NEXT: { guard: 'hasTask', target: 'state' } },
        },
        state: {
          description: 'Step 2 of 3: the state to do it in, one of a list (a radio group).',
          entry: [
            { type: 'enterStep', params: { step: 'state' } },
            { type: 'saveDraft', params: ({ context }) => progressOf(context) },
          ],
          on: {
            NEXT: { guard: 'hasState', target: 'action' },
            PREVIOUS: { target: 'task' },
            BACK: { target: 'task', description: 'Telegram’s Back: the previous step, as «Назад».' },
          },
        },
        action: {
          description: 'Step 3 of 3: one action from that state; the button reads «Завершить».',
          entry: [
            { type: 'enterStep', params: { step: 'action' } },
            { type: 'saveDraft', params: ({ context }) => progressOf(context) },
          ],
          on: {
            NEXT: { guard: 'hasAction', target: '#goalShift.finished' },
            PREVIOUS: { target: 'state' },
            BACK: { target: 'state', description: 'Telegram’s Back: the previous step, as «Назад».' },
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
export const goalShiftView = (snapshot: SnapshotFrom<typeof goalShiftMachine>) => stepsView(snapshot, 'goal_shift');
