// «Смещение цели»: the task that weighs on you; the state you would like to do it in, chosen from a list; one action
// that state suggests. «Далее» needs the task, then a state of the list, then the action (non-blank after
// trimming); «Назад» returns with everything kept. Every change is kept as the user's draft, offered back next time.
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
import { isGoalState, type FieldOf, type StepOf, type StepProgress } from './step-practices';
import { isFilled } from './step-rules';

type P = 'goal_shift';

export const goalShiftMachine = setup({
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
    /** Keeps what is written on the device (every change and every step). */
    saveDraft: stubAction<StepProgress<P>>(),
    clearDraft: stubAction(),
    /** The practice is over: the session moves on to the rating, with the answers for the diary. */
    finish: stubAction<StepFinish<P>>(),
    restore: assign(({ context }, params: { draft: StoredStepDraft<P> }) => restored(context, params.draft)),
    restart: assign(({ context }) => restarted('goal_shift', context)),
    write: assign(({ context }, params: { field: FieldOf<P>; value: string }) =>
      written('goal_shift', context, params.field, params.value),
    ),
    enterStep: assign((_, params: { step: StepOf<P> }) => ({ step: params.step })),
  },
  guards: {
    hasDraft: (_, params: { draft: StoredStepDraft<P> | null }) => params.draft !== null,
    wasOn: ({ context }, params: { step: StepOf<P> }) => context.step === params.step,
    isField: (_, params: { field: string }) => isFieldOf('goal_shift', params.field),
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
          },
        },
      },
    },
    finished: {
      type: 'final',
      entry: { type: 'finish', params: ({ context }) => progressOf(context) },
    },
  },
});

/** The step on screen, its fields and answers, and whether «Далее» / «Назад» are on (see stepsView). */
export const goalShiftView = (snapshot: SnapshotFrom<typeof goalShiftMachine>) => stepsView(snapshot, 'goal_shift');
