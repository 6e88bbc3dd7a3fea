// The plans screen's machine as two tables: four subscriptions loaded (START, PRO, PREMIUM, a PREMIUM trial), every
// button by rank, the period chosen per card with the discount badges of the Stars price, 'Выбрать' → the checkout
// with tier and period (a tier not above the one held, or unknown, does nothing), a load failure with «Попробовать
// снова», and BACK to the profile from anywhere. By hand: the discount's rounding and the period words.
import { describe, expect, it } from 'vitest';
import type { PlanAction } from '../../contract/plan-choice';
import { monthsPhrase } from '../../contract/months';
import { planSelectionMachine, planSelectionView } from '../../machines/billing/plan-selection.machine';
import { discountPercent } from '../../machines/billing/pricing';
import { billingCopy, formatPrice, formatRub, formatStars } from '../../src/copy/billing';
import { describeMachineTables, stateValue, type StateRow, type TransitionRow } from '../support/machine-tables';
import { makePlans, subscription } from './billing-fixtures';

const LOADS = {
  start: makePlans(subscription('START')),
  pro: makePlans(subscription('PRO')),
  premium: makePlans(subscription('PREMIUM')),
  trial: makePlans(subscription('PREMIUM', 'trial')),
};
type Load = keyof typeof LOADS;
const TIERS = ['START', 'PRO', 'PREMIUM'] as const;
type Tier = (typeof TIERS)[number];
/** The button of each tier (START, PRO, PREMIUM) for each subscription, by rank, as the spec says. */
const BUTTONS: Record<Load, PlanAction[]> = {
  start: ['current', 'select', 'select'],
  pro: ['unavailable', 'current', 'select'],
  premium: ['unavailable', 'unavailable', 'current'],
  trial: ['unavailable', 'select', 'select'], // a trial is not a chosen tier
};
const actionOf = (load: Load, tier: string): PlanAction =>
  TIERS.includes(tier as Tier) ? BUTTONS[load][TIERS.indexOf(tier as Tier)]! : 'unavailable';

// ── The prices of the server's plan table (docs/server.md), 1 · 3 · 6 · 12 months, and the badges they give ──
// The discount is the rounded % saved against the monthly price × months (PRO 200 ⭐ a month: 500/600 → 17,
// 900/1200 → 25, 1500/2400 → 38; 990/1170 ₽ → 15, 1790/2340 → 24, 2990/4680 → 36).
const MONTHS = [1, 3, 6, 12];
const PRICES = {
  PRO: {
    stars: [200, 500, 900, 1500],
    starsOff: [0, 17, 25, 38],
    rub: [390, 990, 1790, 2990],
    rubOff: [0, 15, 24, 36],
  },
  PREMIUM: {
    stars: [400, 1000, 1800, 3000],
    starsOff: [0, 17, 25, 38],
    rub: [790, 1990, 3590, 5990],
    rubOff: [0, 16, 24, 37],
  },
};
const price = (amounts: number[], off: number[], i: number) => ({
  amount: amounts[i],
  full: amounts[0]! * MONTHS[i]!,
  saving: amounts[0]! * MONTHS[i]! - amounts[i]!,
  discount: off[i],
});
const FLAGS: Record<Tier, { free: boolean; featured: boolean; popular: boolean }> = {
  START: { free: true, featured: false, popular: false },
  PRO: { free: false, featured: false, popular: true },
  PREMIUM: { free: false, featured: true, popular: false },
};
type Periods = Partial<Record<Tier, number>>;
/** A tier's card: name, description and benefits as loaded; periods, offer and button by the spec's rules. */
function card(load: Load, id: Tier, periods: Periods) {
  const tier = LOADS[load].tiers.find((t) => t.id === id)!;
  const months = periods[id] ?? 1;
  const p = id === 'START' ? null : PRICES[id];
  const i = MONTHS.indexOf(months);
  return {
    id,
    name: tier.name,
    description: tier.description,
    ...FLAGS[id],
    benefits: tier.benefits,
    periods: p ? MONTHS.map((m, j) => ({ months: m, discount: p.starsOff[j], selected: m === months })) : [],
    offer: p ? { months, stars: price(p.stars, p.starsOff, i), rub: price(p.rub, p.rubOff, i) } : null,
    action: BUTTONS[load][TIERS.indexOf(id)],
  };
}
const empty = (status: string) => ({ status, featured: null, others: [], trial: null });
// PREMIUM is the featured card, the others sit in the grid in rank order; a running trial shows its end.
const shows = (load: Load, periods: Periods) => ({
  status: 'ready',
  featured: card(load, 'PREMIUM', periods),
  others: [card(load, 'START', periods), card(load, 'PRO', periods)],
  trial: load === 'trial' ? { tier: 'PREMIUM', expiresAt: '2030-01-15T10:00:00.000Z' } : null,
});

