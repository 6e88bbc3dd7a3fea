// Plans, the subscription and paying (the tier and subscription calls, POST /api/payments/invoice and its preview),
// the trial and the renewal, typed from contract/ (types only: zod stays out of the bundle).
import type { RenewalBody, Subscription, TiersResponse, TrialStatus } from '../../contract/billing';
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

export function getTrialStatus(): Promise<TrialStatus> {
  return api.get('api/trial/status').json<TrialStatus>();
}

export function activateTrial(): Promise<Subscription> {
  return api.post('api/trial/activate').json<Subscription>();
}

/** «Отменить автопродление» (false) / «Возобновить» (true): the subscription as it is afterwards. */
export function putRenewal(body: RenewalBody): Promise<Subscription> {
  return api.put('api/subscriptions/me/renewal', { json: body }).json<Subscription>();
}
