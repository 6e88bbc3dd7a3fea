// The process's Prometheus metrics (prom-client), served by metrics-route.ts. Counts and durations only: no label
// ever carries content, a user id or a raw URL — routes are labelled by their pattern (/api/chat/:id/send).
// One registry per process: tests that build several apps read differences, never absolute values.
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type pg from 'pg';
import type { RiskTier } from '../../contract/safety/detect';

export const registry = new Registry();
collectDefaultMetrics({ register: registry, prefix: 'wellbeing_' }); // CPU, memory, event-loop lag, GC

const httpDuration = new Histogram({
  name: 'wellbeing_http_request_duration_seconds',
  help: 'HTTP requests by route pattern, method and status (a stream counts until its last event)',
  labelNames: ['route', 'method', 'status'] as const,
  buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
  registers: [registry],
});

/** One answered request. `route` is the matched pattern, or '(unmatched)'. */
export function observeRequest(route: string, method: string, status: number, seconds: number): void {
  httpDuration.observe({ route, method, status: String(status) }, seconds);
}

const pools = new Set<pg.Pool>();
const poolSum = (count: (pool: pg.Pool) => number) => [...pools].reduce((n, pool) => n + count(pool), 0);
new Gauge({
  name: 'wellbeing_db_pool_connections',
  help: 'PostgreSQL pool connections of this process by state (in use, idle)',
  labelNames: ['state'] as const,
  registers: [registry],
  collect() {
    const total = poolSum((p) => p.totalCount);
    const idle = poolSum((p) => p.idleCount);
    this.set({ state: 'in_use' }, total - idle);
    this.set({ state: 'idle' }, idle);
  },
});
new Gauge({
  name: 'wellbeing_db_pool_waiting',
  help: 'Queries waiting for a PostgreSQL pool connection',
  registers: [registry],
  collect() {
    this.set(poolSum((p) => p.waitingCount));
  },
});
new Gauge({
  name: 'wellbeing_db_pool_max',
  help: 'PostgreSQL pool size (PG_POOL_MAX) of this process',
  registers: [registry],
  collect() {
    this.set(poolSum((p) => p.options.max));
  },
});

/** The pool counts in the gauges (read at scrape time) until unwatchPool, when it is ended. */
export function watchPool(pool: pg.Pool): void {
  pools.add(pool);
}
export function unwatchPool(pool: pg.Pool): void {
  pools.delete(pool);
}

const queryDuration = new Histogram({
  name: 'wellbeing_db_query_duration_seconds',
  help: 'PostgreSQL statements by outcome (ok, failed), from sending to the answer',
  labelNames: ['outcome'] as const,
  buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 10],
  registers: [registry],
});

/** Times every statement of a pooled client (the pool's 'connect' event; each client once). */
export function timeQueries(client: pg.Client): void {
  const query = client.query.bind(client) as (...args: unknown[]) => unknown;
  (client as unknown as { query: (...args: unknown[]) => unknown }).query = (...args: unknown[]) => {
    const end = queryDuration.startTimer();
    const last = args.length - 1;
    const callback = args[last];
    if (typeof callback === 'function') {
      args[last] = (err: unknown, res: unknown) => {
        end({ outcome: err ? 'failed' : 'ok' });
        return (callback as (e: unknown, r: unknown) => unknown)(err, res);
      };
      return query(...args);
    }
    const result = query(...args);
    if (result instanceof Promise)
      result.then(
        () => end({ outcome: 'ok' }),
        () => end({ outcome: 'failed' }),
      );
    return result;
  };
}

// Every label's values are listed here and zeroed at start, so a series exists from the first scrape (a rate over
// it works before the first event) and the set of series is fixed — tests/server/ops.test.ts holds the same table.
const MODELS = ['chat', 'speech_to_text', 'safety_classifier'] as const;
const OUTCOMES = ['ok', 'failed'] as const;
export const REMINDER_OUTCOMES = [
  'sent',
  'skipped',
  'failed',
  'retry',
  'blocked',
  'late',
  'unknown',
  'rescheduled',
] as const;
const PAYMENT_OUTCOMES = ['granted', 'refused', 'refund_due', 'duplicate', 'refunded'] as const;
const RISK_TIERS = ['none', 'concern', 'crisis'] as const;