// ── The state key: the state, the subscription loaded, the periods picked (`PREMIUM12+PRO6`) ──
const periodsKey = (periods: Periods) =>
  Object.entries(periods)
    .map(([tier, months]) => `${tier}${months}`)
    .sort()
    .join('+') || '-';
const keyOf = (load: Load, periods: Periods) => `ready ${load} ${periodsKey(periods)}`;
const PICKS: Periods[] = [{}, { PRO: 6 }, { PREMIUM: 12 }, { PRO: 6, PREMIUM: 12 }];

const opens = (to: string, tier: string, period: number): TransitionRow => ({
  to,
  effects: [['navigate', { to: `/app/profile/subscription/checkout?tier=${tier}&period=${period}` }]],
});
const back = (to: string): TransitionRow => ({ to, effects: [['navigate', { to: '/app/profile' }]] });
const loadPlans = [{ id: 'loadPlans', src: 'loadPlans', input: undefined }];
const nothing = { 'PERIOD.SELECT': false, CHOOSE: false, RETRY: false, BACK: true };
const states: Record<string, StateRow> = {
  loading: { view: empty('loading'), can: nothing, running: ['loadPlans'] },
  error: { view: empty('error'), can: { ...nothing, RETRY: true } },
};
const transitions: Record<string, Record<string, string | TransitionRow>> = {
  loading: {
    ...Object.fromEntries(Object.keys(LOADS).map((load) => [`done.actor.loadPlans ${load}`, `ready ${load} -`])),
    'error.actor.loadPlans': 'error',
    BACK: back('loading'),
  },
  error: { RETRY: { to: 'loading', invokes: loadPlans }, BACK: back('error') },
};
for (const load of Object.keys(LOADS) as Load[]) {
  for (const periods of PICKS) {
    const here = keyOf(load, periods);
    states[here] = {
      view: shows(load, periods),
      can: {
        // Only a period the tier has.
        'PERIOD.SELECT PRO 6': true,
        'PERIOD.SELECT PREMIUM 12': true,
        'PERIOD.SELECT PRO 2': false,
        'PERIOD.SELECT START 1': false,
        ...Object.fromEntries(
          ['START', 'PRO', 'PREMIUM', 'GOLD'].map((t) => [`CHOOSE ${t}`, actionOf(load, t) === 'select']),
        ),
        RETRY: false,
        BACK: true,
      },
    };
    transitions[here] = {
      'PERIOD.SELECT PRO 6': keyOf(load, { ...periods, PRO: 6 }),
      'PERIOD.SELECT PREMIUM 12': keyOf(load, { ...periods, PREMIUM: 12 }),
      'PERIOD.SELECT PRO 2': here,
      'PERIOD.SELECT START 1': here,
      // «Выбрать» opens the checkout with the card's period (1 until another is picked); anything else does nothing.
      ...Object.fromEntries(
        ['START', 'PRO', 'PREMIUM', 'GOLD'].map((t) => [
          `CHOOSE ${t}`,
          actionOf(load, t) === 'select' ? opens(here, t, periods[t as Tier] ?? 1) : here,
        ]),
      ),
      BACK: back(here),
    };
  }
}

describeMachineTables(planSelectionMachine, {
  view: planSelectionView,
  events: {
    'xstate.done.actor.loadPlans': Object.fromEntries(
      Object.entries(LOADS).map(([load, output]) => [load, { type: 'xstate.done.actor.loadPlans', output }]),
    ),
    'PERIOD.SELECT': {
      'PRO 6': { type: 'PERIOD.SELECT', tier: 'PRO', months: 6 },
      'PREMIUM 12': { type: 'PERIOD.SELECT', tier: 'PREMIUM', months: 12 },
      'PRO 2': { type: 'PERIOD.SELECT', tier: 'PRO', months: 2 }, // no such period
      'START 1': { type: 'PERIOD.SELECT', tier: 'START', months: 1 }, // the free tier has none
    },
    CHOOSE: Object.fromEntries(['START', 'PRO', 'PREMIUM', 'GOLD'].map((tier) => [tier, { type: 'CHOOSE', tier }])),
  },
  key: (s) => {
    const load = (Object.keys(LOADS) as Load[]).find((l) => LOADS[l] === s.context.data);
    return load ? `${stateValue(s)} ${load} ${periodsKey(s.context.periods as Periods)}` : stateValue(s);
  },
  states,
  transitions,
  counts: { paths: 135, transitions: 152 },
});

