// What Telegram reports about money, applied to our rows:
// - pre_checkout_query: the last word before Telegram charges — yes only for a pending, unexpired offer of ours,
//   at its currency and amount, by the user it was made for, who may still buy that tier;
// - successful_payment: exactly once per telegram_payment_charge_id — the payments row is inserted with
//   ON CONFLICT DO NOTHING RETURNING and the access is granted in that same transaction, so a duplicate, a retry or
//   a concurrent delivery of the same charge inserts nothing and grants nothing. It grants only what its invoice
//   says, for the money the invoice asked, from the user it was made for: a payment that does not match (another
//   currency, another amount, another payer, an invoice already paid) is recorded with its refund_reason for the
//   operator to refund, and grants nothing. Pre-checkout refuses such payments first; this is the check that counts,
//   since successful_payment is what grants (a replayed or forged update must not buy 12 months for 1 star);
// - refunded_payment: exactly once per payment (refunds.payment_id is unique), taking back what it granted.
import type { PreCheckoutQuery, RefundedPayment, SuccessfulPayment } from 'grammy/types';
import type { Db } from '../db';
import type { InvoiceRow } from '../db/schema';
import { mayBuy } from './checkout';
import { grantPaidPeriod, grantRenewal, revokePaidPeriod, type Grant } from './grants';
import type { Tier } from './plans';
import {
  insertPayment,
  insertRefund,
  invoiceOf,
  lockUser,
  markInvoicePaid,
  paymentOfCharge,
  setRefundReason,
} from './repository';

export const PRE_CHECKOUT_ERRORS = {
  unknown: 'Счёт не найден: оформите оплату заново в приложении',
  paid: 'Этот счёт уже оплачен',
  expired: 'Срок действия счёта истёк: оформите оплату заново в приложении',
  mismatch: 'Сумма или валюта не совпадают со счётом: оформите оплату заново в приложении',
  otherUser: 'Оплатить этот счёт может только тот, кто его оформил',
  notAbove: 'Этот тариф уже недоступен для вашей подписки',
  unavailable: 'Сервис оплаты временно недоступен, попробуйте чуть позже',
} as const;

export type PreCheckoutVerdict = { ok: true } | { ok: false; error: string };

export async function checkPreCheckout(db: Db, query: PreCheckoutQuery, now = new Date()): Promise<PreCheckoutVerdict> {
  const row = await invoiceOf(db, query.invoice_payload);
  if (!row) return { ok: false, error: PRE_CHECKOUT_ERRORS.unknown };
  const { invoice } = row;
  if (invoice.status !== 'pending') return { ok: false, error: PRE_CHECKOUT_ERRORS.paid };
  if (invoice.expiresAt.getTime() <= now.getTime()) return { ok: false, error: PRE_CHECKOUT_ERRORS.expired };
  if (invoice.currency !== query.currency || invoice.amount !== query.total_amount) {
    return { ok: false, error: PRE_CHECKOUT_ERRORS.mismatch };
  }
  if (row.telegramId !== query.from.id) return { ok: false, error: PRE_CHECKOUT_ERRORS.otherUser };
  if (!(await mayBuy(db, invoice.userId, invoice.tier as Tier, now)))
    return { ok: false, error: PRE_CHECKOUT_ERRORS.notAbove };
  return { ok: true };
}

/** Why a payment grants nothing and must be refunded (payments.refund_reason). */
export type RefundReason = 'unknown_invoice' | 'currency' | 'amount' | 'payer' | 'already_paid' | 'superseded';

export type PaymentOutcome =
  | {
      kind: 'granted';
      paymentId: string;
      userId: number;
      grant: Grant;
      /** A renewal of a Stars subscription (not its first charge). */
      renewal: boolean;
      /** A Stars subscription this payment replaced (an upgrade): cancel it in Telegram. */
      replacedRenewalChargeId: string | null;
    }
  | { kind: 'duplicate' }
  /** Money that buys nothing (no such invoice, or not what it asked for): kept for the operator to refund. */
  | { kind: 'refund'; paymentId: string; reason: RefundReason };

/** What about `payment` does not match its invoice, if anything (the paid state is decided in the transaction). */
function mismatch(
  found: { invoice: InvoiceRow; telegramId: number } | undefined,
  telegramUserId: number,
  payment: SuccessfulPayment,
): RefundReason | null {
  if (!found) return 'unknown_invoice';
  if (payment.currency !== found.invoice.currency) return 'currency';
  if (payment.total_amount !== found.invoice.amount) return 'amount';
  if (telegramUserId !== found.telegramId) return 'payer';
  return null;
}

