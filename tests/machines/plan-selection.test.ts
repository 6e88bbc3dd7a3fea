// The plans screen's machine: generated paths over four subscriptions (START, PRO, PREMIUM, a PREMIUM trial), every
// button state by rank, period selection with the discount badges, and 'Выбрать' → the checkout with tier and period.
import { beforeEach, describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { planSelectionMachine, planSelectionView } from '../../machines/billing/plan-selection.machine';
import { discountPercent } from '../../machines/billing/pricing';
import { monthsPhrase } from '../../contract/months';
import { billingCopy, formatPrice, formatRub, formatStars } from '../../src/copy/billing';
import { describeMachinePaths } from '../support/path-tests';
import { makePlans, subscription } from './billing-fixtures';

/** The button of each tier (START, PRO, PREMIUM) for each subscription, by rank, as the spec says. */
const BUTTONS: Record<string, string[]> = {
  'START/': ['current', 'select', 'select'],
  'PRO/payment': ['unavailable', 'current', 'select'],
  'PREMIUM/payment': ['unavailable', 'unavailable', 'current'],
  'PREMIUM/trial': ['unavailable', 'select', 'select'], // a trial is not a chosen tier
};
const DATA = {
  start: makePlans(subscription('START')),
  pro: makePlans(subscription('PRO')),
  premium: makePlans(subscription('PREMIUM')),
  trial: makePlans(subscription('PREMIUM', 'trial')),
};
const keyOf = (s: { tier: string; source: string | null }) => `${s.tier}/${s.source ?? ''}`;

const navigations: string[] = [];
/** The tier of the last CHOOSE the actor read (a getter notes it), until an assertion consumes it. */
let chosen: string | null = null;
beforeEach(() => {
  navigations.length = 0;
  chosen = null;
});
const choose = (tier: string) => ({
  type: 'CHOOSE',
  get tier() {
    chosen = tier;
    return tier;
  },
});

describeMachinePaths(planSelectionMachine, {
  provide: () => {
    navigations.length = 0;
    chosen = null;
    return { actions: { navigate: (_: unknown, p: { to: string }) => void navigations.push(p.to) } };
  },
  events: {
    // `load` names the case first: event names are cut at 80 characters, and the outputs all start alike.
    'xstate.done.actor.loadPlans': Object.entries(DATA).map(([load, output]) => ({
      type: 'xstate.done.actor.loadPlans',
      load,
      output,
    })),
    'PERIOD.SELECT': [
      { type: 'PERIOD.SELECT', tier: 'PRO', months: 6 },
      { type: 'PERIOD.SELECT', tier: 'PREMIUM', months: 12 },
      { type: 'PERIOD.SELECT', tier: 'PRO', months: 2 }, // no such period: ignored
      { type: 'PERIOD.SELECT', tier: 'START', months: 1 }, // the free tier has none
    ],
    CHOOSE: ['START', 'PRO', 'PREMIUM', 'GOLD'].map(choose),
  },
  serializeState: (s) =>
    JSON.stringify([s.value, s.context.data ? keyOf(s.context.data.subscription) : null, s.context.periods]),
  paths: 'shortest',
  assert: {
    loading: (_s, run) => expect(run.invocations.at(-1)).toMatchObject({ id: 'loadPlans' }),
    error: (s) => expect(planSelectionView(s).status).toBe('error'),
    ready: (s) => {
      const view = planSelectionView(s);
      const cards = [...view.others, view.featured!];
      const byId = Object.fromEntries(cards.map((c) => [c.id, c]));
      const sub = s.context.data!.subscription;
      // every button by rank
      expect(['START', 'PRO', 'PREMIUM'].map((id) => byId[id]!.action)).toEqual(BUTTONS[keyOf(sub)]);
      // PREMIUM is the featured card; the others are in the grid in rank order
      expect(view.featured!.id).toBe('PREMIUM');
      expect(view.others.map((c) => c.id)).toEqual(['START', 'PRO']);
      expect(view.trial).toEqual(sub.source === 'trial' ? { tier: 'PREMIUM', expiresAt: sub.expires_at } : null);
      // discounts: rounded % saved against monthly × months, 0 on the monthly period — of the Stars price, which
      // leads (PRO 200 ⭐ a month: 500/600, 900/1200, 1500/2400; PREMIUM 400 ⭐: 1000/1200, 1800/2400, 3000/4800)
      expect(byId.PRO!.periods.map((p) => p.discount)).toEqual([0, 17, 25, 38]);
      expect(byId.PREMIUM!.periods.map((p) => p.discount)).toEqual([0, 17, 25, 38]);
      expect(byId.START!.offer).toBeNull();
      expect(byId.START!.periods).toEqual([]);
      // the selected period drives the offer
      for (const id of ['PRO', 'PREMIUM']) {
        const months = s.context.periods[id] ?? 1;
        expect(byId[id]!.periods.filter((p) => p.selected).map((p) => p.months)).toEqual([months]);
        expect(byId[id]!.offer!.months).toBe(months);
      }
      expect(Object.keys(s.context.periods).every((id) => id === 'PRO' || id === 'PREMIUM')).toBe(true);
      if (byId.PRO!.offer!.months === 6)
        expect(byId.PRO!.offer).toEqual({
          months: 6,
          stars: { amount: 900, full: 1200, saving: 300, discount: 25 },
          rub: { amount: 1790, full: 2340, saving: 550, discount: 24 },
        });
      // CHOOSE: a selectable tier opens its checkout with the selected period, anything else does nothing
      if (chosen !== null) {
        const action = BUTTONS[keyOf(sub)]![['START', 'PRO', 'PREMIUM'].indexOf(chosen)];
        const period = s.context.periods[chosen] ?? 1;
        expect(navigations).toEqual(
          action === 'select' ? [`/app/profile/subscription/checkout?tier=${chosen}&period=${period}`] : [],
        );
        chosen = null;
        navigations.length = 0;
      } else {
        for (const to of navigations) expect(to).toBe('/app/profile');
      }
    },
  },
});

describe('plan selection: by hand', () => {
  it('BACK goes to the profile from any state', async () => {
    const to: string[] = [];
    const actor = createActor(
      planSelectionMachine.provide({
        actors: { loadPlans: fromPromise(async () => DATA.start) },
        actions: { navigate: (_, p) => void to.push(p.to) },
      }),
    ).start();
    actor.send({ type: 'BACK' });
    await waitFor(actor, (s) => s.matches('ready'));
    actor.send({ type: 'BACK' });
    expect(to).toEqual(['/app/profile', '/app/profile']);
  });

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
