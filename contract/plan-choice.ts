// Which tier a user may choose: one rule for the plans screen's buttons, the checkout and the invoice route, so
// the button and the server never disagree. Plain TypeScript without zod: the client imports it at run time.
import type { Tier } from './common';

/** A tier as the rule needs it (the plans' rank: START 0 < PRO 1 < PREMIUM 2). */
export interface RankedTier {
  id: Tier;
  rank: number;
  /** A free tier is never bought. */
  free: boolean;
}

/**
 * The tier the user holds by choice (paid or granted), or null when none: a trial is an offer, not a choice, so a
 * user on the PREMIUM trial may buy any paid tier (PREMIUM extends the trial's end, a lower tier replaces it).
 */
export function chosenTier(subscription: { tier: Tier; source: string | null }): Tier | null {
  return subscription.source === 'trial' ? null : subscription.tier;
}

/** 'current': the tier held; 'select': higher than it (or nothing held) and paid; 'unavailable': anything else. */
export type PlanAction = 'current' | 'select' | 'unavailable';

export function planAction(tier: RankedTier, current: RankedTier | null): PlanAction {
  if (current && tier.id === current.id) return 'current';
  if (tier.free) return 'unavailable';
  return current === null || tier.rank > current.rank ? 'select' : 'unavailable';
}
