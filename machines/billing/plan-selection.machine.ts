// The subscription plans (/app/profile/subscription): load the tiers and the user's subscription, pick a period
// per tier, and choose a tier that ranks above the one held (or any paid tier when none is held: START counts as
// held, a trial does not) → the checkout with that tier and period. Load failure: «Не удалось загрузить тарифы»
// with «Попробовать снова».
import { assign, setup, type SnapshotFrom } from 'xstate';
import type { PlanAction } from '../../contract/plan-choice';
import { stubAction, stubActor, type NavigateParams } from '../effects';
import { paths } from '../paths';
import { topState } from '../view-model';
import { actionFor, type PlansData } from './plans';
import { periodOffer, type PeriodOffer } from './pricing';

export interface PlanSelectionContext {
  data: PlansData | null;
  /** The period chosen on each tier's card (months); 1 until the user picks another. */
  periods: Record<string, number>;
}

export type PlanSelectionEvent =
  | { type: 'PERIOD.SELECT'; tier: string; months: number }
  | { type: 'CHOOSE'; tier: string }
  | { type: 'RETRY' }
  | { type: 'BACK' };

export const planSelectionMachine = setup({
  types: {
    context: {} as PlanSelectionContext,
    events: {} as PlanSelectionEvent,
  },
  actors: {
    loadPlans: stubActor<PlansData>(),
  },
  actions: {
    navigate: stubAction<NavigateParams>(),
  },
  guards: {
    hasPeriod: (_, params: { data: PlansData | null; tier: string; months: number }) =>
      params.data?.tiers.some((t) => t.id === params.tier && t.periods.some((p) => p.months === params.months)) ??
      false,
    selectable: (_, params: { action: PlanAction }) => params.action === 'select',
  },
}).createMachine({
  id: 'planSelection',
  description: 'Tier cards with their periods; choosing a tier opens its checkout.',
  context: { data: null, periods: {} },
  initial: 'loading',
  on: {
    BACK: { actions: { type: 'navigate', params: { to: paths.profile } } },
  },
  states: {
    loading: {
      invoke: {
        id: 'loadPlans',
        src: 'loadPlans',
        onDone: { target: 'ready', actions: assign({ data: ({ event }) => event.output }) },
        onError: { target: 'error' },
      },
    },
    error: {
      description: '«Не удалось загрузить тарифы» and «Попробовать снова».',
      on: { RETRY: { target: 'loading' } },
    },
    ready: {
      on: {
        'PERIOD.SELECT': {
          guard: {
            type: 'hasPeriod',
            params: ({ context, event }) => ({ data: context.data, tier: event.tier, months: event.months }),
          },
          actions: assign({ periods: ({ context, event }) => ({ ...context.periods, [event.tier]: event.months }) }),
        },
        CHOOSE: {
          description: '«Выбрать»: only a tier above the one held.',
          guard: {
            type: 'selectable',
            params: ({ context, event }) => ({ action: actionFor(context.data!, event.tier) }),
          },
          actions: {
            type: 'navigate',
            params: ({ context, event }) => ({ to: paths.checkout(event.tier, context.periods[event.tier] ?? 1) }),
          },
        },
      },
    },
  },
});

export type PlanSelectionStatus = 'loading' | 'error' | 'ready';

export interface PlanCardView {
  id: string;
  name: string;
  description: string;
  free: boolean;
  featured: boolean;
  popular: boolean;
  benefits: string[];
  /** The period buttons with their discount, the Stars price's (0: no badge). */
  periods: Array<{ months: number; discount: number; selected: boolean }>;
  /** The selected period's offer; null for the free tier. */
  offer: PeriodOffer | null;
  action: PlanAction;
}

/** What the plans screen shows: the featured card apart, the others in the grid, and a running trial's end. */
export function planSelectionView(snapshot: SnapshotFrom<typeof planSelectionMachine>) {
  const { data, periods } = snapshot.context;
  const cards: PlanCardView[] = (data?.tiers ?? []).map((tier) => {
    const months = periods[tier.id] ?? 1;
    return {
      id: tier.id,
      name: tier.name,
      description: tier.description,
      free: tier.is_free,
      featured: tier.is_featured,
      popular: tier.is_popular,
      benefits: tier.benefits,
      periods: tier.periods.map((p) => ({
        months: p.months,
        discount: periodOffer(tier, p.months)?.stars.discount ?? 0,
        selected: p.months === months,
      })),
      offer: periodOffer(tier, months),
      action: actionFor(data!, tier.id),
    };
  });
  const trial = data?.subscription.source === 'trial' ? data.subscription : null;
  return {
    status: topState<PlanSelectionStatus>(snapshot),
    featured: cards.find((c) => c.featured) ?? null,
    others: cards.filter((c) => !c.featured),
    trial: trial ? { tier: trial.tier, expiresAt: trial.expires_at } : null,
  };
}
