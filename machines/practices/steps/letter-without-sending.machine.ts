// «Письмо без отправки»: one writing screen — to whom (optional) and the letter itself, which «Завершить» needs
// non-blank after trimming — then finish. Every keystroke is kept as the user's draft, offered back next time.
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
import { isFilled } from './step-rules';

type P = 'letter_without_sending';

const steps = stepSetup('letter_without_sending');

export const letterWithoutSendingMachine = setup({
  types: {
    context: {} as StepContext<P>,
    input: {} as StepInput,
    events: {} as StepEvent<FieldOf<P>>,
  },
  actors: steps.actors,
  actions: steps.actions,
  guards: {
    ...steps.guards,
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
      on: {
        BACK: {
          target: '#letterWithoutSending.left',
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
      description: 'A letter begun last time: «Продолжить», or «Начать заново».',
      on: {
        BACK: {
          target: '#letterWithoutSending.left',
          description: 'Telegram’s Back: out to the practice’s page, the draft kept.',
        },
        CONTINUE: { target: 'writing' },
        RESTART: { target: 'writing', actions: ['restart', 'clearDraft'] },
      },
    },
    writing: {
      initial: 'write',
      on: {
        BACK: {
          target: '#letterWithoutSending.left',
          description: 'Telegram’s Back: out to the practice’s page, the draft kept.',
        },
        DISCARD: {
          target: '#letterWithoutSending.discarded',
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

/** The writing screen's fields and answers, and whether «Завершить» is on (see stepsView). */
export const letterWithoutSendingView = (snapshot: SnapshotFrom<typeof letterWithoutSendingMachine>) =>
  stepsView(snapshot, 'letter_without_sending');
