// The monthly plan's renewal on the profile's subscription card: «Отменить автопродление» while it renews,
// «Возобновить» once cancelled (until the paid period ends). The button says «Сохраняем...» while the server asks
// Telegram; success hands the new subscription to the profile (which shows the end date or the next charge), a
// failure stays on the card with the server's words or «Не удалось изменить автопродление» and may be tried again.
import { assign, setup, type SnapshotFrom } from 'xstate';
import type { Subscription } from '../../contract/billing';
import { stubAction, stubActor } from '../effects';

export interface RenewalContext {
  /** The server's words for the last failure; null: none, or the fallback words. */
  detail: string | null;
}

export const renewalMachine = setup({
  types: {
    context: {} as RenewalContext,
    events: {} as { type: 'CANCEL' } | { type: 'RESUME' },
  },
  actors: {
    setRenewal: stubActor<Subscription, { autoRenew: boolean }>(),
  },
  actions: {
    /** The profile takes the subscription the server answered (and fetches it again). */
    renewalChanged: stubAction<{ subscription: Subscription }>(),
  },
}).createMachine({
  id: 'renewal',
  description: 'Cancel or resume the monthly Stars subscription.',
  context: { detail: null },
  initial: 'idle',
  states: {
    idle: {
      on: { CANCEL: { target: 'cancelling' }, RESUME: { target: 'resuming' } },
    },
    cancelling: {
      description: '«Отменить автопродление» pressed: the server asks Telegram (editUserStarSubscription).',
      entry: assign({ detail: null }),
      invoke: {
        id: 'setRenewal',
        src: 'setRenewal',
        input: { autoRenew: false },
        onDone: {
          target: 'idle',
          actions: { type: 'renewalChanged', params: ({ event }) => ({ subscription: event.output }) },
        },
        onError: { target: 'failed', actions: assign({ detail: ({ event }) => detailOf(event.error) }) },
      },
    },
    resuming: {
      description: '«Возобновить» pressed.',
      entry: assign({ detail: null }),
      invoke: {
        id: 'setRenewal',
        src: 'setRenewal',
        input: { autoRenew: true },
        onDone: {
          target: 'idle',
          actions: { type: 'renewalChanged', params: ({ event }) => ({ subscription: event.output }) },
        },
        onError: { target: 'failed', actions: assign({ detail: ({ event }) => detailOf(event.error) }) },
      },
    },
    failed: {
      description: 'The server’s words, or «Не удалось изменить автопродление»; either button tries again.',
      on: { CANCEL: { target: 'cancelling' }, RESUME: { target: 'resuming' } },
    },
  },
});

function detailOf(error: unknown): string | null {
  const detail = (error as { detail?: unknown } | null)?.detail;
  return typeof detail === 'string' ? detail : null;
}

export function renewalView(snapshot: SnapshotFrom<typeof renewalMachine>) {
  return {
    /** A request is under way: both buttons wait. */
    saving: snapshot.matches('cancelling') || snapshot.matches('resuming'),
    failed: snapshot.matches('failed'),
    detail: snapshot.context.detail,
  };
}
