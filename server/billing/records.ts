// The user's billing records, for «Скачать мои данные» and for «Удалить все мои данные» — the one place the
// profile's export plugs into (as a part of its user-data registry: key 'payments', tables invoices, payments,
// refunds, subscription_grants; the subscriptions row is its own part).
//
// Export: every grant (trial, payment, credit, refund, manual), offer (invoice), payment and refund of the user.
// Erasure needs no code: deleting the users row removes the grants and invoices (ON DELETE CASCADE), while payments
// and refunds stay — they are the seller's accounting records, and a refund of a Stars payment needs the payer's
// Telegram id and the charge id (refundStarPayment). They lose their link to the account (payments.user_id and
// invoice_id → null, ON DELETE SET NULL) and keep only what a payment record is: charge ids, Telegram user id,
// what was bought, amount, time (tests/server/payments.test.ts, "the user's billing records").
import { asc, eq, inArray } from 'drizzle-orm';
import type { Executor } from '../db';
import { invoices, payments, refunds, subscriptionGrants } from '../db/schema';

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
