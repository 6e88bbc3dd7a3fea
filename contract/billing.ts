// /api/subscriptions/* and /api/trial/*
import { z } from 'zod';
import { tierSchema, timestampSchema } from './common';
import { paymentMethodSchema } from './payments';

export const currencySchema = z.enum(['RUB', 'STARS']);
export type Currency = z.infer<typeof currencySchema>;

export const priceSchema = z.object({ currency: currencySchema, amount: z.number() });
export const periodSchema = z.object({ months: z.number().int(), prices: z.array(priceSchema) });

/** Per-day limits; null: diary/voice not available, tokens unlimited. */
export const dailyLimitsSchema = z.object({
  diary_entries: z.number().int().nullable(),
  voice_seconds: z.number().int().nullable(),
  tokens: z.number().int().nullable(),
});

export const tierInfoSchema = z.object({
  id: tierSchema,
  name: z.string(),
  description: z.string(),
  /** START 0 < PRO 1 < PREMIUM 2 */
  rank: z.number().int(),
  is_free: z.boolean(),
  /** PRO: 'popular' badge. */
  is_popular: z.boolean(),
  /** PREMIUM: the featured card 'Лучший выбор'. */
  is_featured: z.boolean(),
  /** Empty for the free tier. */
  periods: z.array(periodSchema),
  benefits: z.array(z.string()),
  daily_limits: dailyLimitsSchema,
});
export const tiersResponseSchema = z.object({
  tiers: z.array(tierInfoSchema),
  /** The payment methods this server accepts now: always stars; card only when the operator configured it. */
  payment_methods: z.array(paymentMethodSchema),
});
export type Price = z.infer<typeof priceSchema>;
export type Period = z.infer<typeof periodSchema>;
export type TierInfo = z.infer<typeof tierInfoSchema>;
export type TiersResponse = z.infer<typeof tiersResponseSchema>;

/** The effective subscription: an expired one reads as START with expires_at null. */
export const subscriptionSchema = z.object({
  tier: tierSchema,
  expires_at: timestampSchema.nullable(),
  /** trial | payment | manual; null on START. */
  source: z.string().nullable(),
  /**
   * Present only while a Telegram Stars subscription (a monthly plan) keeps the tier: whether it renews, and when
   * Telegram charges next (while it renews) — otherwise the plan ends at expires_at.
   */
  renewal: z
    .object({
      auto_renew: z.boolean(),
      renews_at: timestampSchema,
    })
    .optional(),
});
export type Subscription = z.infer<typeof subscriptionSchema>;

/** PUT /api/subscriptions/me/renewal: «Отменить автопродление» (false) or «Возобновить» (true). */
export const renewalBodySchema = z.strictObject(
  { auto_renew: z.boolean({ error: 'Укажите auto_renew: true или false' }) },
  { error: 'Передайте только auto_renew: true или false' },
);
export type RenewalBody = z.infer<typeof renewalBodySchema>;

/** Today's usage in the user's local day (X-Time-Zone). */
export const usageSchema = z.object({
  tier: tierSchema,
  /** The local date the counters belong to, YYYY-MM-DD. */
  day: z.string(),
  diary_entries_limit: z.number().int().nullable(),
  diary_entries_used: z.number().int(),
  voice_seconds_limit: z.number().int().nullable(),
  voice_seconds_used: z.number().int(),
  tokens_limit: z.number().int().nullable(),
  tokens_used: z.number().int(),
  /**
   * Until when the after-crisis window lasts (72 hours after the safety net's last risk signal), or null: meanwhile
   * the chat's header shows «Помощь рядом» and nothing upsells — no upgrade button, no red banner (docs/safety.md).
   */
  help_nearby_until: timestampSchema.nullable(),
});
export type UsageInfo = z.infer<typeof usageSchema>;

/** Why a feature with a daily allowance (the diary, voice input) was refused with 402: not on the plan, or spent today. */
export const DAILY_REFUSALS = ['not_available', 'limit_reached'] as const;
export type DailyRefusal = (typeof DAILY_REFUSALS)[number];

/** Such a 402's body: the Russian `detail` plus a machine-readable `code` the client maps to an upgrade dialog. */
export const dailyRefusalSchema = z.object({ detail: z.string(), code: z.enum(DAILY_REFUSALS) });
export type DailyRefusalBody = z.infer<typeof dailyRefusalSchema>;

export const trialStatusSchema = z.object({
  available: z.boolean(),
  /** Trial length in days (7). */
  days: z.number().int(),
});
export type TrialStatus = z.infer<typeof trialStatusSchema>;

/**
 * POST /api/trial/activate takes no parameters: no body or `{}`; anything else is a 422. (Fastify validates an
 * absent body as null, so a JSON `null` reads as no body too.)
 */
export const trialActivateBodySchema = z
  .strictObject({}, { error: 'Активация пробного периода не принимает параметров: отправьте пустое тело или {}' })
  .nullish();

/** POST /api/trial/activate → the new subscription. */
export const trialActivateResponseSchema = subscriptionSchema;
export type TrialActivateResponse = z.infer<typeof trialActivateResponseSchema>;
