// All of billing's SQL: subscriptions and their grants, offers (invoices), payments and refunds, the trial's claim,
// daily usage, the Stars subscription behind a tier, the end-of-plan notices' claims, and the user's billing records.
// The rules that decide what to write are in the files named by what they hold (quota, checkout, payments, grants,
// renewals, plan-end) and service.ts, the domain's entry.
import { and, asc, desc, eq, gt, inArray, isNotNull, isNull, lte, or, sql } from 'drizzle-orm';
import type { Executor, Tx } from '../db';
import {
  dailyUsage,
  invoices,
  payments,
  planEndNotices,
  refunds,
  subscriptionGrants,
  subscriptions,
  userSettings,
  users,
  type InvoiceRow,
} from '../db/schema';
import type { RefundReason } from './payments';
import type { Tier, UsageKind } from './plans';

// ——— Subscriptions and grants ———

/**
 * Holds the user's row lock until the transaction ends. Take it FIRST in the transaction: a row inserted before
 * it that references the user (a payment) holds a key-share lock on the users row, and two such transactions
 * would then deadlock on each other. NO KEY UPDATE serializes billing changes (and the trial's UPDATE of users)
 * without blocking other inserts that merely reference the user (diary entries, usage).
 */
export async function lockUser(tx: Tx, userId: number): Promise<void> {
  await tx.execute(sql`select 1 from ${users} where ${users.id} = ${userId} for no key update`);
}

/** The user's subscriptions row, if any. */
export async function subscriptionOf(db: Executor, userId: number) {
  const [row] = await db.select().from(subscriptions).where(eq(subscriptions.userId, userId));
  return row;
}

/** The tier and end of the user's subscriptions row, if any (what effectiveTier reads). */
export async function tierRowOf(db: Executor, userId: number) {
  const [row] = await db
    .select({ tier: subscriptions.tier, expiresAt: subscriptions.expiresAt })
    .from(subscriptions)
    .where(eq(subscriptions.userId, userId));
  return row;
}

type RenewalColumns = Pick<
  typeof subscriptions.$inferInsert,
  'renewalInvoiceId' | 'renewalChargeId' | 'renewsAt' | 'renewalCanceledAt'
>;

/** Sets the user's tier; `renewal` replaces the Stars subscription behind it (absent: left as it is). */
export async function setSubscription(
  tx: Tx,
  userId: number,
  tier: Tier,
  expiresAt: Date,
  source: string,
  now: Date,
  renewal: RenewalColumns = {},
) {
  await tx
    .insert(subscriptions)
    .values({ userId, tier, expiresAt, source, updatedAt: now, ...renewal })
    .onConflictDoUpdate({ target: subscriptions.userId, set: { tier, expiresAt, source, updatedAt: now, ...renewal } });
}

/** The /dev launcher: no subscription at all (START). */
export async function deleteSubscription(db: Executor, userId: number): Promise<void> {
  await db.delete(subscriptions).where(eq(subscriptions.userId, userId));
}

/** The /dev launcher: a tier set by hand until `expiresAt`. */
export async function setManualSubscription(db: Executor, userId: number, tier: Tier, expiresAt: Date): Promise<void> {
  await db
    .insert(subscriptions)
    .values({ userId, tier, expiresAt, source: 'manual' })
    .onConflictDoUpdate({ target: subscriptions.userId, set: { tier, expiresAt, source: 'manual' } });
}

/** A renewal charged: the subscription's new end and renewal date, its renewal no longer cancelled. */
export async function setRenewed(tx: Tx, userId: number, expiresAt: Date, renewsAt: Date, now: Date) {
  await tx
    .update(subscriptions)
    .set({
      expiresAt,
      renewsAt,
      // Telegram charged: the subscription renews (a cancellation undone in Telegram itself shows here).
      renewalCanceledAt: null,
      updatedAt: now,
    })
    .where(eq(subscriptions.userId, userId));
}

