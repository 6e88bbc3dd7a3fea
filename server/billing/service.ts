// Billing's entry: what the routes and other domains call. The plans and their daily limits (plans.ts), the tier in
// force and the daily quotas (quota.ts), the subscription as the API shows it (subscription.ts), the usage, the free
// trial; offers (checkout.ts), payments (payments.ts → grants.ts), renewals (renewals.ts) and the end-of-plan notices
// (plan-end.ts) hold the rest of the rules, repository.ts all the SQL. routes.ts calls only this file (and bot.ts,
// the bot's side of payments).
import type { Subscription, UsageInfo } from '../../contract/billing';
import type { Db } from '../db';
import { helpNearbyUntil, riskFlaggedAt } from '../users/service';
import { recordGrant } from './grants';
import { TRIAL_DAYS, TRIAL_TIER, type Tier } from './plans';
import { effectiveTier, usageToday } from './quota';
import {
  claimTrial,
  deleteSubscription,
  lockUser,
  setManualSubscription,
  setTrialSubscription,
  trialUsedAtOf,
} from './repository';

export { dailyLimit, planOf, tiersResponse, type Tier, type UsageKind } from './plans';
export { effectiveTier, reserveDaily, settleDaily, spendDaily, tierOf, usageToday } from './quota';
export { runPlanEndNotices } from './plan-end';
export { exportBilling, giveBackDaily, lockUser, type BillingExport } from './repository';
export { createInvoice, paymentPreview } from './checkout';
export { setAutoRenew } from './renewals';
export { currentSubscription } from './subscription';
export { TRIAL_DAYS };

/**
 * Today's usage as the API shows it (GET /usage, and the usage_info of a chat reply, whose tier and risk flag are
 * known), with the after-crisis window's end (server/users/risk.ts).
 */
export async function usageInfo(
  db: Db,
  userId: number,
  timeZone: string,
  tier?: Tier,
  flaggedAt?: Date | null,
): Promise<UsageInfo> {
  const now = new Date();
  const [u, flagged] = await Promise.all([
    usageToday(db, userId, timeZone, now, tier),
    flaggedAt !== undefined ? flaggedAt : riskFlaggedAt(db, userId),
  ]);
  return {
    tier: u.tier,
    day: u.day,
    diary_entries_limit: u.limits.diary_entries,
    diary_entries_used: u.used.diary_entries,
    voice_seconds_limit: u.limits.voice_seconds,
    voice_seconds_used: u.used.voice_seconds,
    tokens_limit: u.limits.tokens,
    tokens_used: u.used.tokens,
    help_nearby_until: helpNearbyUntil(flagged, now)?.toISOString() ?? null,
  };
}

// The free PREMIUM trial: START users only, once per user for ever, TRIAL_DAYS long.

export const TRIAL_ERRORS = {
  notStart: 'Пробный период доступен только на тарифе «Старт»',
  used: 'Пробный период уже был активирован',
} as const;

export async function trialAvailable(db: Db, userId: number, now = new Date()): Promise<boolean> {
  const row = await trialUsedAtOf(db, userId);
  if (!row || row.usedAt) return false;
  return (await effectiveTier(db, userId, now)) === 'START';
}

export type ActivateResult = { ok: true; subscription: Subscription } | { ok: false; detail: string };

/**
 * Marks the trial used with a conditional UPDATE (only one concurrent activation can win) and grants the tier,
 * in one transaction. The user's row lock comes first, so a payment being granted meanwhile is seen (and never
 * overwritten by the trial).
 */
export async function activateTrial(db: Db, userId: number, now = new Date()): Promise<ActivateResult> {
  return db.transaction(async (tx) => {
    await lockUser(tx, userId);
    if ((await effectiveTier(tx, userId, now)) !== 'START') return { ok: false, detail: TRIAL_ERRORS.notStart };
    if (!(await claimTrial(tx, userId, now))) return { ok: false, detail: TRIAL_ERRORS.used };
    const expiresAt = new Date(now.getTime() + TRIAL_DAYS * 86_400_000);
    await setTrialSubscription(tx, userId, TRIAL_TIER, expiresAt, now);
    await recordGrant(tx, userId, 'trial', { tier: TRIAL_TIER, startsAt: now, expiresAt });
    return { ok: true, subscription: { tier: TRIAL_TIER, expires_at: expiresAt.toISOString(), source: 'trial' } };
  });
}

/** The /dev launcher's plan for its demo user: START is no subscription, PRO and PREMIUM are set by hand for 30 days. */
export async function setDemoTier(db: Db, userId: number, tier: Tier): Promise<void> {
  if (tier === 'START') await deleteSubscription(db, userId);
  else await setManualSubscription(db, userId, tier, new Date(Date.now() + 30 * 86_400_000));
}
