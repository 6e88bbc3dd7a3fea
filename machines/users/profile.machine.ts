// The profile (/app/profile): the user, their subscription with the plans' names, and today's usage, loaded
// together. A failure says «Не удалось загрузить данные профиля» with «Попробовать снова», and which loads failed in
// their own words (user, subscription, tiers, usage). A trial activated on this screen (trial.machine.ts) hands its
// subscription over at once, and the subscription and today's usage are then fetched again: the card's limits are
// the new plan's at once, not «недоступно» until a reload. So does a renewal cancelled or resumed on the card
// (renewal.machine.ts).
import { assign, setup, type SnapshotFrom } from 'xstate';
import type { Subscription, TierInfo, UsageInfo } from '../../contract/billing';
import { chosenTier } from '../../contract/plan-choice';
import type { User } from '../../contract/users';
import { stubActor } from '../effects';
import { topState } from '../view-model';

/** What the profile loads, each from its own call. */
export type ProfilePart = 'user' | 'subscription' | 'tiers' | 'usage';

export interface ProfileData {
  user: User;
  subscription: Subscription;
  tiers: TierInfo[];
  usage: UsageInfo;
}

/** How `loadProfile` fails: the parts whose calls failed (the others may have loaded). */
export interface ProfileLoadFailure {
  parts: ProfilePart[];
}

export interface ProfileContext {
  data: ProfileData | null;
  failed: ProfilePart[];
}

const failedParts = (error: unknown): ProfilePart[] => {
  const parts = (error as Partial<ProfileLoadFailure> | null)?.parts;
  return Array.isArray(parts) && parts.length ? parts : ['user', 'subscription', 'tiers', 'usage'];
};

export const profileMachine = setup({
  types: {
    context: {} as ProfileContext,
    events: {} as
      | { type: 'RETRY' }
      | { type: 'TRIAL.ACTIVATED'; subscription: Subscription }
      | { type: 'RENEWAL.CHANGED'; subscription: Subscription },
  },
  actors: {
    loadProfile: stubActor<ProfileData>(),
    /** The subscription and today's usage, fetched again together. */
    loadPlan: stubActor<Pick<ProfileData, 'subscription' | 'usage'>>(),
  },
}).createMachine({
  id: 'profile',
  description: 'The user, the subscription card and the menu.',
  context: { data: null, failed: [] },
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        id: 'loadProfile',
        src: 'loadProfile',
        onDone: { target: 'ready', actions: assign({ data: ({ event }) => event.output, failed: [] }) },
        onError: { target: 'error', actions: assign({ failed: ({ event }) => failedParts(event.error) }) },
      },
    },
    error: {
      description: '«Не удалось загрузить данные профиля», each failed load in its own words, «Попробовать снова».',
      on: { RETRY: { target: 'loading' } },
    },
    ready: {
      initial: 'idle',
      on: {
        'TRIAL.ACTIVATED': {
          description: 'The trial sheet activated PREMIUM: show it now, then fetch the subscription and usage again.',
          target: '.refreshing',
          actions: assign({
            data: ({ context, event }) => ({ ...context.data!, subscription: event.subscription }),
          }),
        },
        'RENEWAL.CHANGED': {
          description: 'Auto-renewal cancelled or resumed: show the answer now, then fetch the subscription again.',
          target: '.refreshing',
          actions: assign({
            data: ({ context, event }) => ({ ...context.data!, subscription: event.subscription }),
          }),
        },
      },
      states: {
        idle: {},
        refreshing: {
          invoke: {
            id: 'refreshPlan',
            src: 'loadPlan',
            onDone: {
              target: 'idle',
              actions: assign({ data: ({ context, event }) => ({ ...context.data!, ...event.output }) }),
            },
            onError: { target: 'idle', description: 'A failed refetch keeps what the activation answered.' },
          },
        },
      },
    },
  },
});

export type ProfileStatus = 'loading' | 'error' | 'ready';

/** The subscription card: the tier's name and description, its end, whether it is the trial. */
export interface PlanView {
  tier: Subscription['tier'];
  name: string;
  description: string;
  expiresAt: string | null;
  trial: boolean;
  /**
   * A monthly Stars subscription: renewing (the next charge's date, «Отменить автопродление») or cancelled (it ends
   * at expiresAt, «Возобновить»); null for a one-off plan, a trial or START.
   */
  renewal: { autoRenew: boolean; renewsAt: string } | null;
}

function planOf(data: ProfileData): PlanView {
  const { subscription, tiers } = data;
  const tier = tiers.find((t) => t.id === subscription.tier);
  return {
    tier: subscription.tier,
    name: tier?.name ?? subscription.tier,
    description: tier?.description ?? '',
    expiresAt: subscription.expires_at,
    trial: subscription.source === 'trial',
    renewal: subscription.renewal
      ? { autoRenew: subscription.renewal.auto_renew, renewsAt: subscription.renewal.renews_at }
      : null,
  };
}

/**
 * «Улучшить тариф» is hidden on the top tier held by choice; a trial is not a choice (contract/plan-choice.ts), so
 * a user on the PREMIUM trial is still offered the plans.
 */
function canUpgrade(data: ProfileData): boolean {
  const held = chosenTier(data.subscription);
  const top = Math.max(...data.tiers.map((t) => t.rank));
  return held === null || (data.tiers.find((t) => t.id === held)?.rank ?? 0) < top;
}

export function profileView(snapshot: SnapshotFrom<typeof profileMachine>) {
  const { data, failed } = snapshot.context;
  return {
    status: topState<ProfileStatus>(snapshot),
    user: data?.user ?? null,
    plan: data ? planOf(data) : null,
    canUpgrade: data ? canUpgrade(data) : false,
    usage: data?.usage ?? null,
    /** The loads that failed, in the order the screen names them. */
    failed,
  };
}