/** One row of the ledger of access changes. */
export async function insertGrant(tx: Tx, grant: typeof subscriptionGrants.$inferInsert): Promise<void> {
  await tx.insert(subscriptionGrants).values(grant);
}

/** The paid interval a payment granted (its 'payment' row), if any. */
export async function paymentGrantOf(tx: Tx, paymentId: string) {
  const [granted] = await tx
    .select()
    .from(subscriptionGrants)
    .where(and(eq(subscriptionGrants.paymentId, paymentId), eq(subscriptionGrants.source, 'payment')));
  return granted;
}

// ——— The trial ———

/** When the user used their trial (null: never); undefined without a users row. */
export async function trialUsedAtOf(db: Executor, userId: number) {
  const [row] = await db.select({ usedAt: users.trialUsedAt }).from(users).where(eq(users.id, userId));
  return row;
}

/** Marks the trial used with a conditional UPDATE: true only for the one statement that did. */
export async function claimTrial(tx: Tx, userId: number, now: Date): Promise<boolean> {
  const claimed = await tx
    .update(users)
    .set({ trialUsedAt: now })
    .where(and(eq(users.id, userId), isNull(users.trialUsedAt)))
    .returning({ id: users.id });
  return claimed.length > 0;
}

/** The trial's subscriptions row. */
export async function setTrialSubscription(tx: Tx, userId: number, tier: Tier, expiresAt: Date, now: Date) {
  await tx
    .insert(subscriptions)
    .values({ userId, tier, expiresAt, source: 'trial' })
    .onConflictDoUpdate({
      target: subscriptions.userId,
      set: { tier, expiresAt, source: 'trial', updatedAt: now },
    });
}

// ——— Offers, payments, refunds ———

/** A pending offer. */
export async function insertInvoice(db: Executor, offer: typeof invoices.$inferInsert) {
  const [row] = await db.insert(invoices).values(offer).returning({ id: invoices.id });
  return row!;
}

