// The practice list: loading, «Не удалось загрузить практики» with «Попробовать снова», «Практики скоро появятся»,
// or the grid. A locked practice opens «Продвинутая практика» («Улучшить тариф» → the plans, «Позже» closes);
// any other opens its detail page. After a finished session the list thanks the user by the practice's name.
import { assign, setup, type SnapshotFrom } from 'xstate';
import type { Practice } from '../../contract/practices';
import { stubAction, stubActor, type NavigateParams } from '../effects';
import { paths } from '../paths';
import { topState } from '../view-model';

export interface PracticeListInput {
  /** The name of the practice just finished (navigation state completedPractice). */
  completedPractice?: string | null;
}

export interface PracticeListContext {
  practices: Practice[];
  /** The locked practice whose dialog is open. */
  locked: Practice | null;
  completedPractice: string | null;
}

export type PracticeListEvent =
  | { type: 'RETRY' }
  | { type: 'SELECT'; id: string }
  | { type: 'UPGRADE' }
  | { type: 'DISMISS' }
  | { type: 'THANKS.DISMISS' };

export const practiceListMachine = setup({
  types: {
    context: {} as PracticeListContext,
    input: {} as PracticeListInput,
    events: {} as PracticeListEvent,
  },
  actors: {
    loadPractices: stubActor<Practice[]>(),
  },
  actions: {
    navigate: stubAction<NavigateParams>(),
  },
  guards: {
    isEmpty: (_, params: { practices: Practice[] }) => params.practices.length === 0,
    isListed: ({ context }, params: { id: string }) => context.practices.some((p) => p.id === params.id),
    isLocked: ({ context }, params: { id: string }) => context.practices.some((p) => p.id === params.id && p.is_locked),
  },
}).createMachine({
  id: 'practiceList',
  description: 'The grid of practices with the locked-practice dialog.',
  context: ({ input }) => ({ practices: [], locked: null, completedPractice: input.completedPractice ?? null }),
  initial: 'loading',
  on: {
    'THANKS.DISMISS': { actions: assign({ completedPractice: null }) },
  },
  states: {
    loading: {
      invoke: {
        id: 'loadPractices',
        src: 'loadPractices',
        onDone: [
          { guard: { type: 'isEmpty', params: ({ event }) => ({ practices: event.output }) }, target: 'empty' },
          { target: 'ready', actions: assign({ practices: ({ event }) => event.output }) },
        ],
        onError: { target: 'error' },
      },
    },
    error: {
      description: '«Не удалось загрузить практики» with «Попробовать снова».',
      on: { RETRY: { target: 'loading' } },
    },
    empty: { description: '«Практики скоро появятся».' },
    ready: {
      initial: 'browsing',
      states: {
        browsing: {
          on: {
            SELECT: [
              {
                guard: { type: 'isLocked', params: ({ event }) => ({ id: event.id }) },
                target: 'locked',
                actions: assign({ locked: ({ context, event }) => context.practices.find((p) => p.id === event.id)! }),
              },
              {
                guard: { type: 'isListed', params: ({ event }) => ({ id: event.id }) },
                actions: { type: 'navigate', params: ({ event }) => ({ to: paths.practice(event.id) }) },
              },
            ],
          },
        },
        locked: {
          description: '«Продвинутая практика»: «{practice} доступна на тарифах PRO и PREMIUM».',
          on: {
            UPGRADE: {
              target: 'browsing',
              description: '«Улучшить тариф»',
              actions: { type: 'navigate', params: { to: paths.subscription } },
            },
            DISMISS: { target: 'browsing', description: '«Позже» or a tap outside' },
          },
        },
      },
    },
  },
});

export type PracticeListStatus = 'loading' | 'error' | 'empty' | 'ready';

/** The status, the practices, the open locked dialog's practice and the thanks. */
export function practiceListView(snapshot: SnapshotFrom<typeof practiceListMachine>) {
  return {
    status: topState<PracticeListStatus>(snapshot),
    practices: snapshot.context.practices,
    lockedOpen: snapshot.matches({ ready: 'locked' }),
    /** Kept after the dialog closes, so the sheet keeps its words while it slides away. */
    locked: snapshot.context.locked,
    completedPractice: snapshot.context.completedPractice,
  };
}
