// The checkout machine: generated paths over the load outcomes (ready with or without cards, a tier not above the
// one held, a plan without that period), the server's preview of what paying does, both methods, a refused invoice
// with or without the server's reason, every invoice status (and no payment window at all), the server's
// confirmation (quick checks, then slower ones that go on by themselves), and by hand the query parsing (period
// default 1, unknown tier or period → «Тариф не найден») and the slow checks' timing.
import { beforeEach, describe, expect, it } from 'vitest';
import { createActor, fromPromise, SimulatedClock, waitFor } from 'xstate';
import type { Subscription } from '../../contract/billing';
import type { PaymentPreview } from '../../contract/payments';
import {
  checkoutMachine,
  checkoutView,
  MAX_CHECKS,
  SLOW_POLL_MS,
  type CheckoutInput,
  type InvoiceStatus,
} from '../../machines/billing/checkout.machine';
import type { PlansData } from '../../machines/billing/plans';
import { describeMachinePaths } from '../support/path-tests';
import { makePlans, subscription } from './billing-fixtures';

const URL_ = 'https://t.me/$invoice-slug';
const withoutPremium3 = (data: PlansData): PlansData => ({
  ...data,
  tiers: data.tiers.map((t) => (t.id === 'PREMIUM' ? { ...t, periods: t.periods.filter((p) => p.months !== 3) } : t)),
});
const LOADS = {
  cards: makePlans(subscription('START'), ['stars', 'card']),
  starsOnly: makePlans(subscription('PREMIUM', 'trial')),
  held: makePlans(subscription('PREMIUM')),
  noPeriod: withoutPremium3(makePlans(subscription('START'))),
};
const PREVIEWS: Record<string, PaymentPreview> = {
  nothing: { credit: null, ends_trial: null },
  credit: { credit: { from_tier: 'PRO', from_days: 40, days: 19 }, ends_trial: null },
  trial: { credit: null, ends_trial: 'PREMIUM' },
};
const REFUSED = 'Этот тариф недоступен: ваша подписка уже не ниже';
const NOT_YET: Subscription = subscription('START');
const TRIAL_STILL: Subscription = subscription('PREMIUM', 'trial');
const PAID: Subscription = subscription('PREMIUM', 'payment', '2031-02-01T00:00:00.000Z');

/** The summary's currency by the method chosen: what the pay button charges. */
const SHOWN_IN: Record<string, string> = { card: 'rub', stars: 'stars', null: 'stars' };

const navigations: string[] = [];
const haptics: string[] = [];
/** The status Telegram's invoice.open last resolved to (a getter notes it), until an assertion consumes it. */
let lastStatus: string | null = null;
beforeEach(() => {
  navigations.length = 0;
  lastStatus = null;
});
const closed = (status: 'paid' | 'pending' | 'cancelled' | 'failed' | 'unsupported') => ({
  type: 'xstate.done.actor.openInvoice',
  get output() {
    lastStatus = status;
    return status;
  },
});
/** Asserts where the last invoice status led, once per status. */
const consumeStatus = (allowed: Array<string | null>) => {
  expect(allowed).toContain(lastStatus);
  lastStatus = null;
};

