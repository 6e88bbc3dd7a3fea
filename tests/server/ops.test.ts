// What an operator runs the server with: /healthz and /readyz, /metrics behind METRICS_TOKEN, and the JSON request
// log — one line per request with the id the answer echoes, route patterns instead of URLs, and nothing a user
// wrote, no init data and no token in it.
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { DrizzleQueryError } from 'drizzle-orm/errors';
import { safeError, scrubber } from '../../server/http/logger';
import { buildApp } from '../../server/app';
import { freePort } from '../../scripts/pg-cluster';
import { sample } from '../support/metrics';
import { describeEachDatabase, freshPglite, TEST_BOT_TOKEN, testConfig } from './harness';

const TOKEN = 'metrics-token-for-the-test-1234567890';

const cross = (a: Record<string, string[]>): Array<Record<string, string>> =>
  Object.entries(a).reduce<Array<Record<string, string>>>(
    (rows, [label, values]) => rows.flatMap((row) => values.map((v) => ({ ...row, [label]: v }))),
    [{}],
  );
/**
 * Every metric of ours, as issue 27 lists them (docs/deploy.md «Метрики» names the same): its type and, where the
 * label values are a fixed set, every series it has from the first scrape. Written by hand from the issue and the
 * outcomes each part reports — not read from server/metrics/metrics.ts.
 */
const METRICS = {
  wellbeing_http_request_duration_seconds: { type: 'histogram', labels: ['route', 'method', 'status'] },
  wellbeing_db_pool_connections: { type: 'gauge', series: cross({ state: ['in_use', 'idle'] }) },
  wellbeing_db_pool_waiting: { type: 'gauge', series: [{}] },
  wellbeing_db_pool_max: { type: 'gauge', series: [{}] },
  wellbeing_db_query_duration_seconds: { type: 'histogram', labels: ['outcome'] },
  wellbeing_model_call_duration_seconds: {
    type: 'histogram',
    series: cross({ model: ['chat', 'speech_to_text', 'safety_classifier'], outcome: ['ok', 'failed'] }),
  },
  wellbeing_chat_messages_streamed_total: { type: 'counter', series: cross({ outcome: ['done', 'error'] }) },
  wellbeing_reminders_total: {
    type: 'counter',
    series: cross({
      outcome: ['sent', 'skipped', 'failed', 'retry', 'blocked', 'late', 'unknown', 'rescheduled'],
    }),
  },
  wellbeing_payments_total: {
    type: 'counter',
    series: cross({ outcome: ['granted', 'refused', 'refund_due', 'duplicate', 'refunded'] }),
  },
  wellbeing_safety_readings_total: {
    type: 'counter',
    series: [
      ...cross({ reader: ['detector'], tier: ['none', 'concern', 'crisis'] }),
      ...cross({ reader: ['classifier'], tier: ['none', 'concern', 'crisis', 'no_verdict'] }),
    ],
  },
  wellbeing_safety_net_activations_total: {
    type: 'counter',
    series: cross({ tier: ['concern', 'crisis'], by: ['detector', 'classifier'] }),
  },
} as const;

/** Labels as a plain object with sorted keys. */
const labelsOf = (labels: Record<string, string>) =>
  Object.fromEntries(Object.entries(labels).sort(([a], [b]) => a.localeCompare(b)));
const sorted = (rows: Array<Record<string, string>>) =>
  [...rows].sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b)));
/** The label sets of every series named `name` in a scrape. */
function seriesOf(text: string, name: string): Array<Record<string, string>> {
  const rows = [];
  for (const line of text.split('\n')) {
    const m = /^([a-z_]+)(?:\{(.*)\})? \S+$/.exec(line);
    if (!m || m[1] !== name) continue;
    const pairs = [...(m[2] ?? '').matchAll(/(\w+)="([^"]*)"/g)].map(([, k, v]) => [k!, v!]);
    rows.push(labelsOf(Object.fromEntries(pairs)));
  }
  return sorted(rows);
}
const NOT_READY = 'Сервис временно недоступен, попробуйте позже';

