// The one configuration module of tiers, prices and daily limits. Everything that bills or gates reads from here.
//
// Defaults (change them here; docs/server.md has the same table):
//   tier     name      RUB / month  1 · 3 · 6 · 12 months (RUB)   STARS 1 · 3 · 6 · 12    diary/day  voice s/day  tokens/day
//   START    Старт     free         —                             —                       null       null         20 000
//   PRO      PRO       390          390 · 990 · 1 790 · 2 990      200 · 500 · 900 · 1 500 10         600          150 000
//   PREMIUM  PREMIUM   790          790 · 1 990 · 3 590 · 5 990    400 · 1 000 · 1 800 · 3 000  30   1 800        500 000
// A null diary/voice limit means the feature is not available on the tier; a null token limit means unlimited.
// Multi-month periods are discounted (≈15 %, 25 %, 37 %); the client computes the discount from these numbers.
import type { TiersResponse } from '../../contract/billing';
import type { Tier } from '../../contract/common';
import type { PaymentMethod } from '../../contract/payments';
import type { Config } from '../config';

export type { Tier };
export type UsageKind = 'diary_entries' | 'voice_seconds' | 'tokens';
export type Currency = 'RUB' | 'STARS';

export interface Price {
  currency: Currency;
  amount: number;
}
export interface Period {
  months: number;
  prices: Price[];
}
export interface Plan {
  id: Tier;
  name: string;
  description: string;
  rank: number;
  isFree: boolean;
  isPopular: boolean;
  isFeatured: boolean;
  periods: Period[];
  benefits: string[];
  limits: Record<UsageKind, number | null>;
  /** Advanced practices (is_advanced in server/practices/catalogue.ts) are open on this tier. */
  advancedPractices: boolean;
}

export const TRIAL_TIER: Tier = 'PREMIUM';
export const TRIAL_DAYS = 7;
export const PERIOD_MONTHS = [1, 3, 6, 12] as const;

function periods(rub: readonly number[], stars: readonly number[]): Period[] {
  return PERIOD_MONTHS.map((months, i) => ({
    months,
    prices: [
      { currency: 'RUB', amount: rub[i]! },
      { currency: 'STARS', amount: stars[i]! },
    ],
  }));
}

export const PLANS: readonly Plan[] = [
  {
    id: 'START',
    name: 'Старт',
    description: 'Бесплатно',
    rank: 0,
    isFree: true,
    isPopular: false,
    isFeatured: false,
    periods: [],
    benefits: ['ИИ-чат с ограничением сообщений в день', 'Базовые практики', 'Настройка стиля общения'],
    limits: { diary_entries: null, voice_seconds: null, tokens: 20_000 },
    advancedPractices: false,
  },
  {
    id: 'PRO',
    name: 'PRO',
    description: 'Для регулярной заботы о себе',
    rank: 1,
    isFree: false,
    isPopular: true,
    isFeatured: false,
    periods: periods([390, 990, 1790, 2990], [200, 500, 900, 1500]),
    benefits: [
      'Больше диалогов с ИИ каждый день',
      'Голосовые сообщения — до 10 минут в день',
      'Дневник настроения — до 10 записей в день',
      'Продвинутые практики',
    ],
    limits: { diary_entries: 10, voice_seconds: 600, tokens: 150_000 },
    advancedPractices: true,
  },
  {
    id: 'PREMIUM',
    name: 'PREMIUM',
    description: 'Максимум поддержки без ограничений',
    rank: 2,
    isFree: false,
    isPopular: false,
    isFeatured: true,
    periods: periods([790, 1990, 3590, 5990], [400, 1000, 1800, 3000]),
    benefits: [
      'Максимум диалогов с ИИ каждый день',
      'Голосовые сообщения — до 30 минут в день',
      'Дневник настроения — до 30 записей в день',
      'Все продвинутые практики',
      'Приоритетная поддержка',
    ],
    limits: { diary_entries: 30, voice_seconds: 1800, tokens: 500_000 },
    advancedPractices: true,
  },
];

/** The methods this server takes: Stars always, a card only when the operator gave a provider token (CARD_PROVIDER_TOKEN). */
export function paymentMethods(config: Pick<Config, 'cardProviderToken'>): PaymentMethod[] {
  return config.cardProviderToken ? ['stars', 'card'] : ['stars'];
}

export function planOf(tier: Tier): Plan {
  const plan = PLANS.find((p) => p.id === tier);
  if (!plan) throw new Error(`Unknown tier ${tier}`);
  return plan;
}

// Test-only overrides (tests/server/harness.ts `t.setDailyLimit`); cleared after every test.
const overrides = new Map<string, number | null>();

/** Today's limit of `kind` on `tier`: null = not available (diary, voice) or unlimited (tokens). */
export function dailyLimit(tier: Tier, kind: UsageKind): number | null {
  const key = `${tier}:${kind}`;
  return overrides.has(key) ? overrides.get(key)! : planOf(tier).limits[kind];
}

export function overrideDailyLimit(tier: Tier, kind: UsageKind, limit: number | null): void {
  overrides.set(`${tier}:${kind}`, limit);
}

export function clearDailyLimitOverrides(): void {
  overrides.clear();
}

/** The plans as GET /api/subscriptions/tiers answers them (pure: the client's tests load it too). */
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
