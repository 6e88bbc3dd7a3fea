// Checkout (/app/profile/subscription/checkout?tier=…&period=…): the order summary, a payment method (Telegram Stars,
// recommended, and chosen already when it is the only one; a bank card only when the server takes cards), and
// paying. The server makes the invoice (its price, never ours); Telegram's invoice.open answers paid | pending |
// cancelled | failed, which is never proof of payment: after paid or pending the flow asks the server for the
// subscription every few seconds until the bought tier is there (then thanks); after a bounded number of quick
// checks it says confirmation is late and keeps asking, slower, with a way to check again now. Cancelled or failed: nothing was charged, try again. A Telegram too old for the
// payment window: update it. Unknown tier or period: «Тариф не найден». Before paying, the server's preview says
// what the payment does to the plan held (a lower paid tier's days carried over, a trial ended).
import { assign, setup, type SnapshotFrom } from 'xstate';
import type { Subscription } from '../../contract/billing';
import type { PaymentMethod, PaymentPreview } from '../../contract/payments';
import { stubAction, stubActor, type HapticParams, type NavigateParams } from '../effects';
import { paths } from '../paths';
import { topState } from '../view-model';
import { actionFor, type PlansData } from './plans';
import { periodOffer, type ShownCurrency } from './pricing';

/** What Telegram's invoice.open resolves to; 'unsupported': this Telegram app has no payment window to open. */
export type InvoiceStatus = 'paid' | 'pending' | 'cancelled' | 'failed' | 'unsupported';

/** Between the quick checks of the subscription after paying. */
export const POLL_MS = 2_000;
/** Checks of the subscription after paying before the flow says confirmation is late (× POLL_MS ≈ 30 s). */
export const MAX_CHECKS = 15;
/** Between the checks once confirmation is late: the screen still opens access by itself, without a busy loop. */
export const SLOW_POLL_MS = 20_000;

/** How a refused invoice fails (the billing actors throw it): the server's Russian detail when it gave one. */
export interface InvoiceFailure {
  detail: string | null;
}
const detailOf = (error: unknown): string | null => {
  const detail = (error as Partial<InvoiceFailure> | null)?.detail;
  return typeof detail === 'string' && detail ? detail : null;
};

export interface CheckoutInput {
  /** The query's raw values; period absent → 1 month. */
  tier: string | null;
  period: string | null;
}

export interface CheckoutContext {
  tier: string;
  /** null: the query's period is not a number of months. */
  months: number | null;
  data: PlansData | null;
  method: PaymentMethod | null;
  /** What paying does to the plan held, as the server says. */
  preview: PaymentPreview | null;
  invoiceUrl: string | null;
  /** Why the last attempt to pay stopped before Telegram's window: the server refused to make an invoice. */
  invoiceFailed: boolean;
  /** The server's reason for that refusal, when it gave one. */
  invoiceDetail: string | null;
  /** paid | pending while confirming. */
  outcome: 'paid' | 'pending' | null;
  checks: number;
  /** The subscription the server confirmed. */
  confirmed: Subscription | null;
}

export type CheckoutEvent =
  | { type: 'METHOD.SELECT'; method: PaymentMethod }
  | { type: 'PAY' }
  | { type: 'RETRY' }
  | { type: 'CHECK_AGAIN' }
  | { type: 'TO_PLANS' }
  | { type: 'DONE' }
  | { type: 'BACK' };

function parseMonths(raw: string | null): number | null {
  if (raw === null || raw === '') return 1;
  return /^[1-9][0-9]{0,2}$/.test(raw) ? Number(raw) : null;
}

const checkoutSetup = setup({
  types: {
    context: {} as CheckoutContext,
    input: {} as CheckoutInput,
    events: {} as CheckoutEvent,
  },
  actors: {
    loadPlans: stubActor<PlansData>(),
    loadPreview: stubActor<PaymentPreview, { tier: string }>(),
    createInvoice: stubActor<string, { tier: string; period: number; method: PaymentMethod }>(),
    openInvoice: stubActor<InvoiceStatus, { url: string }>(),
    loadSubscription: stubActor<Subscription>(),
  },
  actions: {
    navigate: stubAction<NavigateParams>(),
    haptic: stubAction<HapticParams>(),
  },
  guards: {
    unknownPlan: (_, params: { data: PlansData; tier: string; months: number | null }) =>
      params.months === null ||
      !params.data.tiers.some((t) => t.id === params.tier && periodOffer(t, params.months!) !== null),
    notSelectable: (_, params: { data: PlansData; tier: string }) => actionFor(params.data, params.tier) !== 'select',
    methodOffered: (_, params: { data: PlansData | null; method: PaymentMethod }) =>
      params.data?.methods.includes(params.method) ?? false,
    methodChosen: (_, params: { method: PaymentMethod | null }) => params.method !== null,
    statusIs: (_, params: { status: InvoiceStatus; expected: InvoiceStatus }) => params.status === params.expected,
    confirmed: (_, params: { subscription: Subscription; before: Subscription | null; tier: string }) =>
      params.subscription.tier === params.tier &&
      (params.before === null ||
        params.before.tier !== params.tier ||
        params.before.source === 'trial' ||
        params.before.expires_at !== params.subscription.expires_at) &&
      params.subscription.source !== 'trial',
    moreChecks: (_, params: { checks: number }) => params.checks < MAX_CHECKS,
  },
  delays: {
    pollDelay: POLL_MS,
    slowPollDelay: SLOW_POLL_MS,
  },
});

