// The 'Новая запись' button (spec section 4): load today's usage, then either open the upgrade dialog
// (diary not on the plan / daily limit reached) or go to the new-entry form. If usage cannot be loaded, no block
// applies (spec section 5) — the server still enforces the limit on create.
import { fromPromise, setup } from 'xstate';
import { checkDiaryAccess, type AccessDecision, type DiaryUsage } from './diary-access';

export const NEW_ENTRY_ROUTE = '/app/diary/new';

export const newEntryGateMachine = setup({
  types: {
    events: {} as { type: 'PRESS' },
  },
  actors: {
    loadUsage: fromPromise<DiaryUsage | null>(async () => {
      throw new Error('loadUsage not provided');
    }),
  },
  actions: {
    navigate: (_, _params: { to: string }) => {
      /* provided by the view */
    },
    openUpgradeDialog: (_, _params: { key: 'diary_not_available' | 'diary_limit_reached' }) => {
      /* provided by the view: sends OPEN to the upgrade dialog */
    },
  },
  guards: {
    decisionIs: (_, params: { usage: DiaryUsage | null; decision: AccessDecision }) =>
      checkDiaryAccess(params.usage) === params.decision,
  },
}).createMachine({
  id: 'newEntryGate',
  description: 'Checks the diary plan and daily limit before opening the new-entry form.',
  initial: 'idle',
  states: {
    idle: {
      on: {
        PRESS: { target: 'checking', description: 'The user pressed «Новая запись» (or «Создать первую запись»)' },
      },
    },
    checking: {
      description: 'Loading usage; repeated presses are ignored meanwhile.',
      invoke: {
        id: 'loadUsage',
        src: 'loadUsage',
        onDone: [
          {
            guard: { type: 'decisionIs', params: ({ event }) => ({ usage: event.output, decision: 'allowed' }) },
            target: 'idle',
            actions: { type: 'navigate', params: { to: NEW_ENTRY_ROUTE } },
          },
          {
            guard: { type: 'decisionIs', params: ({ event }) => ({ usage: event.output, decision: 'not_available' }) },
            target: 'idle',
            actions: { type: 'openUpgradeDialog', params: { key: 'diary_not_available' } },
          },
          {
            target: 'idle',
            description: 'used >= limit',
            actions: { type: 'openUpgradeDialog', params: { key: 'diary_limit_reached' } },
          },
        ],
        onError: {
          target: 'idle',
          description: 'No usage info → no block (the server still enforces the limit)',
          actions: { type: 'navigate', params: { to: NEW_ENTRY_ROUTE } },
        },
      },
    },
  },
});
