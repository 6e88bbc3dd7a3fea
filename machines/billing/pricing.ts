// Prices as the plans and the checkout show them, from the server's tiers (never invented here): a period's price
// in RUB and in stars, the full price at the monthly rate, and the discount — the rounded percentage saved against
// the monthly price × months, shown only above 0.
import type { TierInfo } from '../../contract/billing';
import type { Currency } from '../../contract/billing';
import type { RankedTier } from '../../contract/plan-choice';

export interface PeriodOffer {
  months: number;
  rub: number;
  stars: number;
  /** The monthly RUB price × months. */
  fullRub: number;
  /** Rounded percent saved; 0 when nothing is (the badge is hidden then). */
  discount: number;
  /** fullRub − rub, never negative. */
  saving: number;
}

function priceIn(tier: TierInfo, months: number, currency: Currency): number | null {
  const period = tier.periods.find((p) => p.months === months);
  const price = period?.prices.find((p) => p.currency.toUpperCase() === currency);
  return price ? price.amount : null;
}

export function discountPercent(price: number, monthly: number, months: number): number {
  const full = monthly * months;
  if (full <= 0) return 0;
  return Math.max(0, Math.round((1 - price / full) * 100));
}

/** The offer of `tier` for `months`, or null when the tier has no such period (or lacks a price in either currency). */
export function periodOffer(tier: TierInfo, months: number): PeriodOffer | null {
  const rub = priceIn(tier, months, 'RUB');
  const stars = priceIn(tier, months, 'STARS');
  const monthly = priceIn(tier, 1, 'RUB') ?? rub;
  if (rub === null || stars === null || monthly === null) return null;
  const fullRub = monthly * months;
  return {
    months,
    rub,
    stars,
    fullRub,
    discount: discountPercent(rub, monthly, months),
    saving: Math.max(0, fullRub - rub),
  };
}

/** The tier as the plan-choice rule takes it. */
export const ranked = (tier: TierInfo): RankedTier => ({ id: tier.id, rank: tier.rank, free: tier.is_free });
