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
