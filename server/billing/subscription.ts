// The subscription as the API shows it (GET /subscription, the payment messages, the offers): its own file so the
// rules that show it (checkout.ts, bot.ts) need not import the entry that re-exports them.
import type { Subscription } from '../../contract/billing';
import type { Db } from '../db';
import { tierOf } from './quota';
import { renewalView } from './renewals';
import { subscriptionOf } from './repository';

/** The effective subscription now: absent or expired → START with expires_at null. */
export async function currentSubscription(db: Db, userId: number, now = new Date()): Promise<Subscription> {
  const row = await subscriptionOf(db, userId);
  const tier = tierOf(row, now);
  if (!row || tier === 'START') return { tier: 'START', expires_at: null, source: null };
  const renewal = renewalView(row, now);
  return { tier, expires_at: row.expiresAt?.toISOString() ?? null, source: row.source, ...(renewal && { renewal }) };
}
