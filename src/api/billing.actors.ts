// The billing calls as the plan-selection and checkout machines name them, ready for useFlow.
import { fromPromise } from 'xstate';
import type { Subscription } from '../../contract/billing';
import type { Tier } from '../../contract/common';
import type { PaymentMethod } from '../../contract/payments';
import { plansData, type PlansData } from '../../machines/billing/plans';
import { createInvoice, getSubscription, getTiers } from './billing';

export const billingActors = {
  loadPlans: fromPromise<PlansData, void>(async () => {
    const [tiers, subscription] = await Promise.all([getTiers(), getSubscription()]);
    return plansData(tiers, subscription);
  }),
  loadSubscription: fromPromise<Subscription, void>(() => getSubscription()),
  createInvoice: fromPromise<string, { tier: string; period: number; method: PaymentMethod }>(async ({ input }) => {
    const { invoice_url } = await createInvoice({
      tier: input.tier as Tier,
      period: input.period,
      method: input.method,
    });
    return invoice_url;
  }),
};