/** One look at the subscription: the bought tier confirmed → thanks; otherwise the sibling `waiting`. */
const checking = checkoutSetup.createStateConfig({
  invoke: {
    id: 'loadSubscription',
    src: 'loadSubscription',
    onDone: [
      {
        guard: {
          type: 'confirmed',
          params: ({ context, event }) => ({
            subscription: event.output,
            before: context.data?.subscription ?? null,
            tier: context.tier,
          }),
        },
        target: '#checkout.thanks',
        actions: assign({ confirmed: ({ event }) => event.output }),
      },
      { target: 'waiting', actions: assign({ checks: ({ context }) => context.checks + 1 }) },
    ],
    onError: { target: 'waiting', actions: assign({ checks: ({ context }) => context.checks + 1 }) },
  },
});

export const checkoutMachine = checkoutSetup.createMachine({
  id: 'checkout',
  description: 'Order summary, payment method, Telegram invoice and the server’s confirmation.',
  context: ({ input }) => ({
    tier: input.tier ?? '',
    months: parseMonths(input.period),
    data: null,
    method: null,
    preview: null,
    invoiceUrl: null,
    invoiceFailed: false,
    invoiceDetail: null,
    outcome: null,
    checks: 0,
    confirmed: null,
  }),
  initial: 'loading',
  on: {
    BACK: { actions: { type: 'navigate', params: { to: paths.subscription } } },
  },
  states: {
    loading: {
      invoke: {
        id: 'loadPlans',
        src: 'loadPlans',
        onDone: [
          {
            guard: {
              type: 'unknownPlan',
              params: ({ context, event }) => ({ data: event.output, tier: context.tier, months: context.months }),
            },
            target: 'notFound',
          },
          {
            guard: {
              type: 'notSelectable',
              params: ({ context, event }) => ({ data: event.output, tier: context.tier }),
            },
            target: 'unavailable',
            actions: assign({ data: ({ event }) => event.output }),
          },
          {
            target: 'previewing',
            description: 'The only way to pay (Stars, when the server takes no cards) comes chosen.',
            actions: assign({
              data: ({ event }) => event.output,
              method: ({ event }) => (event.output.methods.length === 1 ? event.output.methods[0]! : null),
            }),
          },
        ],
        onError: { target: 'error' },
      },
    },
    previewing: {
      description: 'What paying does to the plan held (days carried over, a trial ended): shown before paying.',
      invoke: {
        id: 'loadPreview',
        src: 'loadPreview',
        input: ({ context }) => ({ tier: context.tier }),
        onDone: { target: 'ready', actions: assign({ preview: ({ event }) => event.output }) },
        onError: { target: 'error' },
      },
    },
    error: {
      description: '«Не удалось загрузить тарифы» and «Попробовать снова».',
      on: { RETRY: { target: 'loading', actions: assign({ data: null, preview: null }) } },
    },
    notFound: {
      description: '«Тариф не найден» with a button back to the tariffs.',
      on: { TO_PLANS: { actions: { type: 'navigate', params: { to: paths.subscription } } } },
    },
    unavailable: {
      description: 'A tier not above the one held: «Недоступно» with a button back to the tariffs.',
      on: { TO_PLANS: { actions: { type: 'navigate', params: { to: paths.subscription } } } },
    },
    ready: {
      description: 'Summary and methods; the pay button is disabled until a method is chosen (the only one is).',
      on: {
        'METHOD.SELECT': {
          guard: {
            type: 'methodOffered',
            params: ({ context, event }) => ({ data: context.data, method: event.method }),
          },
          actions: assign({ method: ({ event }) => event.method, invoiceFailed: false, invoiceDetail: null }),
        },
        PAY: {
          guard: { type: 'methodChosen', params: ({ context }) => ({ method: context.method }) },
          target: 'creatingInvoice',
        },
      },
    },
    creatingInvoice: {
      invoke: {
        id: 'createInvoice',
        src: 'createInvoice',
        input: ({ context }) => ({ tier: context.tier, period: context.months!, method: context.method! }),
        onDone: {
          target: 'invoiceOpen',
          actions: assign({ invoiceUrl: ({ event }) => event.output, invoiceFailed: false, invoiceDetail: null }),
        },
        onError: {
          target: 'ready',
          actions: assign({ invoiceFailed: true, invoiceDetail: ({ event }) => detailOf(event.error) }),
        },
      },
    },
    invoiceOpen: {
      description: 'Telegram’s payment window is open.',
      invoke: {
        id: 'openInvoice',
        src: 'openInvoice',
        input: ({ context }) => ({ url: context.invoiceUrl! }),
        onDone: [
          {
            guard: { type: 'statusIs', params: ({ event }) => ({ status: event.output, expected: 'paid' }) },
            target: 'confirming',
            actions: assign({ outcome: 'paid', checks: 0 }),
          },
          {
            guard: { type: 'statusIs', params: ({ event }) => ({ status: event.output, expected: 'pending' }) },
            target: 'confirming',
            actions: assign({ outcome: 'pending', checks: 0 }),
          },
          {
            guard: { type: 'statusIs', params: ({ event }) => ({ status: event.output, expected: 'cancelled' }) },
            target: 'cancelled',
          },
          {
            guard: { type: 'statusIs', params: ({ event }) => ({ status: event.output, expected: 'unsupported' }) },
            target: 'unsupported',
          },
          { target: 'failed' },
        ],
        onError: { target: 'failed' },
      },
    },
    confirming: {
      description: 'Paid or pending: the server grants on Telegram’s successful_payment; ask until it shows.',
      initial: 'checking',
      states: {
        checking,
        waiting: {
          after: {
            pollDelay: [
              {
                guard: { type: 'moreChecks', params: ({ context }) => ({ checks: context.checks }) },
                target: 'checking',
              },
              { target: '#checkout.delayed' },
            ],
          },
        },
      },
    },
    delayed: {
      description:
        'No confirmation yet: still asked, every SLOW_POLL_MS, so access opens by itself; the user may check again now.',
      on: { CHECK_AGAIN: { target: 'confirming', actions: assign({ checks: 0 }) } },
      initial: 'waiting',
      states: {
        waiting: { after: { slowPollDelay: { target: 'checking' } } },
        checking,
      },
    },
    thanks: {
      description: 'The new tier is confirmed: thank the user.',
      entry: { type: 'haptic', params: { kind: 'success' } },
      on: { DONE: { actions: { type: 'navigate', params: { to: paths.profile } } } },
    },
    cancelled: {
      description: 'The user closed the payment window: nothing was charged.',
      on: { RETRY: { target: 'ready' } },
    },
    unsupported: {
      description: 'This Telegram app cannot open the payment window: update it; nothing was charged.',
      on: { RETRY: { target: 'ready' } },
    },
    failed: {
      description: 'The payment did not go through: nothing was charged.',
      entry: { type: 'haptic', params: { kind: 'error' } },
      on: { RETRY: { target: 'ready' } },
    },
  },
});