describeEachDatabase(
  'health, readiness and metrics',
  (t) => {
    const metrics = async () => {
      const res = await t.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
      expect(res.statusCode).toBe(200);
      return res.body;
    };

    it('/healthz and /readyz answer without init data; readiness turns 503 «draining» at once when draining', async () => {
      const health = await t.app.inject({ method: 'GET', url: '/healthz' });
      expect(health.statusCode).toBe(200);
      expect(health.json()).toEqual({ status: 'ok' });
      const ready = await t.app.inject({ method: 'GET', url: '/readyz' });
      expect(ready.statusCode).toBe(200);
      expect(ready.json()).toEqual({ status: 'ready' });

      t.app.drain.start();
      const draining = await t.app.inject({ method: 'GET', url: '/readyz' });
      expect(draining.statusCode).toBe(503);
      expect(draining.json()).toEqual({ detail: NOT_READY, status: 'draining' });
      expect((await t.app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200); // alive all the same
    });

    it('/readyz is 503 «migrations» when the database lacks the newest migration, «database» when it is closed', async () => {
      await t.database.db.execute(
        sql`delete from drizzle.__drizzle_migrations where created_at = (select max(created_at) from drizzle.__drizzle_migrations)`,
      );
      const behind = await t.app.inject({ method: 'GET', url: '/readyz' });
      expect(behind.statusCode).toBe(503);
      expect(behind.json()).toEqual({ detail: NOT_READY, status: 'migrations' });
      await t.database.close();
      const closed = await t.app.inject({ method: 'GET', url: '/readyz' });
      expect(closed.statusCode).toBe(503);
      expect(closed.json()).toEqual({ detail: NOT_READY, status: 'database' });
    });

    it('/metrics: 401 without the token or with another, 200 with it; every listed metric is there', async () => {
      const none = await t.app.inject({ method: 'GET', url: '/metrics' });
      expect(none.statusCode).toBe(401);
      expect(none.headers['www-authenticate']).toBe('Bearer');
      expect(none.json().detail).toMatch(/токен/);
      const wrong = await t.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: 'Bearer nope' } });
      expect(wrong.statusCode).toBe(401);
      await t.app.inject({ method: 'GET', url: '/api/users/me' }); // one request at least (401)
      const text = await metrics();
      // `# TYPE` of every metric of ours (the defaults are wellbeing_process_* and wellbeing_nodejs_*).
      const types = Object.fromEntries(
        [...text.matchAll(/^# TYPE (wellbeing_\w+) (\w+)$/gm)]
          .filter(([, name]) => !/^wellbeing_(process|nodejs)_/.test(name!))
          .map(([, name, type]) => [name, type]),
      );
      expect(types).toEqual(Object.fromEntries(Object.entries(METRICS).map(([name, m]) => [name, m.type])));
      for (const [name, m] of Object.entries(METRICS)) {
        const series = seriesOf(text, m.type === 'histogram' ? `${name}_count` : name);
        if ('series' in m) expect(series, name).toEqual(sorted(m.series.map(labelsOf)));
        else for (const labels of series) expect(Object.keys(labels), name).toEqual([...m.labels].sort());
      }
      expect(seriesOf(text, 'wellbeing_http_request_duration_seconds_count').length).toBeGreaterThan(0);
      expect(sample(text, 'wellbeing_process_cpu_seconds_total')).toBeGreaterThan(0); // the defaults are there too
    });

    it('requests, model calls, the crisis reply and the screening question are counted by pattern and tier — never by user or content', async () => {
      const before = await metrics();
      const headers = t.headers({ id: 7_777_001, first_name: 'Ира' });
      await t.app.inject({ method: 'POST', url: '/api/trial/activate', headers });
      const created = await t.app.inject({
        method: 'POST',
        url: '/api/diary/create',
        headers,
        payload: { content: 'Запись-маячок про мою сестру' },
      });
      expect(created.statusCode).toBe(201);
      const chat = await t.app.inject({
        method: 'POST',
        url: '/api/chat/create-and-send',
        headers,
        payload: { content: 'Сегодня было тревожно на работе' },
      });
      expect(chat.statusCode).toBe(201);
      const chatId = chat.json().chat.id as string;
      const crisis = await t.app.inject({
        method: 'POST',
        url: `/api/chat/${chatId}/send`,
        headers,
        payload: { content: 'Я не хочу больше жить' },
      });
      expect(crisis.statusCode).toBe(200);
      // Words the detector reads as a concern: the screening question answers, from the detector alone.
      const concern = await t.app.inject({
        method: 'POST',
        url: '/api/chat/create-and-send',
        headers,
        payload: { content: 'сосед повесился в прошлом году' },
      });
      expect(concern.json().message.safety).toBe('screening');
      const after = await metrics();
      const delta = (name: string, labels: Record<string, string>) =>
        sample(after, name, labels) - sample(before, name, labels);
      expect(
        delta('wellbeing_http_request_duration_seconds_count', { route: '/api/diary/create', status: '201' }),
      ).toBe(1);
      expect(
        delta('wellbeing_http_request_duration_seconds_count', { route: '/api/chat/:id/send', status: '200' }),
      ).toBe(1);
      // the first message's reply, and the concern's (its question follows the reply)
      expect(delta('wellbeing_model_call_duration_seconds_count', { model: 'chat', outcome: 'ok' })).toBe(2);
      expect(delta('wellbeing_safety_net_activations_total', { tier: 'crisis', by: 'detector' })).toBe(1);
      expect(delta('wellbeing_safety_readings_total', { reader: 'detector', tier: 'crisis' })).toBe(1);
      expect(delta('wellbeing_safety_readings_total', { reader: 'detector', tier: 'none' })).toBe(1);
      expect(delta('wellbeing_safety_net_activations_total', { tier: 'concern', by: 'detector' })).toBe(1);
      expect(delta('wellbeing_safety_readings_total', { reader: 'detector', tier: 'concern' })).toBe(1);
      expect(delta('wellbeing_safety_net_activations_total', { tier: 'crisis', by: 'classifier' })).toBe(0);
      expect(after).not.toContain(chatId);
      expect(after).not.toContain('7777001');
      expect(after).not.toMatch(/маячок|тревожно|жить|сосед/);
      if (t.kind === 'postgres')
        expect(delta('wellbeing_db_query_duration_seconds_count', { outcome: 'ok' })).toBeGreaterThan(5);
    });

    it("the export link's token never reaches the log, whether the link is good or not", async () => {
      const headers = t.headers({ id: 7_777_003, first_name: 'Аня' });
      const link = (await t.app.inject({ method: 'POST', url: '/api/users/me/export-link', headers })).json();
      const signature = (link.path as string).split('.').pop()!;
      expect(signature).toMatch(/^[A-Za-z0-9_-]{24}$/);
      expect((await t.app.inject({ method: 'GET', url: link.path })).statusCode).toBe(200);
      expect((await t.app.inject({ method: 'GET', url: `${link.path}x` })).statusCode).toBe(404);
      expect((await t.app.inject({ method: 'GET', url: `${link.path}/more?q=1` })).statusCode).toBe(404);
      const text = t.log();
      expect(text).not.toContain(signature);
      expect(text).not.toContain(signature.slice(0, 12));
      expect(text).toContain('"route":"/api/export/:token"');
    });

    it('the log: one JSON line per request with the echoed X-Request-Id, route patterns, no token or user text', async () => {
      const headers = t.headers({ id: 7_777_002, first_name: 'Оля' });
      const me = await t.app.inject({
        method: 'GET',
        url: '/api/users/me',
        headers: { ...headers, 'x-request-id': 'proxy-id-42' },
      });
      expect(me.headers['x-request-id']).toBe('proxy-id-42');
      const odd = await t.app.inject({
        method: 'GET',
        url: '/api/users/me',
        headers: { ...headers, 'x-request-id': 'a b"c' },
      });
      expect(odd.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/); // not a sane id: a fresh one
      await t.app.inject({ method: 'POST', url: '/api/trial/activate', headers });
      await t.app.inject({
        method: 'POST',
        url: '/api/diary/create',
        headers,
        payload: { title: 'Заголовок-маячок', content: 'Текст-маячок' },
      });
      await t.app.inject({
        method: 'POST',
        url: '/api/chat/create-and-send',
        headers,
        payload: { content: 'Сообщение-маячок' },
      });
      const text = t.log();
      const lines = text
        .trim()
        .split('\n')
        .map((l) => JSON.parse(l) as Record<string, unknown>);
      const requests = lines.filter((l) => l.msg === 'request');
      expect(requests.find((l) => l.reqId === 'proxy-id-42')).toMatchObject({
        method: 'GET',
        route: '/api/users/me',
        status: 200,
      });
      expect(requests.map((l) => l.route)).toEqual([
        '/api/users/me',
        '/api/users/me',
        '/api/trial/activate',
        '/api/diary/create',
        '/api/chat/create-and-send',
      ]); // one line per request
      expect(text).not.toMatch(/маячок/);
      const initData = new URLSearchParams(headers['x-init-data']!);
      expect(initData.get('hash')).toMatch(/^[0-9a-f]{64}$/);
      expect(text).not.toContain(initData.get('hash'));
      expect(text).not.toContain(TEST_BOT_TOKEN);
    });
  },
  { captureLog: true, env: () => ({ METRICS_TOKEN: TOKEN }) },
);