export async function setInvoiceUrl(db: Executor, invoiceId: string, url: string): Promise<void> {
  await db.update(invoices).set({ url }).where(eq(invoices.id, invoiceId));
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The offer a payment's payload names, with its user's Telegram id (undefined: no such offer). */
export async function invoiceOf(
  db: Executor,
  payload: string,
): Promise<{ invoice: InvoiceRow; telegramId: number } | undefined> {
  if (!UUID.test(payload)) return undefined;
  const [row] = await db
    .select({ invoice: invoices, telegramId: users.telegramId })
    .from(invoices)
    .innerJoin(users, eq(users.id, invoices.userId))
    .where(eq(invoices.id, payload));
  return row;
}

/** Inserts a payment once per charge id: its id, or undefined when the charge was recorded before. */
export async function insertPayment(tx: Tx, payment: typeof payments.$inferInsert) {
  const [inserted] = await tx
    .insert(payments)
    .values(payment)
    .onConflictDoNothing({ target: payments.telegramPaymentChargeId })
    .returning({ id: payments.id });
  return inserted;
}

export async function setRefundReason(tx: Tx, paymentId: string, reason: RefundReason): Promise<void> {
  await tx.update(payments).set({ refundReason: reason }).where(eq(payments.id, paymentId));
}

/** Marks a pending offer paid: false when it was paid before (an invoice grants once). */
export async function markInvoicePaid(tx: Tx, invoiceId: string, now: Date): Promise<boolean> {
  const [paid] = await tx
    .update(invoices)
    .set({ status: 'paid', paidAt: now })
    .where(and(eq(invoices.id, invoiceId), eq(invoices.status, 'pending')))
    .returning({ id: invoices.id });
  return paid !== undefined;
}

/** The payment of a charge id, if recorded. */
export async function paymentOfCharge(db: Executor, chargeId: string) {
  const [payment] = await db
    .select({ id: payments.id, userId: payments.userId })
    .from(payments)
    .where(eq(payments.telegramPaymentChargeId, chargeId));
  return payment;
}

/** Inserts a refund once per payment: its id, or undefined when the payment was refunded before. */
export async function insertRefund(tx: Tx, refund: typeof refunds.$inferInsert) {
  const [inserted] = await tx
    .insert(refunds)
    .values(refund)
    .onConflictDoNothing({ target: refunds.paymentId })
    .returning({ id: refunds.id });
  return inserted;
}

/** A user's payments, newest first, for /paysupport. */
export async function recentPayments(db: Executor, telegramUserId: number, limit = 5) {
  return db
    .select({
      chargeId: payments.telegramPaymentChargeId,
      tier: payments.tier,
      months: payments.months,
      currency: payments.currency,
      amount: payments.amount,
      createdAt: payments.createdAt,
      refundReason: payments.refundReason,
      refundedAt: refunds.createdAt,
    })
    .from(payments)
    .leftJoin(refunds, eq(refunds.paymentId, payments.id))
    .where(eq(payments.telegramUserId, telegramUserId))
    .orderBy(desc(payments.createdAt))
    .limit(limit);
}

// ——— Daily usage ———

/**
 * Adds `amount` to the (user, day, kind) counter with ONE upsert; with `limit`, only while the sum stays within it.
 * The new total, or undefined when the limit refused it.
 */
export async function addUsage(
  db: Executor,
  input: { userId: number; day: string; kind: UsageKind; amount: number; limit: number | null },
) {
  const { userId, day, kind, amount, limit } = input;
  const rows = await db
    .insert(dailyUsage)
    .values({ userId, day, kind, used: amount })
    .onConflictDoUpdate({
      target: [dailyUsage.userId, dailyUsage.day, dailyUsage.kind],
      set: { used: sql`${dailyUsage.used} + excluded.used` },
      ...(limit !== null ? { setWhere: sql`${dailyUsage.used} + excluded.used <= ${limit}` } : {}),
    })
    .returning({ used: dailyUsage.used });
  return rows[0];
}

/** What the user used of `kind` on `day` (undefined: nothing yet). */
export async function usedOn(db: Executor, userId: number, day: string, kind: UsageKind) {
  const [row] = await db
    .select({ used: dailyUsage.used })
    .from(dailyUsage)
    .where(and(eq(dailyUsage.userId, userId), eq(dailyUsage.day, day), eq(dailyUsage.kind, kind)));
  return row;
}

/** The user's counters of `day`. */
export async function usageOn(db: Executor, userId: number, day: string) {
  return db
    .select({ kind: dailyUsage.kind, used: dailyUsage.used })
    .from(dailyUsage)
    .where(and(eq(dailyUsage.userId, userId), eq(dailyUsage.day, day)));
}

/**
 * Gives `amount` of a spend back to the day it was spent on (a local date, YYYY-MM-DD: a spend made before midnight
 * is given back to that day, not today), never below zero. Returns the day's new total, or null without a row.
 */
export async function giveBackDaily(
  db: Executor,
  input: { userId: number; kind: UsageKind; day: string; amount: number },
): Promise<number | null> {
  const [row] = await db
    .update(dailyUsage)
    .set({ used: sql`greatest(${dailyUsage.used} - ${input.amount}, 0)` })
    .where(and(eq(dailyUsage.userId, input.userId), eq(dailyUsage.day, input.day), eq(dailyUsage.kind, input.kind)))
    .returning({ used: dailyUsage.used });
  return row?.used ?? null;
}

// ——— Renewals and the end-of-plan messages ———

/** Days an upgrade carried over into the subscription of `invoiceId` (its first charge's credit row), else 0. */
export async function renewalCreditDays(tx: Tx, invoiceId: string): Promise<number> {
  const [row] = await tx
    .select({ startsAt: subscriptionGrants.startsAt, expiresAt: subscriptionGrants.expiresAt })
    .from(subscriptionGrants)
    .innerJoin(payments, eq(payments.id, subscriptionGrants.paymentId))
    .where(and(eq(payments.invoiceId, invoiceId), eq(subscriptionGrants.source, 'credit')));
  if (!row?.expiresAt) return 0;
  return Math.round((row.expiresAt.getTime() - row.startsAt.getTime()) / 86_400_000);
}

/** The user's Stars subscription as the profile and /subscription show it, with their Telegram id. */
export async function renewalOf(db: Executor, userId: number) {
  const [row] = await db
    .select({
      telegramId: users.telegramId,
      tier: subscriptions.tier,
      expiresAt: subscriptions.expiresAt,
      renewalChargeId: subscriptions.renewalChargeId,
      renewsAt: subscriptions.renewsAt,
      renewalCanceledAt: subscriptions.renewalCanceledAt,
    })
    .from(subscriptions)
    .innerJoin(users, eq(users.id, subscriptions.userId))
    .where(eq(subscriptions.userId, userId));
  return row;
}

/** The first charge of an invoice (a Stars subscription's: what editUserStarSubscription names), if any. */
export async function firstChargeOf(db: Executor, invoiceId: string): Promise<string | null> {
  const [row] = await db
    .select({ chargeId: payments.telegramPaymentChargeId })
    .from(payments)
    .where(and(eq(payments.invoiceId, invoiceId), isNull(payments.refundReason)))
    .orderBy(asc(payments.createdAt))
    .limit(1);
  return row?.chargeId ?? null;
}

/** The user's id by Telegram id (the bot's /subscription). */
export async function userIdOf(db: Executor, telegramId: number): Promise<number | null> {
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.telegramId, telegramId));
  return row?.id ?? null;
}

