// What the plans screen and the checkout both load: the tiers (with the payment methods this server takes) and the
// user's subscription, and the rule that says which tier they may choose.
import type { Subscription, TierInfo, TiersResponse } from '../../contract/billing';
import { chosenTier, planAction, type PlanAction } from '../../contract/plan-choice';
import type { PaymentMethod } from '../../contract/payments';
import { ranked } from './pricing';

export interface PlansData {
  tiers: TierInfo[];
  methods: PaymentMethod[];
  subscription: Subscription;
}

export function plansData(tiers: TiersResponse, subscription: Subscription): PlansData {
  return { tiers: tiers.tiers, methods: tiers.payment_methods, subscription };
}

/** 'current' | 'select' | 'unavailable' for `tierId` given the user's subscription. */
export function actionFor(data: PlansData, tierId: string): PlanAction {
  const tier = data.tiers.find((t) => t.id === tierId);
  if (!tier) return 'unavailable';
  const held = chosenTier(data.subscription);
  const heldTier = held ? data.tiers.find((t) => t.id === held) : undefined;
  return planAction(ranked(tier), heldTier ? ranked(heldTier) : null);
}