describeMachinePaths(checkoutMachine, {
  input: { tier: 'PREMIUM', period: '3' } satisfies CheckoutInput,
  provide: () => {
    navigations.length = 0;
    haptics.length = 0;
    lastStatus = null;
    return {
      actions: {
        navigate: (_: unknown, p: { to: string }) => void navigations.push(p.to),
        haptic: (_: unknown, p: { kind: string }) => void haptics.push(p.kind),
      },
    };
  },
  events: {
    // `load` names the case first: event names are cut at 80 characters, and the outputs all start alike.
    'xstate.done.actor.loadPlans': Object.entries(LOADS).map(([load, output]) => ({
      type: 'xstate.done.actor.loadPlans',
      load,
      output,
    })),
    'METHOD.SELECT': [
      { type: 'METHOD.SELECT', method: 'stars' },
      { type: 'METHOD.SELECT', method: 'card' },
    ],
    'xstate.done.actor.loadPreview': Object.entries(PREVIEWS).map(([preview, output]) => ({
      type: 'xstate.done.actor.loadPreview',
      preview,
      output,
    })),
    'xstate.done.actor.createInvoice': [{ type: 'xstate.done.actor.createInvoice', output: URL_ }],
    // the billing actor throws the server's detail, or none when no answer came
    'xstate.error.actor.createInvoice': [
      { type: 'xstate.error.actor.createInvoice', error: { detail: REFUSED } },
      { type: 'xstate.error.actor.createInvoice', error: { detail: null } },
    ],
    'xstate.done.actor.openInvoice': (['paid', 'pending', 'cancelled', 'failed', 'unsupported'] as const).map(closed),
    'xstate.done.actor.loadSubscription': Object.entries({ NOT_YET, TRIAL_STILL, PAID }).map(([answer, output]) => ({
      type: 'xstate.done.actor.loadSubscription',
      answer,
      output,
    })),
  },
  serializeState: (s) => {
    const c = s.context;
    const early = s.matches('ready') || s.matches('creatingInvoice');
    const late = s.matches('confirming') || s.matches('delayed');
    return JSON.stringify([
      s.value,
      c.data ? keyOf(c.data) : null,
      early ? c.method : null,
      s.matches('ready') ? c.invoiceFailed : null,
      s.matches('ready') ? c.invoiceDetail : null,
      late ? c.outcome : null,
      s.matches('confirming') ? c.checks : null,
    ]);
  },
  paths: 'shortest',
  maxPaths: 600,
  assert: {
    loading: (_s, run) => expect(run.invocations.at(-1)).toMatchObject({ id: 'loadPlans' }),
    previewing: (s, run) => {
      expect(run.invocations.at(-1)).toMatchObject({ id: 'loadPreview', input: { tier: 'PREMIUM' } });
      expect(checkoutView(s).canPay).toBe(false); // nothing to pay before the server said what paying does
    },
    notFound: (s) => {
      expect(checkoutView(s).summary).toBeNull();
      expect(s.context.data).toBeNull();
    },
    unavailable: (s) => expect(s.context.data!.subscription).toEqual(LOADS.held.subscription),
    ready: (s) => {
      const view = checkoutView(s);
      // the server's figures for PREMIUM × 3: 1000 ⭐ against 400 × 3, 17 % off; 1990 ₽ against 790 × 3, 16 % off
      expect(view.summary).toEqual({
        name: 'PREMIUM',
        months: 3,
        stars: { amount: 1000, full: 1200, saving: 200, discount: 17 },
        rub: { amount: 1990, full: 2370, saving: 380, discount: 16 },
      });
      // shown in stars, in roubles once a card is chosen
      expect(view.currency).toBe(SHOWN_IN[String(s.context.method)]);
      // the pay button waits for a method; a method the server does not take cannot be chosen; the only method
      // the server takes (Stars) comes chosen
      expect(view.canPay).toBe(s.context.method !== null);
      expect([s.context.data!.methods.join(), s.context.method]).not.toEqual(['stars', null]);
      expect(view.methods.map((m) => [m.id, m.available, m.recommended])).toEqual([
        ['stars', true, true],
        ['card', s.context.data!.methods.includes('card'), false],
      ]);
      if (s.context.method) expect(s.context.data!.methods).toContain(s.context.method);
      expect(view.methods.filter((m) => m.selected).map((m) => m.id)).toEqual(
        s.context.method ? [s.context.method] : [],
      );
      // what paying does, in the server's figures, with the plans' names
      const preview = s.context.preview!;
      expect(view.credit).toEqual(preview.credit && { from: 'PRO', to: 'PREMIUM', from_days: 40, days: 19 });
      expect(view.endsTrial).toBe(preview.ends_trial && 'PREMIUM');
      // a refused invoice shows the server's reason when there was one; choosing a method again clears it
      expect(view.invoiceDetail).toBe(view.invoiceFailed ? s.context.invoiceDetail : null);
      if (view.invoiceFailed) expect([REFUSED, null]).toContain(view.invoiceDetail);
    },
    creatingInvoice: (s, run) => {
      expect(run.invocations.at(-1)).toEqual({
        id: 'createInvoice',
        src: 'createInvoice',
        input: { tier: 'PREMIUM', period: 3, method: s.context.method },
      });
      expect(checkoutView(s)).toMatchObject({ busy: true, canPay: false });
    },
    invoiceOpen: (s, run) => {
      expect(run.invocations.at(-1)).toMatchObject({ id: 'openInvoice', input: { url: URL_ } });
      expect(checkoutView(s)).toMatchObject({ busy: true, canPay: false });
    },
    'confirming.checking': (s, run) => {
      expect(run.invocations.at(-1)).toMatchObject({ id: 'loadSubscription' });
      expect(['paid', 'pending']).toContain(s.context.outcome);
      if (lastStatus !== null) consumeStatus([s.context.outcome]); // paid and pending both wait for the server
      expect(s.context.checks).toBeLessThan(MAX_CHECKS);
    },
    delayed: (s) => {
      expect(s.context.checks).toBeGreaterThanOrEqual(MAX_CHECKS);
      expect(checkoutView(s).status).toBe('delayed');
    },
    'delayed.checking': (_s, run) => {
      // still asking by itself, SLOW_POLL_MS after the last answer
      expect(run.invocations.at(-1)).toMatchObject({ id: 'loadSubscription' });
      const last = String(run.events.at(-1)?.type);
      if (last !== 'BACK') expect(last).toMatch(/^xstate\.after\.slowPollDelay\./);
    },
    unsupported: (s) => {
      expect(checkoutView(s).status).toBe('unsupported');
      if (lastStatus !== null) consumeStatus(['unsupported']);
    },
    thanks: (s) => {
      // confirmed only by the bought tier from a payment — never by the trial still running, never by START
      expect(checkoutView(s).confirmed).toEqual(PAID);
      expect(haptics.at(-1)).toBe('success');
      expect(navigations.every((to) => to === '/app/profile' || to === '/app/profile/subscription')).toBe(true);
    },
    cancelled: (s) => {
      expect(checkoutView(s).status).toBe('cancelled');
      if (lastStatus !== null) consumeStatus(['cancelled']); // null: a later step (BACK) in the same state
    },
    failed: (s) => {
      expect(checkoutView(s).status).toBe('failed');
      consumeStatus(['failed', null]); // null: invoice.open itself threw
      expect(haptics.at(-1)).toBe('error');
    },
  },
});