export async function recordPayment(
  db: Db,
  input: { telegramUserId: number; payment: SuccessfulPayment },
  now = new Date(),
): Promise<PaymentOutcome> {
  const { telegramUserId, payment } = input;
  const found = await invoiceOf(db, payment.invoice_payload);
  const invoice = found?.invoice;
  const wrong = mismatch(found, telegramUserId, payment);
  // Telegram's word on a Stars subscription: each charge pays up to subscription_expiration_date; the first is the
  // invoice's payment, every later one a renewal of it (same payload, a new charge id).
  const paidUntil =
    invoice?.recurring && payment.is_recurring && payment.subscription_expiration_date
      ? new Date(payment.subscription_expiration_date * 1000)
      : null;
  const renewal = paidUntil !== null && !payment.is_first_recurring;
  return db.transaction(async (tx): Promise<PaymentOutcome> => {
    if (invoice) await lockUser(tx, invoice.userId); // first: see lockUser
    const inserted = await insertPayment(tx, {
      telegramPaymentChargeId: payment.telegram_payment_charge_id,
      providerPaymentChargeId: payment.provider_payment_charge_id || null,
      invoiceId: invoice?.id ?? null,
      // Another user's money is not the invoice's account's: it stays with its payer's Telegram id alone.
      userId: wrong === 'payer' ? null : (invoice?.userId ?? null),
      telegramUserId,
      tier: invoice?.tier ?? null,
      months: invoice?.months ?? null,
      currency: payment.currency,
      amount: payment.total_amount,
      refundReason: wrong,
      subscriptionExpiresAt: paidUntil,
      createdAt: now,
    });
    if (!inserted) return { kind: 'duplicate' };
    if (wrong || !invoice) return { kind: 'refund', paymentId: inserted.id, reason: wrong ?? 'unknown_invoice' };
    if (renewal) {
      const grant = await grantRenewal(tx, {
        userId: invoice.userId,
        invoiceId: invoice.id,
        paymentId: inserted.id,
        paidUntil,
        now,
      });
      if (grant)
        return {
          kind: 'granted',
          paymentId: inserted.id,
          userId: invoice.userId,
          grant,
          renewal,
          replacedRenewalChargeId: null,
        };
      await setRefundReason(tx, inserted.id, 'superseded');
      return { kind: 'refund', paymentId: inserted.id, reason: 'superseded' };
    }
    // An invoice grants once: a second charge for it (another charge id, the same payload) buys nothing more.
    if (!(await markInvoicePaid(tx, invoice.id, now))) {
      await setRefundReason(tx, inserted.id, 'already_paid');
      return { kind: 'refund', paymentId: inserted.id, reason: 'already_paid' };
    }
    const grant = await grantPaidPeriod(tx, {
      userId: invoice.userId,
      tier: invoice.tier as Tier,
      months: invoice.months,
      paymentId: inserted.id,
      now,
      subscription: paidUntil
        ? { invoiceId: invoice.id, chargeId: payment.telegram_payment_charge_id, paidUntil }
        : undefined,
    });
    const { replacedRenewalChargeId, ...granted } = grant;
    return {
      kind: 'granted',
      paymentId: inserted.id,
      userId: invoice.userId,
      grant: granted,
      renewal,
      replacedRenewalChargeId,
    };
  });
}

export type RefundOutcome =
  | { kind: 'revoked'; removed: Grant | null }
  | { kind: 'duplicate' }
  /** A refund of a charge we never recorded. */
  | { kind: 'unknown' };

export async function recordRefund(db: Db, refund: RefundedPayment, now = new Date()): Promise<RefundOutcome> {
  const payment = await paymentOfCharge(db, refund.telegram_payment_charge_id);
  if (!payment) return { kind: 'unknown' };
  return db.transaction(async (tx): Promise<RefundOutcome> => {
    if (payment.userId !== null) await lockUser(tx, payment.userId); // first: see lockUser
    const inserted = await insertRefund(tx, {
      paymentId: payment.id,
      telegramPaymentChargeId: refund.telegram_payment_charge_id,
      currency: refund.currency,
      amount: refund.total_amount,
      createdAt: now,
    });
    if (!inserted) return { kind: 'duplicate' };
    if (payment.userId === null) return { kind: 'revoked', removed: null }; // the user erased their data
    return {
      kind: 'revoked',
      removed: await revokePaidPeriod(tx, { userId: payment.userId, paymentId: payment.id, now }),
    };
  });
}
