// The checkout machine as two tables: the load outcomes (ready with or without cards, a tier not above the one
// held, a plan without that period), the server's preview of what paying does, both methods, a refused invoice
// with or without the server's reason, every invoice status (and no payment window at all), the server's
// confirmation (quick checks every POLL_MS, then slower ones that go on by themselves); by hand the query parsing
// (period default 1, unknown tier or period → «Тариф не найден»), the slow checks' timing and the confirmation rule.
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, SimulatedClock, waitFor, type AnyMachineSnapshot } from 'xstate';
import type { Subscription } from '../../contract/billing';
import type { PaymentPreview } from '../../contract/payments';
import {
  checkoutMachine,
  checkoutView,
  MAX_CHECKS,
  POLL_MS,
  SLOW_POLL_MS,
  type CheckoutInput,
  type InvoiceStatus,
} from '../../machines/billing/checkout.machine';
import type { PlansData } from '../../machines/billing/plans';
import { describeMachineTables, stateValue, type StateRow, type TransitionRow } from '../support/machine-tables';
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
type Load = keyof typeof LOADS;
const PREVIEWS: Record<'nothing' | 'credit' | 'trial', PaymentPreview> = {
  nothing: { credit: null, ends_trial: null },
  credit: { credit: { from_tier: 'PRO', from_days: 40, days: 19 }, ends_trial: null },
  trial: { credit: null, ends_trial: 'PREMIUM' },
};
type Preview = keyof typeof PREVIEWS;
const REFUSED = 'Этот тариф недоступен: ваша подписка уже не ниже';
const NOT_YET: Subscription = subscription('START');
const TRIAL_STILL: Subscription = subscription('PREMIUM', 'trial');
const PAID: Subscription = subscription('PREMIUM', 'payment', '2031-02-01T00:00:00.000Z');
const ANSWERS = { NOT_YET, TRIAL_STILL, PAID };

// ── The state key: where the flow is, and the facts the screen shows ──
// `ready cards card nothing refused`: the state, the plans loaded, the method, the preview, then (ready) why the
// last invoice failed, (after paying) the invoice's outcome and (quick checks) how many were made.
const nameOf = <T extends object>(table: T, value: unknown) =>
  (Object.entries(table).find(([, v]) => v === value)?.[0] ?? '-') as keyof T | '-';
const checkoutKey = (s: AnyMachineSnapshot) => {
  const c = s.context as ReturnType<typeof checkoutMachine.getInitialSnapshot>['context'];
  const failure = !c.invoiceFailed ? null : c.invoiceDetail === REFUSED ? 'refused' : 'failed';
  return [
    stateValue(s),
    nameOf(LOADS, c.data),
    c.method ?? '-',
    nameOf(PREVIEWS, c.preview),
    s.matches('ready') ? failure : null,
    c.outcome,
    s.matches('confirming') ? c.checks : null,
  ]
    .filter((part) => part !== null)
    .join(' ');
};

// ── What the screen shows, by the spec's rules (not by the machine's code) ──
// PREMIUM × 3 in the server's figures: 1000 ⭐ against 400 × 3, 17 % off; 1990 ₽ against 790 × 3, 16 % off.
const SUMMARY = {
  name: 'PREMIUM',
  months: 3,
  stars: { amount: 1000, full: 1200, saving: 200, discount: 17 },
  rub: { amount: 1990, full: 2370, saving: 380, discount: 16 },
};
const TAKES_CARDS: Record<Load, boolean> = { cards: true, starsOnly: false, held: false, noPeriod: false };
interface Facts {
  load?: Load;
  method?: 'stars' | 'card';
  preview?: Preview;
  failure?: 'refused' | 'failed';
  outcome?: 'paid' | 'pending';
  confirmed?: Subscription;
}
function shows(status: string, f: Facts) {
  const ready = status === 'ready';
  return {
    status,
    summary: f.load ? SUMMARY : null,
    // Shown in stars, in roubles once a card is chosen (what the pay button charges).
    currency: f.method === 'card' ? 'rub' : 'stars',
    methods: [
      { id: 'stars', available: f.load !== undefined, selected: f.method === 'stars', recommended: true },
      {
        id: 'card',
        available: f.load ? TAKES_CARDS[f.load] : false,
        selected: f.method === 'card',
        recommended: false,
      },
    ],
    method: f.method ?? null,
    // The pay button waits for a method and for nothing running.
    canPay: ready && f.method !== undefined,
    busy: status === 'creatingInvoice' || status === 'invoiceOpen',
    invoiceFailed: ready && f.failure !== undefined,
    invoiceDetail: ready && f.failure === 'refused' ? REFUSED : null,
    // What paying does, in the server's figures, with the plans' names.
    credit: f.preview === 'credit' ? { from: 'PRO', from_days: 40, to: 'PREMIUM', days: 19 } : null,
    endsTrial: f.preview === 'trial' ? 'PREMIUM' : null,
    outcome: f.outcome ?? null,
    confirmed: f.confirmed ?? null,
  };
}
const keyOf = (value: string, f: Facts, checks?: number) =>
  [value, f.load ?? '-', f.method ?? '-', f.preview ?? '-', f.failure, f.outcome, checks]
    .filter((part) => part !== undefined)
    .join(' ');