function keyOf(data: PlansData): string {
  return Object.entries(LOADS).find(([, v]) => v === data)?.[0] ?? 'other';
}

async function start(input: CheckoutInput, data: PlansData = LOADS.cards) {
  const to: string[] = [];
  const actor = createActor(
    checkoutMachine.provide({
      actors: { loadPlans: fromPromise(async () => data), loadPreview: fromPromise(async () => PREVIEWS.nothing!) },
      actions: { navigate: (_, p) => void to.push(p.to) },
    }),
    { input },
  ).start();
  await waitFor(actor, (s) => !s.matches('loading') && !s.matches('previewing'));
  return { actor, to };
}

describe('checkout: the query', () => {
  it('period defaults to 1 month', async () => {
    const { actor } = await start({ tier: 'PRO', period: null });
    expect(checkoutView(actor.getSnapshot()).summary).toMatchObject({
      name: 'PRO',
      months: 1,
      stars: { amount: 200, full: 200, saving: 0, discount: 0 },
      rub: { amount: 390, full: 390, saving: 0, discount: 0 },
    });
  });

  it('Stars, the only way to pay, comes chosen; with cards too, nothing is chosen for the user', async () => {
    const only = await start({ tier: 'PRO', period: '1' }, makePlans(subscription('START'), ['stars']));
    expect(checkoutView(only.actor.getSnapshot())).toMatchObject({ method: 'stars', canPay: true, currency: 'stars' });
    const both = await start({ tier: 'PRO', period: '1' }, makePlans(subscription('START'), ['stars', 'card']));
    expect(checkoutView(both.actor.getSnapshot())).toMatchObject({ method: null, canPay: false, currency: 'stars' });
    both.actor.send({ type: 'METHOD.SELECT', method: 'card' });
    expect(checkoutView(both.actor.getSnapshot())).toMatchObject({ method: 'card', canPay: true, currency: 'rub' });
  });

  for (const [tier, period] of [
    ['GOLD', '1'],
    [null, '1'],
    ['START', '1'],
    ['PRO', '2'],
    ['PRO', 'abc'],
    ['PRO', '-1'],
    ['PRO', '1.5'],
    ['pro', '1'],
  ] as const) {
    it(`tier=${tier} period=${period} → «Тариф не найден», whose button goes back to the tariffs`, async () => {
      const { actor, to } = await start({ tier, period });
      expect(checkoutView(actor.getSnapshot()).status).toBe('notFound');
      actor.send({ type: 'TO_PLANS' });
      expect(to).toEqual(['/app/profile/subscription']);
    });
  }

  it('a tier at or below the one held is unavailable; BACK goes to the tariffs', async () => {
    const { actor, to } = await start({ tier: 'PRO', period: '1' }, makePlans(subscription('PREMIUM')));
    expect(checkoutView(actor.getSnapshot()).status).toBe('unavailable');
    actor.send({ type: 'BACK' });
    expect(to).toEqual(['/app/profile/subscription']);
  });
});

