// Prices as the plans and the checkout show them, from the server's tiers (never invented here): a period's price
// in stars and in RUB, each with its full price at the monthly rate and its discount — the rounded percentage saved
// against the monthly price × months, shown only above 0.
import type { TierInfo } from '../../contract/billing';
import type { Currency } from '../../contract/billing';
import type { RankedTier } from '../../contract/plan-choice';

/** A period's price in one currency, with its full price at the monthly rate and what the period saves. */
export interface PeriodPrice {
  amount: number;
  /** The monthly price × months. */
  full: number;
  /** Rounded percent saved; 0 when nothing is (the badge is hidden then). */
  discount: number;
  /** full − amount, never negative. */
  saving: number;
}

/**
 * A period in both currencies. Stars lead (the way to pay in Telegram, docs/decisions/0225): the plans' badges and
 * the checkout's discount are the Stars price's; roubles are the reference, or the price when paying by card.
 */
export interface PeriodOffer {
  months: number;
  stars: PeriodPrice;
  rub: PeriodPrice;
}

/** The currency a price is shown in: 'stars' first, 'rub' when a card pays. */
export type ShownCurrency = 'stars' | 'rub';

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

function periodPrice(tier: TierInfo, months: number, currency: Currency): PeriodPrice | null {
  const amount = priceIn(tier, months, currency);
  const monthly = priceIn(tier, 1, currency) ?? amount;
  if (amount === null || monthly === null) return null;
  const full = monthly * months;
  return { amount, full, discount: discountPercent(amount, monthly, months), saving: Math.max(0, full - amount) };
}

/** The offer of `tier` for `months`, or null when the tier has no such period (or lacks a price in either currency). */
export function periodOffer(tier: TierInfo, months: number): PeriodOffer | null {
  const stars = periodPrice(tier, months, 'STARS');
  const rub = periodPrice(tier, months, 'RUB');
  return stars && rub ? { months, stars, rub } : null;
}

/** The tier as the plan-choice rule takes it. */
export const ranked = (tier: TierInfo): RankedTier => ({ id: tier.id, rank: tier.rank, free: tier.is_free });
