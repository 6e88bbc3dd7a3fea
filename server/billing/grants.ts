// Changes of a user's access, each one a row of subscription_grants and the result in `subscriptions` (which every
// gate reads through tierOf). Callers run these inside their transaction after lockUser() (repository.ts), so one
// user's billing changes — payments, refunds, the trial — apply one at a time, whatever instance runs them.
import type { Tx } from '../db';
import { planOf, type Plan, type Tier } from './plans';
import { tierOf } from './quota';
import {
  insertGrant,
  paymentGrantOf,
  renewalCreditDays,
  setRenewed,
  setSubscription,
  subscriptionOf,
} from './repository';

/** `date` plus `months` calendar months in UTC; the 31st of a shorter month becomes its last day. */
export function addMonths(date: Date, months: number): Date {
  const d = new Date(date.getTime());
  const day = d.getUTCDate();
  d.setUTCDate(1);
  d.setUTCMonth(d.getUTCMonth() + months);
  const lastDay = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 0)).getUTCDate();
  d.setUTCDate(Math.min(day, lastDay));
  return d;
}

export interface Grant {
  tier: Tier;
  startsAt: Date;
  expiresAt: Date | null;
}

const DAY_MS = 24 * 60 * 60 * 1000;
/** Telegram's one subscription period (createInvoiceLink's subscription_period must be exactly this). */
export const SUBSCRIPTION_PERIOD_S = 30 * 24 * 60 * 60;
const SUBSCRIPTION_PERIOD_MS = SUBSCRIPTION_PERIOD_S * 1000;

/** The first charge of a Telegram Stars subscription, as successful_payment reports it. */
export interface StarSubscription {
  invoiceId: string;
  /** The first charge's telegram_payment_charge_id: what editUserStarSubscription names. */
  chargeId: string;
  /** subscription_expiration_date: the end of the period this charge paid for. */
  paidUntil: Date;
}

export interface PaidGrant extends Grant {
  /** A Stars subscription this payment replaced (an upgrade): to be cancelled in Telegram. */
  replacedRenewalChargeId: string | null;
}

const later = (a: Date, b: Date | null) => (b && b > a ? b : a);

/** Unused paid time of a lower tier, carried into the tier bought above it. */
export interface UpgradeCredit {
  fromTier: Tier;
  /** Whole days of it left. */
  fromDays: number;
  /** Days of the bought tier they become: fromDays × the lower monthly price ÷ the higher one, rounded down. */
  days: number;
}

/** What paying for `tier` does to the subscription held now. */
export interface PaidPeriodEffect {
  /** The same tier still in force: the paid months follow its end. */
  extends: boolean;
  /** A lower paid tier still in force: its unused days, converted and added to the new period. */
  credit: UpgradeCredit | null;
  /** A trial of another tier, which ends now with nothing credited (a trial is free). */
  endsTrial: Tier | null;
}

/** The monthly price in roubles: the list price every discount is counted from. */
const monthlyRub = (plan: Plan) =>
  plan.periods.find((p) => p.months === 1)?.prices.find((p) => p.currency === 'RUB')?.amount ?? 0;

/**
 * The one rule of what a payment of `tier` does, read by the grant and by the checkout's preview (so what the user
 * is told is what happens): the same tier is extended; a lower paid tier's unused whole days become days of the
 * new tier, pro rata by monthly price; a trial of another tier ends uncredited; anything else is simply replaced.
 */
export function paidPeriodEffect(
  row: { tier: string; expiresAt: Date | null; source: string } | undefined,
  tier: Tier,
  now: Date,
): PaidPeriodEffect {
  const held = tierOf(row, now);
  const none: PaidPeriodEffect = { extends: false, credit: null, endsTrial: null };
  if (!row || held === 'START') return none;
  if (held === tier) return { ...none, extends: true };
  if (row.source === 'trial') return { ...none, endsTrial: held };
  const lower = planOf(held);
  const higher = planOf(tier);
  if (row.source !== 'payment' || !row.expiresAt || lower.rank >= higher.rank) return none;
  const fromDays = Math.floor((row.expiresAt.getTime() - now.getTime()) / DAY_MS);
  if (fromDays < 1) return none;
  const days = Math.floor((fromDays * monthlyRub(lower)) / monthlyRub(higher));
  return { ...none, credit: { fromTier: held, fromDays, days } };
}

/**
 * A paid period of `tier` as paidPeriodEffect says: extended from the same tier's expiry, otherwise from now, plus
 * the days converted from a lower paid tier. The ledger gets the paid months ('payment') and the converted days
 * after them ('credit', the same payment id: its unique key lets it happen once). Returns the interval added.
 */