const modelCalls = new Histogram({
  name: 'wellbeing_model_call_duration_seconds',
  help:
    'Calls to the chat model, to speech-to-text and for the safety second opinion, by outcome (ok, failed: an error, ' +
    'a timeout or, for the second opinion, no verdict by its deadline); a chat reply counts to its end',
  labelNames: ['model', 'outcome'] as const,
  buckets: [0.1, 0.25, 0.5, 1, 2.5, 5, 10, 20, 30, 60],
  registers: [registry],
});
for (const model of MODELS) for (const outcome of OUTCOMES) modelCalls.zero({ model, outcome });

/**
 * Runs one model call and records its duration and outcome: failed when it throws, or when `failed` says so of its
 * result (a call that answers null instead of throwing).
 */
export async function timeModelCall<T>(
  model: (typeof MODELS)[number],
  call: () => Promise<T>,
  failed: (result: T) => boolean = () => false,
): Promise<T> {
  const end = modelCalls.startTimer({ model });
  try {
    const result = await call();
    end({ outcome: failed(result) ? 'failed' : 'ok' });
    return result;
  } catch (error) {
    end({ outcome: 'failed' });
    throw error;
  }
}

const streamed = new Counter({
  name: 'wellbeing_chat_messages_streamed_total',
  help: 'Assistant replies delivered over a stream (Server-Sent Events) by outcome (done, error)',
  labelNames: ['outcome'] as const,
  registers: [registry],
});
for (const outcome of ['done', 'error']) streamed.inc({ outcome }, 0);
export function countStreamed(outcome: 'done' | 'error'): void {
  streamed.inc({ outcome });
}

const reminders = new Counter({
  name: 'wellbeing_reminders_total',
  help:
    'Reminders handled by outcome: sent; skipped (nothing to remind of); failed (given up); retry; blocked (the user ' +
    'blocked the bot); late (too late to send); unknown (the send may have happened: not repeated); rescheduled',
  labelNames: ['outcome'] as const,
  registers: [registry],
});
for (const outcome of REMINDER_OUTCOMES) reminders.inc({ outcome }, 0);
/** A tick's report: outcome → how many. */
export function countReminders(report: Partial<Record<(typeof REMINDER_OUTCOMES)[number], number>>): void {
  for (const [outcome, n] of Object.entries(report)) if (n) reminders.inc({ outcome }, n);
}

const payments = new Counter({
  name: 'wellbeing_payments_total',
  help:
    "Payments by outcome: granted; refused (at pre-checkout: the invoice is unknown, paid, expired, another's, or " +
    'its amount does not match); refund_due (paid, nothing granted: refund it — payments.refund_reason); duplicate ' +
    '(a repeated update); refunded',
  labelNames: ['outcome'] as const,
  registers: [registry],
});
for (const outcome of PAYMENT_OUTCOMES) payments.inc({ outcome }, 0);
export function countPayment(outcome: (typeof PAYMENT_OUTCOMES)[number]): void {
  payments.inc({ outcome });
}

const safetyReadings = new Counter({
  name: 'wellbeing_safety_readings_total',
  help:
    "Messages read by the safety net, by reader (detector: every message; classifier: the model's second opinion, " +
    'when the detector saw no risk) and tier (none, concern, crisis; no_verdict: the classifier gave none in time)',
  labelNames: ['reader', 'tier'] as const,
  registers: [registry],
});
for (const tier of RISK_TIERS) safetyReadings.inc({ reader: 'detector', tier }, 0);
for (const tier of [...RISK_TIERS, 'no_verdict']) safetyReadings.inc({ reader: 'classifier', tier }, 0);
/** One reading of one message. Counts only: never who or what. */
export function countSafetyReading(
  reader: 'detector' | 'classifier',
  tier: (typeof RISK_TIERS)[number] | 'no_verdict',
): void {
  safetyReadings.inc({ reader, tier });
}

const safetyNet = new Counter({
  name: 'wellbeing_safety_net_activations_total',
  help:
    'Times the safety net acted, by tier (crisis: the crisis reply or help; concern: the screening question) and by ' +
    "whose reading (detector: fixed words instead of the model; classifier: added to the model's reply)",
  labelNames: ['tier', 'by'] as const,
  registers: [registry],
});
for (const tier of ['concern', 'crisis']) for (const by of ['detector', 'classifier']) safetyNet.inc({ tier, by }, 0);
/** The safety net answered (or added to) a reply. Counts only: never who or what. */
export function countSafetyNet(tier: Exclude<RiskTier, 'none'>, by: 'detector' | 'classifier'): void {
  safetyNet.inc({ tier, by });
}
