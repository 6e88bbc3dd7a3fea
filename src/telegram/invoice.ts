// Telegram's payment window for an invoice link (https://t.me/$…). What it resolves to is never proof of payment:
// the server grants access only on the bot's successful_payment.
import { invoice } from '@telegram-apps/sdk';
import { fromPromise } from 'xstate';
import type { InvoiceStatus } from '../../machines/billing/checkout.machine';

export async function openInvoice(url: string): Promise<InvoiceStatus> {
  // Outside Telegram or on a client before Bot API 6.1 there is no payment window: nothing failed, the app is old.
  if (!invoice.open.isAvailable()) return 'unsupported';
  return (await invoice.open(url, 'url')) as InvoiceStatus;
}

/** The checkout machine's `openInvoice`. */
export const invoiceActors = {
  openInvoice: fromPromise<InvoiceStatus, { url: string }>(({ input }) => openInvoice(input.url)),
};