describeEachDatabase(
  'health checks under a small rate limit',
  (t) => {
    it('health checks are outside the rate limit and the request log', async () => {
      // RATE_LIMIT_PER_MINUTE is 2 in this block: a third API request of a minute is refused, probes never are.
      const statuses = [];
      for (let i = 0; i < 5; i++) {
        statuses.push((await t.app.inject({ method: 'GET', url: '/readyz' })).statusCode);
        statuses.push((await t.app.inject({ method: 'GET', url: '/healthz' })).statusCode);
      }
      expect(statuses).toEqual(Array(10).fill(200));
      const api = [];
      for (let i = 0; i < 3; i++)
        api.push((await t.app.inject({ method: 'GET', url: '/api/users/me', headers: t.headers() })).statusCode);
      expect(api).toEqual([200, 200, 429]);
      expect(t.log()).not.toMatch(/healthz|readyz/);
      expect(t.log()).toMatch(/"route":"\/api\/users\/me"/);
    });
  },
  { captureLog: true, env: () => ({ RATE_LIMIT_PER_MINUTE: '2' }) },
);

describe('metrics off and on a port of their own', () => {
  it('without METRICS_TOKEN /metrics is 404 JSON (not the client)', async () => {
    const database = await freshPglite();
    const app = await buildApp({
      database,
      config: testConfig(),
      client: async () => (_req, reply) => reply.send('<html>'),
    });
    try {
      const res = await app.inject({ method: 'GET', url: '/metrics', headers: { authorization: 'Bearer x' } });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ detail: 'Не найдено' });
    } finally {
      await app.close();
      await database.close();
    }
  });

  it('with METRICS_PORT the metrics are served there (token required) and PORT has none', async () => {
    const port = await freePort();
    const database = await freshPglite();
    const app = await buildApp({
      database,
      config: testConfig({ METRICS_TOKEN: TOKEN, METRICS_PORT: String(port), HOST: '127.0.0.1' }),
    });
    try {
      await app.listen({ port: 0, host: '127.0.0.1' });
      const url = `http://127.0.0.1:${port}/metrics`;
      expect((await fetch(url)).status).toBe(401);
      const ok = await fetch(url, { headers: { authorization: `Bearer ${TOKEN}` } });
      expect(ok.status).toBe(200);
      expect(ok.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
      expect(await ok.text()).toContain('# TYPE wellbeing_http_request_duration_seconds histogram');
      expect(
        (await fetch(`http://127.0.0.1:${port}/other`, { headers: { authorization: `Bearer ${TOKEN}` } })).status,
      ).toBe(404);
      const main = await app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
      expect(main.statusCode).toBe(404);
    } finally {
      await app.close();
      await database.close();
    }
    await expect(fetch(`http://127.0.0.1:${port}/metrics`)).rejects.toThrow(); // closed with the app
  }, 120_000); // two servers and a fresh PGlite on a loaded machine
});

