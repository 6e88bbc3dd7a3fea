// Changes of a user's access, each one a row of subscription_grants and the result in `subscriptions` (which every
// gate reads through tierOf). Callers run these inside their transaction after lockUser(), so one user's billing
// changes — payments, refunds, the trial — apply one at a time, whatever instance runs them.
import { and, eq, sql } from 'drizzle-orm';
import type { Tx } from '../db';
import { subscriptionGrants, subscriptions, users } from '../db/schema';
import type { Tier } from './plans';
import { tierOf } from './quota';

/**
 * Holds the user's row lock until the transaction ends. Take it FIRST in the transaction: a row inserted before
 * it that references the user (a payment) holds a key-share lock on the users row, and two such transactions
 * would then deadlock on each other. NO KEY UPDATE serializes billing changes (and the trial's UPDATE of users)
 * without blocking other inserts that merely reference the user (diary entries, usage).
 */
export async function lockUser(tx: Tx, userId: number): Promise<void> {
  await tx.execute(sql`select 1 from ${users} where ${users.id} = ${userId} for no key update`);
}

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

/**
 * A paid period of `tier`: the same tier still in force is extended from its expiry, anything else (START, an
 * expired tier, a trial of another tier) is replaced from now. Returns the interval added.
 */
export async function grantPaidPeriod(
  tx: Tx,
  input: { userId: number; tier: Tier; months: number; paymentId: string; now: Date },
): Promise<Grant> {
  const { userId, tier, months, paymentId, now } = input;
  const [row] = await tx.select().from(subscriptions).where(eq(subscriptions.userId, userId));
  const extends_ = row !== undefined && tierOf(row, now) === tier;
  const startsAt = extends_ ? (row.expiresAt ?? now) : now;
  const expiresAt = addMonths(startsAt, months);
  // A tier granted for ever (by hand) stays for ever; the paid interval is still recorded.
  const kept = extends_ && row.expiresAt === null;
  if (!kept) await setSubscription(tx, userId, tier, expiresAt, 'payment', now);
  await tx.insert(subscriptionGrants).values({ userId, source: 'payment', paymentId, tier, startsAt, expiresAt });
  return { tier, startsAt, expiresAt };
}

/**
 * Takes back what a refunded payment granted: when the subscription is still of that tier, its end moves back by
 * the granted length (not before now — time already used is not reclaimed). When another tier replaced it since,
 * nothing of it is left to take. Either way the refund is recorded, with the interval actually removed.
 */
export async function revokePaidPeriod(
  tx: Tx,
  input: { userId: number; paymentId: string; now: Date },
): Promise<Grant | null> {
  const { userId, paymentId, now } = input;
  const [granted] = await tx
    .select()
    .from(subscriptionGrants)
    .where(and(eq(subscriptionGrants.paymentId, paymentId), eq(subscriptionGrants.source, 'payment')));
  if (!granted) return null;
  const tier = granted.tier as Tier;
  const [row] = await tx.select().from(subscriptions).where(eq(subscriptions.userId, userId));
  let removed: Grant = { tier, startsAt: now, expiresAt: now };
  if (row && row.tier === tier && row.expiresAt && granted.expiresAt && row.expiresAt > now) {
    const length = granted.expiresAt.getTime() - granted.startsAt.getTime();
    const end = new Date(Math.max(row.expiresAt.getTime() - length, now.getTime()));
    await setSubscription(tx, userId, tier, end, row.source, now);
    removed = { tier, startsAt: end, expiresAt: row.expiresAt };
  }
  await tx.insert(subscriptionGrants).values({ userId, source: 'refund', paymentId, ...removed });
  return removed;
}

/** Records a trial or manual grant beside the subscription it set (the trial sets the row itself). */
export async function recordGrant(tx: Tx, userId: number, source: 'trial' | 'manual', grant: Grant): Promise<void> {
  await tx.insert(subscriptionGrants).values({ userId, source, ...grant });
}

async function setSubscription(tx: Tx, userId: number, tier: Tier, expiresAt: Date, source: string, now: Date) {
  await tx
    .insert(subscriptions)
    .values({ userId, tier, expiresAt, source, updatedAt: now })
    .onConflictDoUpdate({ target: subscriptions.userId, set: { tier, expiresAt, source, updatedAt: now } });
}
