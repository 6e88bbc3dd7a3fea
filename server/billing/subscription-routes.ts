// /api/subscriptions: the plans, the user's effective subscription and today's usage.
import { eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  renewalBodySchema,
  subscriptionSchema,
  tiersResponseSchema,
  usageSchema,
  type Subscription,
  type TiersResponse,
  type UsageInfo,
} from '../../contract/billing';
import { authErrors, bodyErrors, errorSchema } from '../../contract/common';
import type { Config } from '../start/config';
import { dailyLimit, paymentMethods, PLANS, type Tier } from './plans';
import { tierOf, usageToday } from './quota';
import { renewalView, setAutoRenew } from './renewals';
import type { Db } from '../db';
import { subscriptions } from '../db/schema';
import { helpNearbyUntil, riskFlaggedAt } from '../users/risk';

export function tiersResponse(config: Pick<Config, 'cardProviderToken'>): TiersResponse {
  return {
    payment_methods: paymentMethods(config),
    tiers: PLANS.map((p) => ({
      id: p.id,
      name: p.name,
      description: p.description,
      rank: p.rank,
      is_free: p.isFree,
      is_popular: p.isPopular,
      is_featured: p.isFeatured,
      periods: p.periods.map((period) => ({ months: period.months, prices: period.prices.map((x) => ({ ...x })) })),
      benefits: [...p.benefits],
      daily_limits: {
        diary_entries: dailyLimit(p.id, 'diary_entries'),
        voice_seconds: dailyLimit(p.id, 'voice_seconds'),
        tokens: dailyLimit(p.id, 'tokens'),
      },
    })),
  };
}

/** The effective subscription now: absent or expired → START with expires_at null. */
export async function currentSubscription(db: Db, userId: number, now = new Date()): Promise<Subscription> {
  const [row] = await db.select().from(subscriptions).where(eq(subscriptions.userId, userId));
  const tier = tierOf(row, now);
  if (!row || tier === 'START') return { tier: 'START', expires_at: null, source: null };
  const renewal = renewalView(row, now);
  return { tier, expires_at: row.expiresAt?.toISOString() ?? null, source: row.source, ...(renewal && { renewal }) };
}

const subscriptionRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['subscriptions'];

  app.get('/tiers', { schema: { tags, response: { 200: tiersResponseSchema, ...authErrors } } }, async () =>
    tiersResponse(app.config),
  );

  app.get('/me', { schema: { tags, response: { 200: subscriptionSchema, ...authErrors } } }, async (request) =>
    currentSubscription(app.database.db, request.user.id),
  );

  app.put(
    '/me/renewal',
    {
      schema: {
        tags,
        description: 'Cancel («Отменить автопродление») or resume («Возобновить») the monthly Stars subscription.',
        body: renewalBodySchema,
        response: { 200: subscriptionSchema, 409: errorSchema, ...bodyErrors, ...authErrors },
      },
    },
    async (request) => {
      const deps = { db: app.database.db, api: app.bot.api, config: app.config, log: request.log };
      await setAutoRenew(deps, request.user.id, request.body.auto_renew);
      return currentSubscription(app.database.db, request.user.id);
    },
  );

  app.get('/usage', { schema: { tags, response: { 200: usageSchema, ...authErrors } } }, async (request) =>
    usageInfo(app.database.db, request.user.id, request.timeZone),
  );
};

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

export default subscriptionRoutes;