describe('checkout: confirmation that is late', () => {
  it('after the quick checks it keeps asking every SLOW_POLL_MS until the tier shows, without a tap', async () => {
    const clock = new SimulatedClock();
    let answer: Subscription = NOT_YET;
    let asked = 0;
    const actor = createActor(
      checkoutMachine.provide({
        actors: {
          loadPlans: fromPromise(async () => LOADS.cards),
          loadPreview: fromPromise(async () => PREVIEWS.nothing!),
          createInvoice: fromPromise(async () => URL_),
          openInvoice: fromPromise<InvoiceStatus, { url: string }>(async () => 'paid'),
          loadSubscription: fromPromise(async () => {
            asked++;
            return answer;
          }),
        },
      }),
      { input: { tier: 'PREMIUM', period: '3' }, clock },
    ).start();
    const settle = () => new Promise((resolve) => setTimeout(resolve, 0));
    await waitFor(actor, (s) => s.matches('ready'));
    actor.send({ type: 'METHOD.SELECT', method: 'stars' });
    actor.send({ type: 'PAY' });
    for (let i = 0; i < MAX_CHECKS; i++) {
      await settle();
      clock.increment(2000);
    }
    await settle();
    expect(checkoutView(actor.getSnapshot()).status).toBe('delayed');
    expect(asked).toBe(MAX_CHECKS);

    clock.increment(SLOW_POLL_MS - 1);
    await settle();
    expect(asked).toBe(MAX_CHECKS); // slower now
    clock.increment(1);
    await settle();
    expect(asked).toBe(MAX_CHECKS + 1);
    expect(checkoutView(actor.getSnapshot()).status).toBe('delayed'); // still the calm note, while it asks

    answer = PAID;
    clock.increment(SLOW_POLL_MS);
    await settle();
    expect(asked).toBe(MAX_CHECKS + 2);
    expect(checkoutView(actor.getSnapshot())).toMatchObject({ status: 'thanks', confirmed: PAID });
  });
});
