// The app's one upgrade dialog: closed, or open with one of five keys (a feature not on the plan, or its daily
// limit spent). 'Позже' dismisses; the upgrade button closes it and navigates to the subscription plans.
import { assign, setup, type SnapshotFrom } from 'xstate';
import { stubAction, type NavigateParams } from '../effects';
import { paths } from '../paths';

/** Why the dialog opened: a feature not on the plan, or its daily limit spent. The view maps each to its words. */
export const UPGRADE_KEYS = [
  'diary_not_available',
  'diary_limit_reached',
  'voice_not_available',
  'voice_limit_reached',
  'messages_limit_reached',
] as const;
export type UpgradeKey = (typeof UPGRADE_KEYS)[number];

export type UpgradeDialogEvent = { type: 'OPEN'; key: UpgradeKey } | { type: 'DISMISS' } | { type: 'UPGRADE' };

export const upgradeDialogMachine = setup({
  types: {
    context: {} as { key: UpgradeKey | null },
    events: {} as UpgradeDialogEvent,
  },
  actions: {
    navigate: stubAction<NavigateParams>(),
  },
}).createMachine({
  id: 'upgradeDialog',
  description: 'Bottom sheet offering a tier upgrade when a feature is not on the plan or its daily limit is spent.',
  context: { key: null },
  initial: 'closed',
  states: {
    closed: {
      on: {
        OPEN: { target: 'open', actions: assign({ key: ({ event }) => event.key }) },
      },
    },
    open: {
      description: 'Shows the title for `key`, the benefits, the upgrade button and «Позже».',
      on: {
        OPEN: { actions: assign({ key: ({ event }) => event.key }) },
        DISMISS: { target: 'closed', description: '«Позже» or a tap outside the sheet' },
        UPGRADE: {
          target: 'closed',
          description: '«Улучшить тариф» / «Посмотреть тарифы»',
          actions: { type: 'navigate', params: { to: paths.subscription } },
        },
      },
    },
  },
});

/**
 * What the sheet shows: whether it is open, and the key of its words. The key stays set after closing, so the
 * sheet keeps its text while it slides away.
 */
export function upgradeDialogView(snapshot: SnapshotFrom<typeof upgradeDialogMachine>) {
  return { open: snapshot.matches('open'), key: snapshot.context.key };
}