describe('plan selection: by hand', () => {
  it('discountPercent rounds half up and never goes below 0', () => {
    expect(discountPercent(990, 390, 3)).toBe(15); // 15.38
    expect(discountPercent(1790, 390, 6)).toBe(24); // 23.50 → 24
    expect(discountPercent(85, 10, 10)).toBe(15); // 15.0
    expect(discountPercent(95, 100, 1)).toBe(5);
    expect(discountPercent(1000, 100, 10)).toBe(0);
    expect(discountPercent(1200, 100, 10)).toBe(0); // dearer than monthly: no badge, not a negative one
    expect(discountPercent(10, 0, 3)).toBe(0);
  });
});

describe('plan selection: a period priced in one currency only', () => {
  it('shows no badge and, once picked, no offer: an offer needs both prices (pricing.ts)', () => {
    const plans = makePlans(subscription('START'));
    // The server's PRO, but its 3 months priced in Stars alone.
    const starsOnly = {
      ...plans,
      tiers: plans.tiers.map((t) =>
        t.id !== 'PRO'
          ? t
          : {
              ...t,
              periods: t.periods.map((p) =>
                p.months === 3 ? { ...p, prices: p.prices.filter((x) => x.currency === 'STARS') } : p,
              ),
            },
      ),
    };
    const snapshot = planSelectionMachine.resolveState({
      value: 'ready',
      context: { data: starsOnly, periods: { PRO: 3 } },
    });
    const pro = planSelectionView(snapshot).others.find((c) => c.id === 'PRO')!;
    expect(pro.periods).toEqual([
      { months: 1, discount: 0, selected: false },
      { months: 3, discount: 0, selected: true },
      { months: 6, discount: PRICES.PRO.starsOff[2], selected: false },
      { months: 12, discount: PRICES.PRO.starsOff[3], selected: false },
    ]);
    expect(pro.offer).toBeNull();
  });
});

describe('period words', () => {
  it('Russian agreement for «за N месяцев» and the invoices; «1 месяц» / «N мес» on the buttons', () => {
    expect([1, 2, 3, 5, 6, 11, 12, 14, 21, 22, 25, 101, 111].map(monthsPhrase)).toEqual([
      '1 месяц',
      '2 месяца',
      '3 месяца',
      '5 месяцев',
      '6 месяцев',
      '11 месяцев',
      '12 месяцев',
      '14 месяцев',
      '21 месяц',
      '22 месяца',
      '25 месяцев',
      '101 месяц',
      '111 месяцев',
    ]);
    expect([1, 3, 12].map(billingCopy.plans.per)).toEqual(['в месяц', 'за 3 месяца', 'за 12 месяцев']);
    expect([1, 3, 6, 12].map(billingCopy.plans.period)).toEqual(['1 месяц', '3 мес', '6 мес', '12 мес']);
    expect([
      billingCopy.plans.discountBadge(17),
      billingCopy.price.discount(17, formatStars(200)),
      billingCopy.price.discount(15, formatRub(180)),
      billingCopy.price.reference('stars', 1990),
      billingCopy.price.reference('rub', 1000),
      formatStars(400),
      formatPrice('stars', 12000),
      formatPrice('rub', 790),
    ]).toEqual([
      '-17%',
      'Скидка 17% · экономия 200\u00a0⭐',
      'Скидка 15% · экономия 180\u00a0₽',
      '≈ 1\u00a0990\u00a0₽',
      'или 1\u00a0000\u00a0⭐',
      '400\u00a0⭐',
      '12\u00a0000\u00a0⭐',
      '790\u00a0₽',
    ]);
    expect(billingCopy.plans.actions).toEqual({
      current: 'Текущая подписка',
      select: 'Выбрать',
      unavailable: 'Недоступно',
    });
    expect([
      billingCopy.plans.featured,
      billingCopy.plans.includes,
      billingCopy.plans.loadError,
      billingCopy.plans.retry,
    ]).toEqual(['Лучший выбор', 'Что входит:', 'Не удалось загрузить тарифы', 'Попробовать снова']);
    expect(billingCopy.checkout.notFound).toBe('Тариф не найден');
  });
});