/** Marks the renewal of the subscription `chargeId` cancelled (at `at`) or renewing (null); false: not the user's. */
export async function setRenewalCanceled(
  db: Executor,
  userId: number,
  chargeId: string,
  at: Date | null,
): Promise<boolean> {
  const rows = await db
    .update(subscriptions)
    .set({ renewalCanceledAt: at, updatedAt: new Date() })
    .where(and(eq(subscriptions.userId, userId), eq(subscriptions.renewalChargeId, chargeId)))
    .returning({ userId: subscriptions.userId });
  return rows.length > 0;
}

/**
 * Paid plans ending in (from, to] that will not renew (one-off, or a subscription whose renewal was cancelled), of
 * users the bot may write to who have reminders on — with what decides the message: their zone and risk flag.
 */
export async function endingPlans(db: Executor, from: Date, to: Date) {
  return db
    .select({
      userId: subscriptions.userId,
      tier: subscriptions.tier,
      endsAt: subscriptions.expiresAt,
      telegramId: users.telegramId,
      timeZone: users.timeZone,
      riskFlaggedAt: users.riskFlaggedAt,
    })
    .from(subscriptions)
    .innerJoin(users, eq(users.id, subscriptions.userId))
    .leftJoin(userSettings, eq(userSettings.userId, users.id))
    .where(
      and(
        eq(subscriptions.source, 'payment'),
        gt(subscriptions.expiresAt, from),
        lte(subscriptions.expiresAt, to),
        or(isNull(subscriptions.renewalChargeId), isNotNull(subscriptions.renewalCanceledAt)),
        eq(users.botAccess, 'allowed'),
        isNull(users.botBlockedAt),
        // No settings row: the default (evening) — reminders on.
        or(isNull(userSettings.reminderTime), sql`${userSettings.reminderTime} <> 'disabled'`),
      ),
    );
}

export type NoticeKind = 'soon' | 'today';
export type NoticeStatus = 'sending' | 'sent' | 'blocked' | 'failed' | 'unknown';

/** Takes the one right to send this notice: true only for the statement that inserted its row. */
export async function claimNotice(db: Executor, userId: number, endsAt: Date, kind: NoticeKind): Promise<boolean> {
  const rows = await db
    .insert(planEndNotices)
    .values({ userId, endsAt, kind, status: 'sending' })
    .onConflictDoNothing()
    .returning({ userId: planEndNotices.userId });
  return rows.length > 0;
}