// `can()`: BACK everywhere; the rest where the flow offers it.
const NONE = {
  'METHOD.SELECT': false,
  PAY: false,
  RETRY: false,
  CHECK_AGAIN: false,
  TO_PLANS: false,
  DONE: false,
  BACK: true,
};
const back: TransitionRow = { to: '', effects: [['navigate', { to: '/app/profile/subscription' }]] };
const stay = (key: string, row: Record<string, string | TransitionRow> = {}) => ({
  BACK: { ...back, to: key },
  ...row,
});
const loadPlans = { id: 'loadPlans', src: 'loadPlans', input: undefined };
const loadSubscription = { id: 'loadSubscription', src: 'loadSubscription', input: undefined };

const states: Record<string, StateRow> = {};
const transitions: Record<string, Record<string, string | TransitionRow>> = {};
const row = (value: string, f: Facts, state: Omit<StateRow, 'view'>, on: Record<string, string | TransitionRow>) => {
  const key = keyOf(value, f);
  states[key] = { view: shows(value.split('.')[0]!, f), ...state };
  transitions[key] = stay(key, on);
  return key;
};

// Loading the plans, and the ways it ends. A method chosen before a failed preview survives «Попробовать снова».
for (const method of [undefined, 'stars'] as const) {
  const kept = { method };
  row(
    'loading',
    kept,
    { can: NONE, running: ['loadPlans'] },
    {
      'done.actor.loadPlans cards': {
        to: keyOf('previewing', { load: 'cards' }),
        invokes: [{ id: 'loadPreview', src: 'loadPreview', input: { tier: 'PREMIUM' } }],
      },
      // Stars, the only way to pay, comes chosen.
      'done.actor.loadPlans starsOnly': keyOf('previewing', { load: 'starsOnly', method: 'stars' }),
      'done.actor.loadPlans held': keyOf('unavailable', { load: 'held', method }),
      'done.actor.loadPlans noPeriod': keyOf('notFound', kept),
      'error.actor.loadPlans': keyOf('error', kept),
    },
  );
  for (const value of ['notFound', 'unavailable'])
    row(
      value,
      value === 'unavailable' ? { load: 'held', method } : kept,
      { can: { ...NONE, TO_PLANS: true } },
      {
        TO_PLANS: {
          to: keyOf(value, value === 'unavailable' ? { load: 'held', method } : kept),
          effects: back.effects,
        },
      },
    );
}
const retry = (to: string): TransitionRow => ({ to, invokes: [loadPlans], context: { data: null, preview: null } });
row('error', {}, { can: { ...NONE, RETRY: true } }, { RETRY: retry(keyOf('loading', {})) });
row(
  'error',
  { method: 'stars' },
  { can: { ...NONE, RETRY: true } },
  { RETRY: retry(keyOf('loading', { method: 'stars' })) },
);

// The preview of what paying does: all three for the plans with cards, none for Stars only.
const previewing = (f: Facts, previews: Preview[]) => {
  row(
    'previewing',
    f,
    { can: NONE, running: ['loadPreview'] },
    {
      ...Object.fromEntries(previews.map((p) => [`done.actor.loadPreview ${p}`, keyOf('ready', { ...f, preview: p })])),
      'error.actor.loadPreview': keyOf('error', f),
    },
  );
  row('error', f, { can: { ...NONE, RETRY: true } }, { RETRY: retry(keyOf('loading', { method: f.method })) });
};
previewing({ load: 'cards' }, ['nothing', 'credit', 'trial']);
previewing({ load: 'starsOnly', method: 'stars' }, ['nothing']);

