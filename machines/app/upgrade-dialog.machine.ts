// The app's one upgrade dialog: closed, or open with one of five keys (a feature not on the plan, or its daily
// limit spent). 'Позже' dismisses; the upgrade button closes it and navigates to the subscription plans.
// In the after-crisis window (72 hours after the safety net's last risk signal: OPEN's `quiet`) it opens quiet:
// the same title says what is not available, with no benefits, no upgrade button — only «Понятно» (docs/safety.md).
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

export type UpgradeDialogEvent =
  { type: 'OPEN'; key: UpgradeKey; quiet?: boolean } | { type: 'DISMISS' } | { type: 'UPGRADE' };

export const upgradeDialogMachine = setup({
  types: {
    context: {} as { key: UpgradeKey | null },
    events: {} as UpgradeDialogEvent,
  },
  actions: {
    navigate: stubAction<NavigateParams>(),
  },
  guards: {
    isQuiet: (_, { quiet }: { quiet: boolean }) => quiet,
  },
}).createMachine({
  id: 'upgradeDialog',
  description: 'Bottom sheet offering a tier upgrade when a feature is not on the plan or its daily limit is spent.',
  context: { key: null },
  initial: 'closed',
  states: {
    closed: {
      on: {
        OPEN: [
          {
            guard: { type: 'isQuiet', params: ({ event }) => ({ quiet: event.quiet === true }) },
            target: 'quiet',
            actions: assign({ key: ({ event }) => event.key }),
          },
          { target: 'open', actions: assign({ key: ({ event }) => event.key }) },
        ],
      },
    },
    quiet: {
      description: 'The after-crisis window: the title for `key` and «Понятно» — no benefits, no upgrade.',
      on: {
        OPEN: { actions: assign({ key: ({ event }) => event.key }) },
        DISMISS: { target: 'closed', description: '«Понятно» or a tap outside the sheet' },
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
 * What the sheet shows: whether it is open, the key of its words, and whether it offers an upgrade (not quiet). The
 * key stays set after closing, so the sheet keeps its text while it slides away.
 */
export function upgradeDialogView(snapshot: SnapshotFrom<typeof upgradeDialogMachine>) {
  return {
    open: snapshot.matches('open') || snapshot.matches('quiet'),
    key: snapshot.context.key,
    upsell: !snapshot.matches('quiet'),
  };
}
