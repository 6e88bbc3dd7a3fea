// The free PREMIUM trial on the profile: for a START user with the trial available, the card «Попробуйте PREMIUM
// бесплатно» opens a sheet of benefits with «Начать пробный период» («Активация...» while it runs) and «Позже».
// Success closes the sheet, says so with a success toast (and its haptic) and hands the subscription to the profile,
// which shows PREMIUM and fetches it again. A failure stays in the sheet with the server's words or «Не удалось
// активировать триал». A status check that fails ('Не удалось проверить доступность триала') counts as unavailable:
// the card is not shown.
import { assign, setup, type SnapshotFrom } from 'xstate';
import type { Subscription, TrialStatus } from '../../contract/billing';
import { stubAction, stubActor, type ToastParams } from '../effects';
import { topState } from '../view-model';

/** How `activateTrial` fails: the server's detail when it gave one; `gone` when the trial is no longer available (409). */
export interface TrialFailure {
  detail: string | null;
  gone: boolean;
}

export interface TrialContext {
  failure: TrialFailure | null;
}

const failureOf = (error: unknown): TrialFailure => {
  const e = error as Partial<TrialFailure> | null;
  return { detail: typeof e?.detail === 'string' ? e.detail : null, gone: e?.gone === true };
};

export const trialMachine = setup({
  types: {
    context: {} as TrialContext,
    events: {} as { type: 'OPEN' } | { type: 'ACTIVATE' } | { type: 'DISMISS' },
  },
  actors: {
    loadTrialStatus: stubActor<TrialStatus>(),
    activateTrial: stubActor<Subscription>(),
  },
  actions: {
    toast: stubAction<ToastParams>(),
    /** The profile takes the new subscription (and fetches it again). */
    trialActivated: stubAction<{ subscription: Subscription }>(),
  },
  guards: {
    isAvailable: (_, { status }: { status: TrialStatus }) => status.available,
    isGone: (_, { failure }: { failure: TrialFailure | null }) => failure?.gone === true,
  },
}).createMachine({
  id: 'trial',
  description: 'The trial offer card and its sheet.',
  context: { failure: null },
  initial: 'checking',
  states: {
    checking: {
      invoke: {
        id: 'loadTrialStatus',
        src: 'loadTrialStatus',
        onDone: [
          { guard: { type: 'isAvailable', params: ({ event }) => ({ status: event.output }) }, target: 'offered' },
          { target: 'unavailable' },
        ],
        description: 'A failed check counts as unavailable.',
        onError: { target: 'unavailable' },
      },
    },
    offered: {
      initial: 'closed',
      states: {
        closed: {
          description: 'The card «Попробуйте PREMIUM бесплатно» with «Активировать бесплатно».',
          on: { OPEN: { target: 'open' } },
        },
        open: {
          description: 'The sheet: benefits, «Начать пробный период», «Позже».',
          on: { ACTIVATE: { target: 'activating' }, DISMISS: { target: 'closed' } },
        },
        activating: {
          description: '«Активация...»; the sheet stays until the answer.',
          entry: assign({ failure: null }),
          invoke: {
            id: 'activateTrial',
            src: 'activateTrial',
            onDone: {
              target: '#trial.activated',
              actions: [
                { type: 'toast', params: { key: 'trialActivated' } },
                { type: 'trialActivated', params: ({ event }) => ({ subscription: event.output }) },
              ],
            },
            onError: { target: 'failed', actions: assign({ failure: ({ event }) => failureOf(event.error) }) },
          },
        },
        failed: {
          description: 'The server’s words, or «Не удалось активировать триал»; trying again is allowed.',
          on: {
            ACTIVATE: { target: 'activating' },
            DISMISS: [
              {
                guard: { type: 'isGone', params: ({ context }) => ({ failure: context.failure }) },
                target: '#trial.unavailable',
              },
              { target: 'closed' },
            ],
          },
        },
      },
    },
    activated: { description: 'PREMIUM is on: no offer any more.' },
    unavailable: { description: 'Not START, the trial already used, or the check failed: no card.' },
  },
});

export type TrialStatusView = 'checking' | 'offered' | 'activated' | 'unavailable';

export function trialView(snapshot: SnapshotFrom<typeof trialMachine>) {
  const { failure } = snapshot.context;
  return {
    status: topState<TrialStatusView>(snapshot),
    /** The card is shown. */
    offered: snapshot.matches('offered'),
    sheetOpen:
      snapshot.matches({ offered: 'open' }) ||
      snapshot.matches({ offered: 'activating' }) ||
      snapshot.matches({ offered: 'failed' }),
    activating: snapshot.matches({ offered: 'activating' }),
    /** A failed activation: true with `detail` null means the fallback words. */
    failed: snapshot.matches({ offered: 'failed' }),
    detail: failure?.detail ?? null,
  };
}