// Ready: choosing a method (one the server does not take is ignored) clears a refused invoice; paying (tested
// with the preview «nothing») creates the invoice for the tier, period and method.
const FAILURES = {
  'error.actor.createInvoice refused': 'refused',
  'error.actor.createInvoice offline': 'failed',
  'error.actor.createInvoice empty': 'failed',
  'error.actor.createInvoice nothing': 'failed',
  'error.actor.createInvoice list': 'failed',
} as const;
const paying = (f: Facts) => {
  const order = { load: f.load, method: f.method, preview: 'nothing' as const };
  row(
    'creatingInvoice',
    order,
    { can: NONE, running: ['createInvoice'] },
    {
      'done.actor.createInvoice ok': {
        to: keyOf('invoiceOpen', order),
        invokes: [{ id: 'openInvoice', src: 'openInvoice', input: { url: URL_ } }],
        context: { invoiceUrl: URL_ },
      },
      ...Object.fromEntries(
        Object.entries(FAILURES).map(([event, failure]) => [event, keyOf('ready', { ...order, failure })]),
      ),
    },
  );
  const opened: Record<string, string | TransitionRow> = {
    'done.actor.openInvoice cancelled': keyOf('cancelled', order),
    'done.actor.openInvoice unsupported': keyOf('unsupported', order),
    'done.actor.openInvoice failed': { to: keyOf('failed', order), effects: [['haptic', { kind: 'error' }]] },
    'error.actor.openInvoice': { to: keyOf('failed', order), effects: [['haptic', { kind: 'error' }]] },
  };
  // Paid tested after Stars only, pending after a card (both wait for the server alike).
  const outcome = f.load === 'starsOnly' ? 'paid' : f.method === 'card' ? 'pending' : undefined;
  if (outcome)
    opened[`done.actor.openInvoice ${outcome}`] = {
      to: keyOf('confirming.checking', { ...order, outcome }, 0),
      invokes: [loadSubscription],
      context: { checks: 0 },
    };
  row('invoiceOpen', order, { can: NONE, running: ['openInvoice'] }, opened);
  for (const value of ['cancelled', 'unsupported', 'failed'])
    row(value, order, { can: { ...NONE, RETRY: true } }, { RETRY: keyOf('ready', order) });
};
const readyRows = (load: Load, methods: Array<'stars' | 'card' | undefined>, previews: Preview[]) => {
  for (const preview of previews)
    for (const method of methods)
      for (const failure of preview === 'nothing' && method
        ? ([undefined, 'refused', 'failed'] as const)
        : [undefined]) {
        const f = { load, method, preview, failure };
        const select = (m: 'stars' | 'card') =>
          TAKES_CARDS[load] || m === 'stars' ? keyOf('ready', { load, method: m, preview }) : keyOf('ready', f);
        const pay = !method
          ? keyOf('ready', f)
          : {
              to: keyOf('creatingInvoice', { load, method, preview }),
              invokes: [{ id: 'createInvoice', src: 'createInvoice', input: { tier: 'PREMIUM', period: 3, method } }],
            };
        row(
          'ready',
          f,
          { can: { ...NONE, 'METHOD.SELECT stars': true, 'METHOD.SELECT card': TAKES_CARDS[load], PAY: !!method } },
          {
            'METHOD.SELECT stars': select('stars'),
            'METHOD.SELECT card': select('card'),
            ...(preview === 'nothing' ? { PAY: pay } : {}),
          },
        );
      }
};
readyRows('cards', [undefined, 'stars', 'card'], ['nothing', 'credit', 'trial']);
readyRows('starsOnly', ['stars'], ['nothing']);
paying({ load: 'cards', method: 'stars' });
paying({ load: 'cards', method: 'card' });
paying({ load: 'starsOnly', method: 'stars' });

