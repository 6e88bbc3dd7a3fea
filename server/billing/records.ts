// The user's billing records, for the data export and for erasure — the one place the profile's export and
// delete-all plug into.
//
// Export: everything billing holds about the user: the subscription, every grant (trial, payment, refund, manual),
// every offer (invoice), payment and refund.
// Erasure: the subscription, grants and invoices go with the user (ON DELETE CASCADE). Payments and refunds stay:
// they are accounting records a seller must keep, and a refund of a Stars payment needs the payer's Telegram id and
// the charge id (refundStarPayment). They lose their link to the users row (payments.user_id → null, ON DELETE SET
// NULL) and keep only what a payment record is: charge ids, Telegram user id, what was bought, amount, time.
// eraseBilling() does the same explicitly inside the caller's transaction, so the delete does not depend on the
// order in which rows are removed.
import { asc, eq, inArray } from 'drizzle-orm';
import type { Executor, Tx } from '../db';
import { invoices, payments, refunds, subscriptionGrants, subscriptions } from '../db/schema';

const iso = (d: Date | null) => d?.toISOString() ?? null;

export async function exportBilling(db: Executor, userId: number) {
  const [subscription] = await db.select().from(subscriptions).where(eq(subscriptions.userId, userId));
  const grants = await db.select().from(subscriptionGrants).where(eq(subscriptionGrants.userId, userId)).orderBy(asc(subscriptionGrants.createdAt));
  const offers = await db.select().from(invoices).where(eq(invoices.userId, userId)).orderBy(asc(invoices.createdAt));
  const paid = await db.select().from(payments).where(eq(payments.userId, userId)).orderBy(asc(payments.createdAt));
  const returned = paid.length
    ? await db.select().from(refunds).where(inArray(refunds.paymentId, paid.map((p) => p.id))).orderBy(asc(refunds.createdAt))
    : [];
  return {
    subscription: subscription
      ? { tier: subscription.tier, expires_at: iso(subscription.expiresAt), source: subscription.source, updated_at: iso(subscription.updatedAt) }
      : null,
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

/** Removes the user's billing rows and detaches the payment records that must be kept (see the top). */
export async function eraseBilling(tx: Tx, userId: number): Promise<void> {
  await tx.delete(subscriptionGrants).where(eq(subscriptionGrants.userId, userId));
  await tx.delete(subscriptions).where(eq(subscriptions.userId, userId));
  await tx.update(payments).set({ userId: null, invoiceId: null }).where(eq(payments.userId, userId));
  await tx.delete(invoices).where(eq(invoices.userId, userId));
}
