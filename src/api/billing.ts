// Plans, the subscription and paying (the tier and subscription calls, POST /api/payments/invoice and its preview),
// typed from contract/ (types only: zod stays out of the bundle).
import type { Subscription, TiersResponse } from '../../contract/billing';
import type { InvoiceBody, InvoiceResponse, PaymentPreview } from '../../contract/payments';
import { api } from './client';

export function getTiers(): Promise<TiersResponse> {
  return api.get('api/subscriptions/tiers').json<TiersResponse>();
}

export function getSubscription(): Promise<Subscription> {
  return api.get('api/subscriptions/me').json<Subscription>();
}

/** An invoice link for Telegram's invoice.open; the server prices it. */
export function createInvoice(body: InvoiceBody): Promise<InvoiceResponse> {
  return api.post('api/payments/invoice', { json: body }).json<InvoiceResponse>();
}

/** What paying for `tier` would do to the plan held now (days carried over, a trial ended), by the server's rule. */
export function getPaymentPreview(tier: string): Promise<PaymentPreview> {
  return api.get('api/payments/preview', { searchParams: { tier } }).json<PaymentPreview>();
}
