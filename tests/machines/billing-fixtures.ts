// Plans data for the billing machines' tests: the server's own plan table (so the figures are the real ones) with
// a subscription and the payment methods a test picks.
import type { Subscription } from '../../contract/billing';
import type { PaymentMethod } from '../../contract/payments';
import { plansData, type PlansData } from '../../machines/billing/plans';
import { tiersResponse } from '../../server/billing/plans';

export const subscription = (
  tier: Subscription['tier'],
  source: string | null = tier === 'START' ? null : 'payment',
  expires_at: string | null = tier === 'START' ? null : '2030-01-15T10:00:00.000Z',
): Subscription => ({
  tier,
  source,
  expires_at,
});

export function makePlans(sub: Subscription = subscription('START'), methods: PaymentMethod[] = ['stars']): PlansData {
  return plansData({ ...tiersResponse({ cardProviderToken: null }), payment_methods: methods }, sub);
}