export async function grantPaidPeriod(
  tx: Tx,
  input: {
    userId: number;
    tier: Tier;
    months: number;
    paymentId: string;
    now: Date;
    /** The first charge of a Telegram Stars subscription: the period is Telegram's, up to `paidUntil`. */
    subscription?: StarSubscription;
  },
): Promise<PaidGrant> {
  const { userId, tier, months, paymentId, now, subscription } = input;
  const row = await subscriptionOf(tx, userId);
  const effect = paidPeriodEffect(row, tier, now);
  const extendsFrom = effect.extends ? (row!.expiresAt ?? now) : now;
  // A subscription pays for Telegram's 30 days, charged now; a one-off period follows the tier's current end.
  const startsAt = subscription ? new Date(subscription.paidUntil.getTime() - SUBSCRIPTION_PERIOD_MS) : extendsFrom;
  const paidEnd = subscription ? subscription.paidUntil : addMonths(startsAt, months);
  const creditEnd = new Date(paidEnd.getTime() + (effect.credit?.days ?? 0) * DAY_MS);
  const expiresAt = later(creditEnd, effect.extends ? row!.expiresAt : null);
  // A tier granted for ever (by hand) stays for ever; the paid interval is still recorded.
  const kept = effect.extends && row!.expiresAt === null;
  if (!kept)
    await setSubscription(tx, userId, tier, expiresAt, 'payment', now, {
      renewalInvoiceId: subscription?.invoiceId ?? null,
      renewalChargeId: subscription?.chargeId ?? null,
      renewsAt: subscription?.paidUntil ?? null,
      renewalCanceledAt: null,
    });
  await insertGrant(tx, { userId, source: 'payment', paymentId, tier, startsAt, expiresAt: paidEnd });
  if (creditEnd > paidEnd)
    await insertGrant(tx, { userId, source: 'credit', paymentId, tier, startsAt: paidEnd, expiresAt: creditEnd });
  // The subscription this payment replaced renews no more for us: the caller cancels it in Telegram.
  const replaced =
    !kept && row?.renewalChargeId && row.renewalInvoiceId !== (subscription?.invoiceId ?? null)
      ? row.renewalChargeId
      : null;
  return { tier, startsAt, expiresAt, replacedRenewalChargeId: replaced };
}

/**
 * A renewal of the Telegram Stars subscription of `invoiceId`: one more period, up to Telegram's
 * subscription_expiration_date (plus the days an upgrade carried over, which move with the period). The end is the
 * later of that and the current one, so renewals delivered late or out of order land on the same end. A renewal of
 * a subscription no longer the user's (an upgrade replaced it) grants nothing: null.
 */
export async function grantRenewal(
  tx: Tx,
  input: { userId: number; invoiceId: string; paymentId: string; paidUntil: Date; now: Date },
): Promise<Grant | null> {
  const { userId, invoiceId, paymentId, paidUntil, now } = input;
  const row = await subscriptionOf(tx, userId);
  if (!row || row.renewalInvoiceId !== invoiceId || row.expiresAt === null) return null;
  const tier = row.tier as Tier;
  const creditDays = await renewalCreditDays(tx, invoiceId);
  const startsAt = new Date(paidUntil.getTime() - SUBSCRIPTION_PERIOD_MS);
  const expiresAt = later(new Date(paidUntil.getTime() + creditDays * DAY_MS), row.expiresAt);
  await setRenewed(tx, userId, expiresAt, later(paidUntil, row.renewsAt), now);
  await insertGrant(tx, { userId, source: 'payment', paymentId, tier, startsAt, expiresAt: paidUntil });
  return { tier, startsAt, expiresAt };
}

/**
 * Takes back what a refunded payment granted: when the subscription is still of that tier, its end moves back by
 * the paid length (not before now — time already used is not reclaimed; days converted from a lower tier were paid
 * for before and stay). When another tier replaced it since,
 * nothing of it is left to take. Either way the refund is recorded, with the interval actually removed.
 */
export async function revokePaidPeriod(
  tx: Tx,
  input: { userId: number; paymentId: string; now: Date },
): Promise<Grant | null> {
  const { userId, paymentId, now } = input;
  const granted = await paymentGrantOf(tx, paymentId);
  if (!granted) return null;
  const tier = granted.tier as Tier;
  const row = await subscriptionOf(tx, userId);
  let removed: Grant = { tier, startsAt: now, expiresAt: now };
  if (row && row.tier === tier && row.expiresAt && granted.expiresAt && row.expiresAt > now) {
    const length = granted.expiresAt.getTime() - granted.startsAt.getTime();
    const end = new Date(Math.max(row.expiresAt.getTime() - length, now.getTime()));
    await setSubscription(tx, userId, tier, end, row.source, now);
    removed = { tier, startsAt: end, expiresAt: row.expiresAt };
  }
  await insertGrant(tx, { userId, source: 'refund', paymentId, ...removed });
  return removed;
}

/** Records a trial or manual grant beside the subscription it set (the trial sets the row itself). */
export async function recordGrant(tx: Tx, userId: number, source: 'trial' | 'manual', grant: Grant): Promise<void> {
  await insertGrant(tx, { userId, source, ...grant });
}
