// «Заземление 5-4-3-2-1»: an intro, then five steps — 5 things you see, 4 you hear, 3 you touch, 2 you smell,
// 1 you taste. Each thing named is a circle tapped; «Далее» needs every circle of the step, and the last step's
// button is «Завершить».
import { assign, setup, type SnapshotFrom } from 'xstate';
import { stubAction } from '../effects';

export type GroundingSense = 'sight' | 'hearing' | 'touch' | 'smell' | 'taste';

/** The five steps in order, with how many circles each has. */
export const GROUNDING_STEPS: ReadonlyArray<{ sense: GroundingSense; count: number }> = [
  { sense: 'sight', count: 5 },
  { sense: 'hearing', count: 4 },
  { sense: 'touch', count: 3 },
  { sense: 'smell', count: 2 },
  { sense: 'taste', count: 1 },
];

export type GroundingEvent = { type: 'START' } | { type: 'TAP'; index: number } | { type: 'NEXT' };

export const groundingMachine = setup({
  types: {
    context: {} as { tapped: number[] },
    events: {} as GroundingEvent,
  },
  actions: {
    /** The practice is over: the session moves on to the rating. */
    finish: stubAction(),
    clearCircles: assign({ tapped: [] }),
    /** A circle stays tapped: each one is a thing the person has named. */
    tap: assign({
      tapped: ({ context }, params: { index: number }) => [...new Set([...context.tapped, params.index])],
    }),
  },
  guards: {
    isCircle: (_, params: { index: number; count: number }) =>
      Number.isInteger(params.index) && params.index >= 0 && params.index < params.count,
    allTapped: ({ context }, params: { count: number }) => context.tapped.length === params.count,
  },
}).createMachine({
  id: 'grounding',
  description: 'The 5-4-3-2-1 grounding technique: five senses, one step each.',
  context: { tapped: [] },
  initial: 'intro',
  states: {
    intro: {
      description: 'What the technique does, with «Начать».',
      on: { START: { target: 'sight' } },
    },
    sight: {
      description: '5 things you can see.',
      entry: 'clearCircles',
      on: {
        TAP: {
          guard: { type: 'isCircle', params: ({ event }) => ({ index: event.index, count: 5 }) },
          actions: { type: 'tap', params: ({ event }) => ({ index: event.index }) },
        },
        NEXT: { guard: { type: 'allTapped', params: { count: 5 } }, target: 'hearing' },
      },
    },
    hearing: {
      description: '4 things you can hear.',
      entry: 'clearCircles',
      on: {
        TAP: {
          guard: { type: 'isCircle', params: ({ event }) => ({ index: event.index, count: 4 }) },
          actions: { type: 'tap', params: ({ event }) => ({ index: event.index }) },
        },
        NEXT: { guard: { type: 'allTapped', params: { count: 4 } }, target: 'touch' },
      },
    },
    touch: {
      description: '3 things you can touch.',
      entry: 'clearCircles',
      on: {
        TAP: {
          guard: { type: 'isCircle', params: ({ event }) => ({ index: event.index, count: 3 }) },
          actions: { type: 'tap', params: ({ event }) => ({ index: event.index }) },
        },
        NEXT: { guard: { type: 'allTapped', params: { count: 3 } }, target: 'smell' },
      },
    },
    smell: {
      description: '2 things you can smell.',
      entry: 'clearCircles',
      on: {
        TAP: {
          guard: { type: 'isCircle', params: ({ event }) => ({ index: event.index, count: 2 }) },
          actions: { type: 'tap', params: ({ event }) => ({ index: event.index }) },
        },
        NEXT: { guard: { type: 'allTapped', params: { count: 2 } }, target: 'taste' },
      },
    },
    taste: {
      description: '1 thing you can taste; the button reads «Завершить».',
      entry: 'clearCircles',
      on: {
        TAP: {
          guard: { type: 'isCircle', params: ({ event }) => ({ index: event.index, count: 1 }) },
          actions: { type: 'tap', params: ({ event }) => ({ index: event.index }) },
        },
        NEXT: { guard: { type: 'allTapped', params: { count: 1 } }, target: 'finished' },
      },
    },
    finished: { type: 'final', entry: 'finish' },
  },
});

/** The current step (1-based number, sense, circles tapped), whether «Далее» is enabled and is the last one. */
export function groundingView(snapshot: SnapshotFrom<typeof groundingMachine>) {
  const value = snapshot.value as string;
  const index = GROUNDING_STEPS.findIndex((s) => s.sense === value);
  const step = GROUNDING_STEPS[index];
  return {
    status: value === 'intro' ? ('intro' as const) : value === 'finished' ? ('finished' as const) : ('step' as const),
    sense: step?.sense ?? null,
    number: index + 1,
    steps: GROUNDING_STEPS.length,
    circles: step ? Array.from({ length: step.count }, (_, i) => snapshot.context.tapped.includes(i)) : [],
    canNext: snapshot.can({ type: 'NEXT' }),
    isLast: index === GROUNDING_STEPS.length - 1,
  };
}