// Confirming: a look every POLL_MS, MAX_CHECKS of them (every answer tested at the first and the last), then
// «late» with a look every SLOW_POLL_MS until the bought tier, from a payment, shows — never the trial, never START.
for (const order of [
  { load: 'starsOnly', method: 'stars', preview: 'nothing', outcome: 'paid' },
  { load: 'cards', method: 'card', preview: 'nothing', outcome: 'pending' },
] as const) {
  const thanks = keyOf('thanks', { ...order, confirmed: PAID }).replace(/ PAID$/, '');
  const thanked: TransitionRow = {
    to: thanks,
    effects: [['haptic', { kind: 'success' }]],
    context: { confirmed: PAID },
  };
  for (let k = 0; k < MAX_CHECKS; k++) {
    const checking = keyOf('confirming.checking', order, k);
    const waiting = keyOf('confirming.waiting', order, k + 1);
    const counted: TransitionRow = { to: waiting, context: { checks: k + 1 } };
    states[checking] = { view: shows('confirming', order), can: NONE, running: ['loadSubscription'] };
    transitions[checking] = {
      'done.actor.loadSubscription NOT_YET': counted,
      ...(k === 0 || k === MAX_CHECKS - 1
        ? {
            'done.actor.loadSubscription TRIAL_STILL': counted,
            'error.actor.loadSubscription': counted,
            'done.actor.loadSubscription PAID': thanked,
          }
        : {}),
    };
    states[waiting] = { view: shows('confirming', order), can: NONE };
    transitions[waiting] = {
      'after.pollDelay.checkout.confirming.waiting': {
        to: k + 1 < MAX_CHECKS ? keyOf('confirming.checking', order, k + 1) : keyOf('delayed.waiting', order),
        after: POLL_MS,
        ...(k + 1 < MAX_CHECKS ? { invokes: [loadSubscription] } : {}),
      },
    };
  }
  const again: TransitionRow = {
    to: keyOf('confirming.checking', order, 0),
    invokes: [loadSubscription],
    context: { checks: 0 },
  };
  const late = { view: shows('delayed', order), can: { ...NONE, CHECK_AGAIN: true } };
  states[keyOf('delayed.waiting', order)] = late;
  transitions[keyOf('delayed.waiting', order)] = {
    'after.slowPollDelay.checkout.delayed.waiting': {
      to: keyOf('delayed.checking', order),
      after: SLOW_POLL_MS,
      invokes: [loadSubscription],
    },
    CHECK_AGAIN: again,
  };
  states[keyOf('delayed.checking', order)] = { ...late, running: ['loadSubscription'] };
  transitions[keyOf('delayed.checking', order)] = {
    'done.actor.loadSubscription NOT_YET': keyOf('delayed.waiting', order),
    'done.actor.loadSubscription TRIAL_STILL': keyOf('delayed.waiting', order),
    'error.actor.loadSubscription': keyOf('delayed.waiting', order),
    'done.actor.loadSubscription PAID': thanked,
    CHECK_AGAIN: again,
  };
  states[thanks] = { view: shows('thanks', { ...order, confirmed: PAID }), can: { ...NONE, DONE: true } };
  transitions[thanks] = stay(thanks, { DONE: { to: thanks, effects: [['navigate', { to: '/app/profile' }]] } });
}

describeMachineTables(checkoutMachine, {
  input: { tier: 'PREMIUM', period: '3' } satisfies CheckoutInput,
  view: checkoutView,
  key: checkoutKey,
  events: {
    'xstate.done.actor.loadPlans': Object.fromEntries(
      Object.entries(LOADS).map(([load, output]) => [load, { type: 'xstate.done.actor.loadPlans', output }]),
    ),
    'METHOD.SELECT': {
      stars: { type: 'METHOD.SELECT', method: 'stars' },
      card: { type: 'METHOD.SELECT', method: 'card' },
    },
    'xstate.done.actor.loadPreview': Object.fromEntries(
      Object.entries(PREVIEWS).map(([preview, output]) => [preview, { type: 'xstate.done.actor.loadPreview', output }]),
    ),
    // The billing actor throws the server's detail, or none (no answer, an empty one, a rejection with nothing).
    'xstate.error.actor.createInvoice': {
      refused: { type: 'xstate.error.actor.createInvoice', error: { detail: REFUSED } },
      offline: { type: 'xstate.error.actor.createInvoice', error: new Error('offline') },
      empty: { type: 'xstate.error.actor.createInvoice', error: { detail: '' } },
      nothing: { type: 'xstate.error.actor.createInvoice', error: null },
      // A validation answer whose detail is a list, not words to show.
      list: { type: 'xstate.error.actor.createInvoice', error: { detail: [{ msg: 'Field required' }] } },
    },
    'xstate.done.actor.createInvoice': { ok: { type: 'xstate.done.actor.createInvoice', output: URL_ } },
    'xstate.done.actor.openInvoice': Object.fromEntries(
      (['paid', 'pending', 'cancelled', 'failed', 'unsupported'] as const).map((status) => [
        status,
        { type: 'xstate.done.actor.openInvoice', output: status },
      ]),
    ),
    'xstate.done.actor.loadSubscription': Object.fromEntries(
      Object.entries(ANSWERS).map(([answer, output]) => [
        answer,
        { type: 'xstate.done.actor.loadSubscription', output },
      ]),
    ),
  },
  // What this test walks (the rest repeats the same edges with other labels): previews other than «nothing» only
  // with cards, and paying only after «nothing»; paid after Stars only, pending after a card; every answer of the
  // server at the first and the last quick check; BACK where it is the only way out of a quiet screen.
  filterEvents: (s, e) => {
    const c = s.context;
    const ev = e as { type: string; output?: unknown };
    if (ev.type === 'xstate.done.actor.loadPreview' && ev.output !== PREVIEWS.nothing) return c.data === LOADS.cards;
    if (ev.type === 'PAY') return c.preview === null || c.preview === PREVIEWS.nothing;
    if (ev.type === 'xstate.done.actor.openInvoice' && ev.output === 'paid') return c.data === LOADS.starsOnly;
    if (ev.type === 'xstate.done.actor.openInvoice' && ev.output === 'pending') return c.method === 'card';
    if (ev.type === 'xstate.done.actor.loadSubscription' && ev.output !== NOT_YET && s.matches('confirming'))
      return c.checks === 0 || c.checks === MAX_CHECKS - 1;
    if (ev.type === 'xstate.error.actor.loadSubscription' && s.matches('confirming'))
      return c.checks === 0 || c.checks === MAX_CHECKS - 1;
    if (ev.type === 'BACK') return !s.matches('confirming') && !s.matches('delayed');
    return true;
  },
  states,
  transitions,
  counts: { paths: 132, transitions: 240 },
});

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
  it('an empty period is 1 month; 12 is a number of months', async () => {
    const empty = await start({ tier: 'PRO', period: '' });
    expect(checkoutView(empty.actor.getSnapshot()).summary).toMatchObject({ name: 'PRO', months: 1 });
    const year = await start({ tier: 'PRO', period: '12' });
    expect(checkoutView(year.actor.getSnapshot()).summary).toMatchObject({ name: 'PRO', months: 12 });
  });

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
    // Digits only, no leading zero, nothing around them.
    ['PRO', '01'],
    ['PRO', '1 '],
    ['PRO', 'x1'],
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