type NoticeKey = { userId: number; endsAt: Date; kind: NoticeKind };
const noticeOf = (key: NoticeKey) =>
  and(
    eq(planEndNotices.userId, key.userId),
    eq(planEndNotices.endsAt, key.endsAt),
    eq(planEndNotices.kind, key.kind),
    eq(planEndNotices.status, 'sending'),
  );

/** Gives a claim back when its message surely did not leave (429, connection refused): a later tick may send it. */
export async function releaseNotice(db: Executor, key: NoticeKey): Promise<void> {
  await db.delete(planEndNotices).where(noticeOf(key));
}

export async function settleNotice(
  db: Executor,
  key: NoticeKey,
  status: NoticeStatus,
  extra: { messageId?: number; reason?: string } = {},
): Promise<void> {
  await db
    .update(planEndNotices)
    .set({ status, messageId: extra.messageId ?? null, reason: extra.reason ?? null, updatedAt: sql`now()` })
    .where(noticeOf(key));
}

// ——— The user's billing records ———
//
// For «Скачать мои данные» and «Удалить все мои данные» — the one place the profile's export plugs into (as a part
// of its user-data registry: key 'payments', tables invoices, payments, refunds, subscription_grants; the
// subscriptions row is its own part).
//
// Export: every grant (trial, payment, credit, refund, manual), offer (invoice), payment and refund of the user.
// Erasure needs no code: deleting the users row removes the grants and invoices (ON DELETE CASCADE), while payments
// and refunds stay — they are the seller's accounting records, and a refund of a Stars payment needs the payer's
// Telegram id and the charge id (refundStarPayment). They lose their link to the account (payments.user_id and
// invoice_id → null, ON DELETE SET NULL) and keep only what a payment record is: charge ids, Telegram user id,
// what was bought, amount, time (tests/server/payments.test.ts, "the user's billing records").

const iso = (d: Date | null) => d?.toISOString() ?? null;

export async function exportBilling(db: Executor, userId: number) {
  const grants = await db
    .select()
    .from(subscriptionGrants)
    .where(eq(subscriptionGrants.userId, userId))
    .orderBy(asc(subscriptionGrants.createdAt));
  const offers = await db.select().from(invoices).where(eq(invoices.userId, userId)).orderBy(asc(invoices.createdAt));
  const paid = await db.select().from(payments).where(eq(payments.userId, userId)).orderBy(asc(payments.createdAt));
  const returned = paid.length
    ? await db
        .select()
        .from(refunds)
        .where(
          inArray(
            refunds.paymentId,
            paid.map((p) => p.id),
          ),
        )
        .orderBy(asc(refunds.createdAt))
    : [];
  return {
    grants: grants.map((g) => ({
      source: g.source,
      tier: g.tier,
      starts_at: iso(g.startsAt),
      expires_at: iso(g.expiresAt),
      payment_id: g.paymentId,
      created_at: iso(g.createdAt),
    })),
    invoices: offers.map((i) => ({
      id: i.id,
      tier: i.tier,
      months: i.months,
      method: i.method,
      currency: i.currency,
      amount: i.amount,
      status: i.status,
      created_at: iso(i.createdAt),
      expires_at: iso(i.expiresAt),
      paid_at: iso(i.paidAt),
    })),
    payments: paid.map((p) => ({
      id: p.id,
      telegram_payment_charge_id: p.telegramPaymentChargeId,
      provider_payment_charge_id: p.providerPaymentChargeId,
      tier: p.tier,
      months: p.months,
      currency: p.currency,
      amount: p.amount,
      refund_reason: p.refundReason,
      created_at: iso(p.createdAt),
    })),
    refunds: returned.map((r) => ({
      payment_id: r.paymentId,
      telegram_payment_charge_id: r.telegramPaymentChargeId,
      currency: r.currency,
      amount: r.amount,
      created_at: iso(r.createdAt),
    })),
  };
}
export type BillingExport = Awaited<ReturnType<typeof exportBilling>>;
