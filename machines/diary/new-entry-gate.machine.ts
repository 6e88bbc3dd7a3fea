// The 'Новая запись' button and home's quick mood card 'Записать': load today's usage, then either open the
// upgrade dialog (diary not on the plan / daily limit reached) or go to the new-entry form with the press's
// navigation state (e.g. the mood chosen on home). If usage cannot be loaded, no block applies — the server
// still enforces the limit on create, and the form opens the same dialog on its 402.
import { assign, setup, type SnapshotFrom } from 'xstate';
import type { UsageInfo } from '../../contract/billing';
import { stubAction, stubActor, type NavigateParams, type UpgradeDialogParams } from '../effects';
import { paths } from '../paths';
import { checkAccess, type DailyUsage } from '../billing/daily-access';
import type { NewEntryPrefill } from './new-entry-draft';

export type NewEntryGateEvent = { type: 'PRESS'; prefill?: NewEntryPrefill };

export const newEntryGateMachine = setup({
  types: {
    context: {} as { prefill: NewEntryPrefill | null },
    events: {} as NewEntryGateEvent,
  },
  actors: {
    loadUsage: stubActor<UsageInfo | null>(),
  },
  actions: {
    navigate: stubAction<NavigateParams>(),
    openUpgradeDialog: stubAction<UpgradeDialogParams>(),
  },
  guards: {
    // One guard per decision, so a designer tells the branches apart by name in Stately Studio.
    isAllowed: (_, { usage }: { usage: DailyUsage | null }) => checkAccess('diary', usage) === 'allowed',
    isNotAvailable: (_, { usage }: { usage: DailyUsage | null }) => checkAccess('diary', usage) === 'not_available',
  },
}).createMachine({
  id: 'newEntryGate',
  description: 'Checks the diary plan and daily limit before opening the new-entry form.',
  context: { prefill: null },
  initial: 'idle',
  states: {
    idle: {
      on: {
        PRESS: {
          target: 'checking',
          description: 'The user pressed «Новая запись», «Создать первую запись» or home’s «Записать» (with its mood)',
          actions: assign({ prefill: ({ event }) => event.prefill ?? null }),
        },
      },
    },
    checking: {
      description: 'Loading usage; repeated presses are ignored meanwhile.',
      invoke: {
        id: 'loadUsage',
        src: 'loadUsage',
        onDone: [
          {
            guard: { type: 'isAllowed', params: ({ event }) => ({ usage: event.output }) },
            target: 'idle',
            actions: {
              type: 'navigate',
              params: ({ context }) => ({ to: paths.newDiaryEntry, state: context.prefill }),
            },
          },
          {
            guard: { type: 'isNotAvailable', params: ({ event }) => ({ usage: event.output }) },
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
          actions: { type: 'navigate', params: ({ context }) => ({ to: paths.newDiaryEntry, state: context.prefill }) },
        },
      },
    },
  },
});

/** What a button that opens the form shows: disabled while today's usage loads. */
export function newEntryGateView(snapshot: SnapshotFrom<typeof newEntryGateMachine>) {
  return { checking: snapshot.matches('checking') };
}
