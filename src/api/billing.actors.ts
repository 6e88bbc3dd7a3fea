// The billing calls as the machines name them, ready for useFlow: the plan selection and checkout (billingActors),
// the profile's trial offer and renewal switch (trialActors).
import { fromPromise } from 'xstate';
import type { Subscription, TrialStatus } from '../../contract/billing';
import type { Tier } from '../../contract/common';
import type { PaymentMethod, PaymentPreview } from '../../contract/payments';
import type { InvoiceFailure } from '../../machines/billing/checkout.machine';
import { plansData, type PlansData } from '../../machines/billing/plans';
import type { TrialFailure } from '../../machines/billing/trial.machine';
import { trialCopy } from '../copy/billing';
import {
  activateTrial,
  createInvoice,
  getPaymentPreview,
  getSubscription,
  getTiers,
  getTrialStatus,
  putRenewal,
} from './billing';
import { errorDetail, httpStatus } from './errors';

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

export const trialActors = {
  loadTrialStatus: fromPromise<TrialStatus, void>(async () => {
    try {
      return await getTrialStatus();
    } catch (error) {
      console.warn(trialCopy.checkFailed, error); // counts as unavailable: the machine hides the offer
      throw error;
    }
  }),
  activateTrial: fromPromise<Subscription, void>(async () => {
    try {
      return await activateTrial();
    } catch (error) {
      throw { detail: (await errorDetail(error)) ?? null, gone: httpStatus(error) === 409 } satisfies TrialFailure;
    }
  }),
  setRenewal: fromPromise<Subscription, { autoRenew: boolean }>(async ({ input }) => {
    try {
      return await putRenewal({ auto_renew: input.autoRenew });
    } catch (error) {
      throw { detail: (await errorDetail(error)) ?? null };
    }
  }),
};
