// The free PREMIUM trial: START users only, once per user for ever, TRIAL_DAYS long.
import { and, eq, isNull } from 'drizzle-orm';
import type { Subscription } from '../../contract/billing';
import type { Db } from '../db';
import { subscriptions, users } from '../db/schema';
import { TRIAL_DAYS, TRIAL_TIER } from './plans';
import { lockUser, recordGrant } from './grants';
import { effectiveTier } from './quota';

export const TRIAL_ERRORS = {
  notStart: 'Пробный период доступен только на тарифе «Старт»',
  used: 'Пробный период уже был активирован',
} as const;

export async function trialAvailable(db: Db, userId: number, now = new Date()): Promise<boolean> {
  const [row] = await db.select({ usedAt: users.trialUsedAt }).from(users).where(eq(users.id, userId));
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
    const claimed = await tx
      .update(users)
      .set({ trialUsedAt: now })
      .where(and(eq(users.id, userId), isNull(users.trialUsedAt)))
      .returning({ id: users.id });
    if (claimed.length === 0) return { ok: false, detail: TRIAL_ERRORS.used };
    const expiresAt = new Date(now.getTime() + TRIAL_DAYS * 86_400_000);
    await tx
      .insert(subscriptions)
      .values({ userId, tier: TRIAL_TIER, expiresAt, source: 'trial' })
      .onConflictDoUpdate({
        target: subscriptions.userId,
        set: { tier: TRIAL_TIER, expiresAt, source: 'trial', updatedAt: now },
      });
    await recordGrant(tx, userId, 'trial', { tier: TRIAL_TIER, startsAt: now, expiresAt });
    return { ok: true, subscription: { tier: TRIAL_TIER, expires_at: expiresAt.toISOString(), source: 'trial' } };
  });
}
