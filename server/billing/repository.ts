// Billing's SQL for renewals and the end-of-plan messages: the Stars subscription behind a tier, what decides whether
// the bot may say a plan ends, and the claim that lets each such message go once.
import { and, asc, eq, gt, isNotNull, isNull, lte, or, sql } from 'drizzle-orm';
import type { Executor, Tx } from '../db';
import { payments, planEndNotices, subscriptionGrants, subscriptions, userSettings, users } from '../db/schema';

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