describe('what the log may say of an error', () => {
  it('a failed query names its statement, never its parameters; a data exception not its value', () => {
    const cause = Object.assign(new Error('invalid input syntax for type uuid: "Текст-маячок"'), {
      code: '22P02',
      severity: 'ERROR',
    });
    const error = new DrizzleQueryError('insert into diary_entries (content) values ($1)', ['Текст-маячок'], cause);
    const safe = JSON.stringify(safeError(error));
    expect(safe).toContain('insert into diary_entries (content) values ($1)');
    expect(safe).toContain('22P02');
    expect(safe).not.toContain('маячок');
  });

  it('a provider error keeps its status, not the prompt it carried', () => {
    const error = Object.assign(new Error('Bad Request'), {
      statusCode: 400,
      requestBodyValues: { messages: [{ content: 'мой секрет' }] },
    });
    const safe = JSON.stringify(safeError(new Error('model provider unavailable', { cause: error })));
    expect(safe).toContain('400');
    expect(safe).not.toContain('секрет');
  });

  it('every line is scrubbed of configured secrets and token-bearing URLs', () => {
    const scrub = scrubber({
      ...testConfig({
        METRICS_TOKEN: TOKEN,
        LLM_BASE_URL: 'http://x/v1',
        LLM_MODEL: 'm',
        LLM_API_KEY: 'sk-live-abcdef',
      }),
      databaseUrl: 'postgres://app:pa55word!@db/x',
    });
    const line = scrub(
      `{"msg":"request to https://api.telegram.org/bot${TEST_BOT_TOKEN}/sendMessage failed","url":"/api/export/12.34.abc","route":"/api/export/:token","k":"sk-live-abcdef pa55word! ${TOKEN}"}`,
    );
    expect(line).toBe(
      '{"msg":"request to https://api.telegram.org/bot[redacted]/sendMessage failed","url":"/api/export/[redacted]","route":"/api/export/:token","k":"[redacted] [redacted] [redacted]"}',
    );
  });
});
