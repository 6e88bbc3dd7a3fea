// «Колесо баланса»: rate energy, focus, emotions and relationships on integer sliders 1–10 (5 to begin with); see
// the average with one decimal and the weak areas (below 6); write a plan for every weak area — a step skipped
// straight to the finish when every area is 6 or more. «Назад» returns with everything kept (a plan written for an
// area that is no longer weak stays, unused). Every change is kept as the user's draft, offered back next time.
import { assign, setup, type SnapshotFrom } from 'xstate';
import {
  progressOf,
  rated,
  startContext,
  stepSetup,
  stepsView,
  type StepContext,
  type StepInput,
  type WheelEvent,
} from './step-flow';
import { WHEEL_AREAS, isWheelRating, weakAreas, type WheelArea } from './step-practices';
import { allFilled } from './step-rules';

type P = 'balance_wheel';

const steps = stepSetup<P, WheelEvent>('balance_wheel');

export const balanceWheelMachine = setup({
  types: {
    context: {} as StepContext<P>,
    input: {} as StepInput,
    events: {} as WheelEvent,
  },
  actors: steps.actors,
  actions: {
    ...steps.actions,
    rate: assign(({ context }, params: { area: WheelArea; value: number }) =>
      rated(context, params.area, params.value),
    ),
  },
  guards: {
    ...steps.guards,
    /** One of the four areas, rated with an integer from 1 to 10. */
    isRating: (_, params: { area: string; value: number }) =>
      (WHEEL_AREAS as readonly string[]).includes(params.area) && isWheelRating(params.value),
    /** A plan is written only for an area rated below 6. */
    isWeakArea: ({ context }, params: { area: string }) =>
      (weakAreas(context.ratings!) as string[]).includes(params.area),
    /** Every area is 6 or more: there is nothing to plan, the practice is finished. */
    allAreasStrong: ({ context }) => weakAreas(context.ratings!).length === 0,
    hasPlanForEveryWeakArea: ({ context }) =>
      allFilled(...weakAreas(context.ratings!).map((area) => context.answers[area])),
  },
}).createMachine({
  id: 'balanceWheel',
  description: 'Rate four areas 1–10, see the average and the weak ones, plan for each weak area.',
  context: ({ input }) => startContext('balance_wheel', input),
  initial: 'restoring',
  states: {
    restoring: {
      description: 'Reading the user’s draft of this practice.',
      on: {
        BACK: {
          target: '#balanceWheel.left',
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
      description: 'A wheel from last time: «Продолжить» where it was left, or «Начать заново».',
      on: {
        BACK: {
          target: '#balanceWheel.left',
          description: 'Telegram’s Back: out to the practice’s page, the draft kept.',
        },
        CONTINUE: [
          { guard: { type: 'wasOn', params: { step: 'review' } }, target: 'writing.review' },
          { guard: { type: 'wasOn', params: { step: 'plan' } }, target: 'writing.plan' },
          { target: 'writing.rate' },
        ],
        RESTART: { target: 'writing', actions: ['restart', 'clearDraft'] },
      },
    },
    writing: {
      initial: 'rate',
      on: {
        BACK: {
          target: '#balanceWheel.left',
          description: 'Telegram’s Back: out to the practice’s page, the draft kept.',
        },
        DISCARD: {
          target: '#balanceWheel.discarded',
          description: '«Завершить без сохранения», confirmed: what was written is not kept.',
        },
      },
      states: {
        rate: {
          description: 'Step 1 of 3: four sliders, 1–10, each at 5 to begin with; the wheel drawn as they move.',
          entry: [
            { type: 'enterStep', params: { step: 'rate' } },
            { type: 'saveDraft', params: ({ context }) => progressOf(context) },
          ],
          on: {
            RATE: {
              guard: { type: 'isRating', params: ({ event }) => ({ area: event.area, value: event.value }) },
              actions: [
                { type: 'rate', params: ({ event }) => ({ area: event.area, value: event.value }) },
                { type: 'saveDraft', params: ({ context }) => progressOf(context) },
              ],
            },
            NEXT: { target: 'review' },
          },
        },
        review: {
          description:
            'Step 2 of 3: the wheel, the average with one decimal and the weak areas (below 6). With none, «Завершить».',
          entry: [
            { type: 'enterStep', params: { step: 'review' } },
            { type: 'saveDraft', params: ({ context }) => progressOf(context) },
          ],
          on: {
            NEXT: [
              {
                guard: 'allAreasStrong',
                target: '#balanceWheel.finished',
                description: 'Nothing to plan: skip step 3.',
              },
              { target: 'plan' },
            ],
            PREVIOUS: { target: 'rate' },
            BACK: { target: 'rate', description: 'Telegram’s Back: the previous step, as «Назад».' },
          },
        },
        plan: {
          description: 'Step 3 of 3: a plan for every weak area (all needed); the button reads «Завершить».',
          entry: [
            { type: 'enterStep', params: { step: 'plan' } },
            { type: 'saveDraft', params: ({ context }) => progressOf(context) },
          ],
          on: {
            'FIELD.CHANGE': {
              guard: { type: 'isWeakArea', params: ({ event }) => ({ area: event.field }) },
              actions: [
                { type: 'write', params: ({ event }) => ({ field: event.field, value: event.value }) },
                { type: 'saveDraft', params: ({ context }) => progressOf(context) },
              ],
            },
            NEXT: { guard: 'hasPlanForEveryWeakArea', target: '#balanceWheel.finished' },
            PREVIOUS: { target: 'review' },
            BACK: { target: 'review', description: 'Telegram’s Back: the previous step, as «Назад».' },
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

/** The step on screen, the ratings, the average and weak areas, the plans, «Далее» / «Назад» (see stepsView). */
export const balanceWheelView = (snapshot: SnapshotFrom<typeof balanceWheelMachine>) =>
  stepsView(snapshot, 'balance_wheel');