export type CheckoutStatus =
  | 'loading'
  | 'error'
  | 'notFound'
  | 'unavailable'
  | 'previewing'
  | 'ready'
  | 'creatingInvoice'
  | 'invoiceOpen'
  | 'confirming'
  | 'delayed'
  | 'thanks'
  | 'cancelled'
  | 'unsupported'
  | 'failed';

/** What the checkout shows: the summary, the methods, the pay button, and where paying stands. */
export function checkoutView(snapshot: SnapshotFrom<typeof checkoutMachine>) {
  const {
    data,
    tier: tierId,
    months,
    method,
    preview,
    invoiceFailed,
    invoiceDetail,
    outcome,
    confirmed,
  } = snapshot.context;
  const tier = data?.tiers.find((t) => t.id === tierId) ?? null;
  const offer = tier && months !== null ? periodOffer(tier, months) : null;
  const status = topState<CheckoutStatus>(snapshot);
  const nameOf = (id: string) => data?.tiers.find((t) => t.id === id)?.name ?? id;
  const busy = status === 'creatingInvoice' || status === 'invoiceOpen';
  const currency: ShownCurrency = method === 'card' ? 'rub' : 'stars';
  return {
    status,
    summary: tier && offer ? { name: tier.name, ...offer } : null,
    /** The summary's price: in stars, or in roubles once a card is chosen (what the pay button charges). */
    currency,
    methods: (['stars', 'card'] as const).map((id) => ({
      id,
      available: data?.methods.includes(id) ?? false,
      selected: method === id,
      recommended: id === 'stars',
    })),
    method,
    /** The pay button: enabled once a method is chosen and nothing is running. */
    canPay: status === 'ready' && method !== null,
    busy,
    invoiceFailed: status === 'ready' && invoiceFailed,
    /** The server's reason for the refused invoice (null: say it generally). */
    invoiceDetail: status === 'ready' && invoiceFailed ? invoiceDetail : null,
    /** A lower paid tier's days carried into this one, by the server's rule (tier names as the plans give them). */
    credit: preview?.credit
      ? {
          from: nameOf(preview.credit.from_tier),
          from_days: preview.credit.from_days,
          to: tier?.name ?? '',
          days: preview.credit.days,
        }
      : null,
    /** A trial of another tier that paying ends (nothing of it is carried over). */
    endsTrial: preview?.ends_trial ? nameOf(preview.ends_trial) : null,
    outcome,
    confirmed,
  };
}
