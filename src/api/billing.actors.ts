// The billing calls as the plan-selection and checkout machines name them, ready for useFlow.
import { fromPromise } from 'xstate';
import type { Subscription } from '../../contract/billing';
import type { Tier } from '../../contract/common';
import type { PaymentMethod, PaymentPreview } from '../../contract/payments';
import type { InvoiceFailure } from '../../machines/billing/checkout.machine';
import { plansData, type PlansData } from '../../machines/billing/plans';
import { createInvoice, getPaymentPreview, getSubscription, getTiers } from './billing';
import { errorDetail } from './errors';

export const billingActors = {
  loadPlans: fromPromise<PlansData, void>(async () => {
    const [tiers, subscription] = await Promise.all([getTiers(), getSubscription()]);
    return plansData(tiers, subscription);
  }),
  loadSubscription: fromPromise<Subscription, void>(() => getSubscription()),
  loadPreview: fromPromise<PaymentPreview, { tier: string }>(({ input }) => getPaymentPreview(input.tier)),
  createInvoice: fromPromise<string, { tier: string; period: number; method: PaymentMethod }>(async ({ input }) => {
    try {
      const { invoice_url } = await createInvoice({
        tier: input.tier as Tier,
        period: input.period,
        method: input.method,
      });
      return invoice_url;
    } catch (error) {
      // The server says why (422: the plan, the method; 503: Telegram or the dev server): the screen shows its words.
      throw { detail: (await errorDetail(error)) ?? null } satisfies InvoiceFailure;
    }
  }),
};
