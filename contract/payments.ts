// /api/payments/*: buying a tier for a period with Telegram Stars or (when the operator enabled it) a bank card.
import { z } from 'zod';
import { tierSchema } from './common';

/** stars: Telegram Stars (XTR); card: a bank card through the operator's payment provider (RUB). */
export const paymentMethodSchema = z.enum(['stars', 'card']);
export type PaymentMethod = z.infer<typeof paymentMethodSchema>;

/** POST /api/payments/invoice: what to buy. The price is the server's; a client never sends one. */
export const invoiceBodySchema = z.strictObject({
  tier: tierSchema,
  /** Months: one of the tier's periods. */
  period: z.number().int().positive(),
  method: paymentMethodSchema,
});
export type InvoiceBody = z.infer<typeof invoiceBodySchema>;

/** A Telegram invoice link (https://t.me/$…) for the Mini App's invoice.open(url, 'url'). */
export const invoiceResponseSchema = z.object({ invoice_url: z.string() });
export type InvoiceResponse = z.infer<typeof invoiceResponseSchema>;

/** GET /api/payments/preview?tier=…: what paying for `tier` would do to the subscription held now. */
export const paymentPreviewQuerySchema = z.strictObject({ tier: tierSchema });

/** The server's own rule (the one the grant follows), so the checkout says what will happen. */
export const paymentPreviewSchema = z.object({
  /**
   * A lower paid tier still in force: its unused whole days (`from_days`) become `days` days of the tier bought,
   * pro rata by monthly price, added to the paid months (`days` may be 0 when very little is left); null: none.
   */
  credit: z.object({ from_tier: tierSchema, from_days: z.number().int(), days: z.number().int() }).nullable(),
  /** A trial of another tier that the payment ends, with nothing carried over (a trial is free); null: none. */
  ends_trial: tierSchema.nullable(),
});
export type PaymentPreview = z.infer<typeof paymentPreviewSchema>;