describe('checkout: what confirms the payment', () => {
  const PREMIUM_HELD = subscription('PREMIUM', 'payment', '2030-01-15T10:00:00.000Z');
  // The bought tier, from a payment, and not the subscription held before unchanged (a renewal moves its end).
  const cases: Array<[string, Subscription | null, Subscription, boolean]> = [
    ['no subscription before, PREMIUM paid', null, PAID, true],
    ['no subscription before, a PREMIUM trial', null, TRIAL_STILL, false],
    ['START before, still START', NOT_YET, NOT_YET, false],
    ['START before, PREMIUM paid', NOT_YET, PAID, true],
    ['a PREMIUM trial before, PREMIUM paid', TRIAL_STILL, PAID, true],
    ['a PREMIUM trial before, still the trial', TRIAL_STILL, TRIAL_STILL, false],
    // Paid before the trial ended, the end date kept: the source changed, so it is the payment.
    ['a PREMIUM trial before, paid with the same end', TRIAL_STILL, PREMIUM_HELD, true],
    ['PRO paid before, PREMIUM paid', subscription('PRO'), PAID, true],
    ['PRO paid before, PREMIUM paid with the same end', subscription('PRO'), PREMIUM_HELD, true],
    ['PREMIUM paid before, unchanged', PREMIUM_HELD, PREMIUM_HELD, false],
    ['PREMIUM paid before, renewed to a later end', PREMIUM_HELD, PAID, true],
  ];
  const confirmed = checkoutMachine.implementations.guards.confirmed as (
    args: unknown,
    params: { subscription: Subscription; before: Subscription | null; tier: string },
  ) => boolean;
  it.each(cases)('%s → %s', (_name, before, answer, expected) => {
    expect(confirmed({}, { subscription: answer, before, tier: 'PREMIUM' })).toBe(expected);
  });
});

describe('checkout: the preview names tiers as the plans do', () => {
  it('a tier by the name the plans give it, not its id', async () => {
    const renamed: PlansData = {
      ...LOADS.cards,
      tiers: LOADS.cards.tiers.map((t) => (t.id === 'PRO' ? { ...t, name: 'Про' } : t)),
    };
    const preview: PaymentPreview = { credit: { from_tier: 'PRO', from_days: 40, days: 19 }, ends_trial: null };
    const actor = createActor(
      checkoutMachine.provide({
        actors: { loadPlans: fromPromise(async () => renamed), loadPreview: fromPromise(async () => preview) },
      }),
      { input: { tier: 'PREMIUM', period: '3' } },
    ).start();
    await waitFor(actor, (s) => s.matches('ready'));
    expect(checkoutView(actor.getSnapshot())).toMatchObject({
      credit: { from: 'Про', from_days: 40, to: 'PREMIUM', days: 19 },
      endsTrial: null,
    });
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
