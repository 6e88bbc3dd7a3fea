/**
 * Chat budgets, on a throwaway PostgreSQL cluster with the real app in-process on loopback:
 *
 * 1. A send with the offline assistant (POST /api/chat/{id}/send, JSON): 20 connections, each a user of its own
 *    sending into their own chat one message after another. Budget: p50 ≤ 10 ms, p99 ≤ 40 ms. Measured at a fixed
 *    arrival rate (SEND_RATE, the load a server is sized for) and, for the record, saturated (every connection
 *    sends again the moment it is answered: then latency is queueing, 20 ÷ throughput). The offline model's own
 *    time is measured apart, so "all but the model" can be read off.
 * 2. First streamed delta after the model's first token: a loopback OpenAI-compatible model that waits
 *    FIRST_TOKEN_DELAY_MS before its first token, and the client, both in this process; the server in a process of
 *    its own; the time from the model writing that token to the client reading the first `delta` event, over
 *    STREAM_SENDS sequential streamed sends. Budget ≤ 20 ms.
 * 3. The first (newest) page of a chat with 5 000 messages against one with 10: autocannon on
 *    GET /api/chat/{id}/messages?latest=true, 20 connections, each chat in turn (A B B A). Budget: p50 ratio ≤ 1.2.
 *
 * Prints figures; asserts nothing. Run alone: `npx tsx bench/chat.ts` (BENCH_DURATION_S; BENCH_CHAT_ONLY=send,page,stream
 * runs only those parts).
 */
import { SHIPPED_CRISIS_LINES } from '../contract/safety/crisis-lines';
import { spawn } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { request as httpRequest } from 'node:http';
import { loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import { sign } from '@telegram-apps/init-data-node';
import { sql } from 'drizzle-orm';
import type { buildApp } from '../server/app';
import { overrideDailyLimit } from '../server/billing/plans';
import { runAssistant } from '../server/chat/assistant';
import { OfflineChatModel } from '../server/chat/offline/model';
import { systemPrompt } from '../server/chat/prompt';
import type { Database } from '../server/db';
import { ROOT } from '../server/start/client-build';
import { startModelServer, type ModelServer } from '../tests/support/openai-compatible-server';
import { withPostgresApp } from './postgres-app';
import { DURATION_S, measure, runIfMain, sealBulkLoaded, withSteal } from './support';

export const SEND_P50_BUDGET_MS = 10;
export const SEND_P99_BUDGET_MS = 40;
export const FIRST_DELTA_BUDGET_MS = 20;
export const PAGE_RATIO_BUDGET = 1.2;
const CONNECTIONS = 20;
/** Sends per second across the 20 users in the paced run (≈ 8.6 million messages a day). */
const SEND_RATE = 100;
const FIRST_TOKEN_DELAY_MS = 150;
const STREAM_SENDS = 40;
/** Users 0…19 send, 20–22 own the paged chats, 23 streams. */
const STREAM_USER = CONNECTIONS + 3;
const BOT_TOKEN = '7000000003:chat-bench-token';
const MESSAGE = 'Мне тревожно на работе, не могу сосредоточиться на задачах';

const ONLY = new Set((process.env.BENCH_CHAT_ONLY ?? 'send,page,stream').split(',').map((p) => p.trim()));

const tgUser = (i: number) => ({ id: 9_300_000 + i, first_name: `Бенч${i}` });
const initDataFor = (i: number) => sign({ user: tgUser(i) } as never, BOT_TOKEN, new Date());
const headersFor = (i: number) => ({ 'x-init-data': initDataFor(i), 'x-time-zone': 'Europe/Moscow' });

interface Run {
  rps: number;
  p50: number;
  p99: number;
  non2xx: number;
  steal: number | null;
  /** CPU per send (warm-up included), ms: this process (the server) and PostgreSQL (server and backends). */
  cpu: { node: number; postgres: number | null };
}

/**
 * CPU time (ms) of the cluster's PostgreSQL: the postmaster, its children (backends, workers) and children that
 * already exited, from /proc (Linux; null elsewhere). On a machine shared with other work, CPU per send says what a
 * send costs where latency only says how long it waited.
 */
function postgresCpuMs(dataDir: string): number | null {
  try {
    const postmaster = Number(readFileSync(join(dataDir, 'postmaster.pid'), 'utf8').split('\n')[0]);
    let ticks = 0;
    for (const pid of readdirSync('/proc').filter((d) => /^\d+$/.test(d))) {
      let stat: string;
      try {
        stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      } catch {
        continue; // gone meanwhile
      }
      // Fields after "(comm) ": state ppid … utime(11) stime(12) cutime(13) cstime(14).
      const f = stat
        .slice(stat.lastIndexOf(')') + 2)
        .split(' ')
        .map(Number);
      if (Number(pid) === postmaster) ticks += f[11]! + f[12]! + f[13]! + f[14]!;
      else if (f[1] === postmaster) ticks += f[11]! + f[12]!;
    }
    return ticks * 10; // USER_HZ = 100 on Linux
  } catch {
    return null;
  }
}

// The saturated run: autocannon's API (its CLI sends one request shape) gives each connection its own user and chat,
// and each sends again the moment it is answered.
const SATURATED_CLIENT = `
  import autocannon from 'autocannon';
  const o = JSON.parse(process.env.BENCH_CHAT);
  let next = 0;
  const setupClient = (client) => {
    const c = o.clients[next++ % o.clients.length];
    client.setRequests([{ method: 'POST', path: c.path, headers: c.headers, body: o.body }]);
  };
  const run = (duration) => autocannon({ url: o.url, connections: o.clients.length, duration, setupClient });
  await run(2);
  const r = await run(o.duration);
  process.stdout.write(JSON.stringify({ rps: r.requests.average, p50: r.latency.p50, p99: r.latency.p99, non2xx: r.non2xx, statuses: r.statusCodeStats }));`;

// The paced run: an open-loop schedule, send k due at k / rate seconds, by user k mod 20 on its own keep-alive
// connection (one send at a time per user, as a person sends). Latency counts from the send's due instant, so a send
// that waited behind the user's previous one counts its wait. (autocannon's overallRate instead lets every connection
// fire its share at the start of each second — a burst of 20 that queues on two cores — and adds a synthetic
// sample per millisecond of the wait: its figures at 100 sends/s measured the burst, not the server.)
const PACED_CLIENT = `
  import http from 'node:http';
  import { performance } from 'node:perf_hooks';
  const o = JSON.parse(process.env.BENCH_CHAT);
  const { hostname, port } = new URL(o.url);
  const users = o.clients.map((c) => ({ ...c, agent: new http.Agent({ keepAlive: true, maxSockets: 1 }), last: Promise.resolve() }));
  const post = (u) => new Promise((resolve) => {
    const req = http.request({ host: hostname, port, method: 'POST', path: u.path, agent: u.agent,
      headers: { ...u.headers, 'content-length': Buffer.byteLength(o.body) } }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode));
    });
    req.on('error', () => resolve(0));
    req.end(o.body);
  });
  async function run(seconds) {
    const start = performance.now() + 20;
    const latencies = [];
    const statuses = {};
    for (let k = 0; k < Math.round(seconds * o.rate); k++) {
      const u = users[k % users.length];
      const due = start + (k * 1000) / o.rate;
      u.last = u.last.then(async () => {
        const wait = due - performance.now();
        if (wait > 0) await new Promise((r) => setTimeout(r, wait));
        const status = await post(u);
        latencies.push(performance.now() - due);
        statuses[status] = (statuses[status] ?? 0) + 1;
      });
    }
    await Promise.all(users.map((u) => u.last));
    return { latencies: latencies.sort((a, b) => a - b), statuses, seconds: (performance.now() - start) / 1000 };
  }
  await run(2);
  const r = await run(o.duration);
  const at = (p) => Math.round(r.latencies[Math.min(r.latencies.length - 1, Math.ceil((p / 100) * r.latencies.length) - 1)] * 100) / 100;
  const ok = Object.entries(r.statuses).filter(([s]) => s >= 200 && s < 300).reduce((n, [, c]) => n + c, 0);
  process.stdout.write(JSON.stringify({ rps: r.latencies.length / r.seconds, p50: at(50), p99: at(99), non2xx: r.latencies.length - ok, statuses: r.statuses }));
  for (const u of users) u.agent.destroy();`;

/** What a send client prints: throughput, latency percentiles (ms), answers that were not 2xx by status. */
interface ClientResult {
  rps: number;
  p50: number;
  p99: number;
  non2xx: number;
  statuses: Record<string, number>;
}

async function sendLoad(
  url: string,
  clients: Array<{ path: string; headers: Record<string, string> }>,
  rate: number | null,
  database: Database,
  pgDataDir: string,
): Promise<Run> {
  const messages = async () => {
    const r = await database.db.execute<{ n: number }>(sql`select count(*)::int as n from chat_messages`);
    return Number(
      ((r as unknown as { rows?: Array<{ n: number }> }).rows ?? (r as unknown as Array<{ n: number }>))[0]!.n,
    );
  };
  const [messagesBefore, nodeBefore, pgBefore] = [await messages(), process.cpuUsage(), postgresCpuMs(pgDataDir)];
  const result = await withSteal(async () => {
    const options = { url, clients, rate, duration: DURATION_S, body: JSON.stringify({ content: MESSAGE }) };
    const client = rate ? PACED_CLIENT : SATURATED_CLIENT;
    const child = spawn(process.execPath, ['--input-type=module', '-e', client], {
      cwd: ROOT,
      env: { ...process.env, BENCH_CHAT: JSON.stringify(options) },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    let err = '';
    child.stdout.on('data', (d) => (out += d));
    child.stderr.on('data', (d) => (err += d));
    const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
    if (code !== 0) throw new Error(`send client failed (exit ${code}): ${err || out}`);
    return JSON.parse(out) as ClientResult;
  });
  const nodeCpu = process.cpuUsage(nodeBefore);
  const pgAfter = postgresCpuMs(pgDataDir);
  const sends = Math.max(1, ((await messages()) - messagesBefore) / 2); // a user message and a reply each
  if (result.non2xx > 0) console.log(`[bench chat] answers by status: ${JSON.stringify(result.statuses)}`);
  return {
    rps: Math.round(result.rps),
    p50: result.p50,
    p99: result.p99,
    non2xx: result.non2xx,
    steal: result.stealPct,
    cpu: {
      node: ms((nodeCpu.user + nodeCpu.system) / 1000 / sends),
      postgres: pgBefore === null || pgAfter === null ? null : ms((pgAfter - pgBefore) / sends),
    },
  };
}

const pct = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
const ms = (x: number) => Math.round(x * 100) / 100;
/** CPU steal (the hypervisor's share) and the 1-minute load average (other work on this machine) during a run. */
const stealNote = (s: number | null) =>
  `${s === null ? '' : `, CPU steal ${s} %`}, load avg ${loadavg()[0]!.toFixed(1)}`;
const verdict = (ok: boolean) => (ok ? 'within' : 'OVER');

/** The offline model's own time for one reply (both steps), through runAssistant as the chat calls it. */
async function offlineModelTime(): Promise<{ p50: number; p99: number }> {
  const model = new OfflineChatModel();
  const system = systemPrompt({ style: 'gentle', personalContext: null, checkIn: false, lines: SHIPPED_CRISIS_LINES });
  const times: number[] = [];
  for (let i = 0; i < 400; i++) {
    const start = performance.now();
    await runAssistant({
      model,
      system,
      messages: [{ role: 'user', content: MESSAGE }],
      tier: 'START',
      offline: { seed: `bench-${i}`, turn: 1 + (i % 6), style: 'gentle', hasPersonalContext: false, checkIn: false },
      timeoutMs: 10_000,
      onDelta: () => {},
    });
    if (i >= 100) times.push(performance.now() - start); // after warm-up
  }
  times.sort((a, b) => a - b);
  return { p50: ms(pct(times, 50)), p99: ms(pct(times, 99)) };
}

/** Creates the users (through the auth hook) and one chat each (through create-and-send). */
async function usersWithChats(app: Awaited<ReturnType<typeof buildApp>>, count: number, first = 0): Promise<string[]> {
  const ids: string[] = [];
  for (let i = first; i < first + count; i++) {
    const res = await app.inject({
      method: 'POST',
      url: '/api/chat/create-and-send',
      headers: headersFor(i),
      payload: { content: MESSAGE },
    });
    if (res.statusCode !== 201) throw new Error(`create-and-send for user ${i}: ${res.statusCode} ${res.body}`);
    ids.push(res.json().chat.id as string);
  }
  return ids;
}

/** Streams one send and returns when the first delta event arrived (performance.now()). */
function firstDeltaAt(port: number, chatId: string, headers: Record<string, string>): Promise<number> {
  return new Promise((resolve, reject) => {
    let at = 0;
    const req = httpRequest(
      {
        host: '127.0.0.1',
        port,
        method: 'POST',
        path: `/api/chat/${chatId}/send`,
        headers: { ...headers, accept: 'text/event-stream', 'content-type': 'application/json' },
      },
      (res) => {
        let body = '';
        res.on('data', (chunk: Buffer) => {
          if (at) return;
          body += chunk.toString(); // an event may arrive split across chunks
          if (body.includes('event: delta')) at = performance.now();
        });
        res.on('end', () =>
          at ? resolve(at) : reject(new Error(`no delta in the stream: ${res.statusCode} ${body}`)),
        );
      },
    );
    req.on('error', reject);
    req.end(JSON.stringify({ content: MESSAGE }));
  });
}

/** Replaces the chat's messages with `count` as sends would leave them: positions 1…count, alternating roles. */
async function seedChat(database: Database, chatId: string, count: number): Promise<void> {
  await database.db.execute(sql`delete from chat_messages where chat_id = ${chatId}::uuid`);
  await database.db.execute(sql`
    insert into chat_messages (chat_id, user_id, position, role, content, created_at)
    select c.id, c.user_id, g, case when g % 2 = 1 then 'user' else 'assistant' end,
           convert_to('Сообщение номер ' || g || '. ' || repeat('Сегодня был непростой день. ', 6), 'UTF8'), now() - (${count} - g) * interval '1 minute'
    from chats c, generate_series(1, ${count}) g where c.id = ${chatId}::uuid`);
  await database.db.execute(
    sql`update chats set message_count = ${count}, last_message_at = now(), updated_at = now() where id = ${chatId}::uuid`,
  );
}

type App = Awaited<ReturnType<typeof buildApp>>;

/** 1. Sends with the offline assistant, paced and saturated, with the CPU each costs. */
async function benchSends(app: App, address: string, database: Database, pgDataDir: string): Promise<void> {
  const chats = await usersWithChats(app, CONNECTIONS);
  const clients = chats.map((id, i) => ({
    path: `/api/chat/${id}/send`,
    headers: { ...headersFor(i), 'content-type': 'application/json' },
  }));
  const modelTime = await offlineModelTime();
  console.log(
    `[bench chat] offline model alone (runAssistant, one reply): p50 ${modelTime.p50} ms, p99 ${modelTime.p99} ms${stealNote(null)}`,
  );
  for (const [label, rate] of [
    [`paced at ${SEND_RATE} sends/s`, SEND_RATE],
    ['saturated', null],
  ] as const) {
    const r = await sendLoad(address, clients, rate, database, pgDataDir);
    const ok = r.p50 <= SEND_P50_BUDGET_MS && r.p99 <= SEND_P99_BUDGET_MS && r.non2xx === 0;
    console.log(
      `[bench chat] POST /api/chat/{id}/send offline, ${CONNECTIONS} users × own chat, ${label}, ${DURATION_S}s: ` +
        `p50 ${r.p50} ms, p99 ${r.p99} ms, ${r.rps} req/s, non-2xx ${r.non2xx}${stealNote(r.steal)}; ` +
        `CPU per send: server ${r.cpu.node} ms + PostgreSQL ${r.cpu.postgres ?? '?'} ms` +
        (rate
          ? ` → ${verdict(ok)} budget (p50 ≤ ${SEND_P50_BUDGET_MS} ms, p99 ≤ ${SEND_P99_BUDGET_MS} ms)`
          : ' (queueing: latency ≈ connections ÷ throughput)'),
    );
  }
}

/**
 * 3. The newest page of a 5 000-message chat against short ones, with the same page size on both sides so only the
 * chat's length differs (a 10-message chat has only 10 to return): the client's page of 30 against a 30-message
 * chat, and a page of 10 against the 10-message chat. A B B A each.
 */
async function benchPages(app: App, address: string, database: Database): Promise<void> {
  const [longChat, chat30, chat10] = await usersWithChats(app, 3, CONNECTIONS);
  for (const [id, count] of [
    [longChat!, 5_000],
    [chat30!, 30],
    [chat10!, 10],
  ] as const)
    await seedChat(database, id, count);
  await sealBulkLoaded(database.db, '[bench chat]');
  await database.db.execute(sql`vacuum analyze chat_messages`);
  const owners = { [longChat!]: CONNECTIONS, [chat30!]: CONNECTIONS + 1, [chat10!]: CONNECTIONS + 2 };
  const page = async (id: string, limit: number) => {
    const r = await measure(
      `${address}/api/chat/${id}/messages?latest=true&limit=${limit}`,
      headersFor(owners[id]!),
      CONNECTIONS,
    );
    return { p50: r.latency.p50, p99: r.latency.p99, rps: r.requests.average, steal: r.stealPct };
  };
  for (const [limit, shortChat, shortCount] of [
    [30, chat30!, 30],
    [10, chat10!, 10],
  ] as const) {
    const runs = [
      await page(longChat!, limit),
      await page(shortChat, limit),
      await page(shortChat, limit),
      await page(longChat!, limit),
    ];
    const mean = (a: (typeof runs)[number], b: (typeof runs)[number]) => ({
      p50: ms((a.p50 + b.p50) / 2),
      p99: ms((a.p99 + b.p99) / 2),
      rps: Math.round((a.rps + b.rps) / 2),
    });
    const long = mean(runs[0]!, runs[3]!);
    const short = mean(runs[1]!, runs[2]!);
    const ratio = long.p50 / Math.max(short.p50, 0.01);
    for (const [name, r] of [
      ['5 000 messages', long],
      [`${shortCount} messages`, short],
    ] as const) {
      console.log(
        `[bench chat] GET /messages?latest=true&limit=${limit}, chat of ${name}: p50 ${r.p50} ms, p99 ${r.p99} ms, ${r.rps} req/s (mean of 2 × ${DURATION_S}s, ${CONNECTIONS} conns)`,
      );
    }
    console.log(
      `[bench chat] newest page of ${limit}, 5 000 vs ${shortCount} messages: p50 ratio ${ratio.toFixed(2)}, req/s ratio ${(short.rps / Math.max(long.rps, 1)).toFixed(2)}, ` +
        `CPU steal ${runs.map((r) => r.steal).join('/')} %${stealNote(null)} → ${verdict(ratio <= PAGE_RATIO_BUDGET)} budget (≤ ${PAGE_RATIO_BUDGET})`,
    );
  }
}

// The server of the streaming run, in a process of its own: in one process with the client, the server's work
// after writing a delta (the rest of the reply, storing it) would delay the client's reading of it and be counted.
const STREAM_SERVER = `
  const { buildApp } = await import(process.env.BENCH_APP);
  const { loadConfig } = await import(process.env.BENCH_CONFIG);
  const { openDatabase } = await import(process.env.BENCH_DB);
  const { openDataKeys } = await import(process.env.BENCH_KEYS);
  const config = loadConfig(process.env);
  const database = await openDatabase(config);
  await openDataKeys(database, config);
  const app = await buildApp({ database, config });
  process.stdout.write(await app.listen({ port: 0, host: '127.0.0.1' }) + '\\n');
  process.on('SIGTERM', async () => { await app.close(); await database.close(); process.exit(0); });`;

async function startStreamServer(env: NodeJS.ProcessEnv): Promise<{ url: string; stop(): Promise<void> }> {
  const module = (path: string) => pathToFileURL(join(ROOT, path)).href;
  const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', STREAM_SERVER], {
    cwd: ROOT,
    env: {
      ...env,
      BENCH_APP: module('server/app.ts'),
      BENCH_CONFIG: module('server/config/index.ts'),
      BENCH_DB: module('server/db/index.ts'),
      BENCH_KEYS: module('server/privacy/keys.ts'),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  const url = await new Promise<string>((resolve, reject) => {
    child.stdout.on('data', (d) => {
      out += d;
      const line = out.match(/^(http:\/\/\S+)\n/m);
      if (line) resolve(line[1]!);
    });
    child.stderr.on('data', (d) => (out += d));
    child.on('exit', (code) => reject(new Error(`stream server exited (${code}): ${out}`)));
  });
  return {
    url,
    stop: async () => {
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await exited;
    },
  };
}

/** 2. The first streamed delta after the loopback model's first token, across a real server process. */
async function benchFirstDelta(env: NodeJS.ProcessEnv, model: ModelServer): Promise<void> {
  const server = await startStreamServer({ ...env, LLM_BASE_URL: model.url, LLM_MODEL: 'bench-model' });
  try {
    const { port } = new URL(server.url);
    const created = await fetch(`${server.url}/api/chat/create-and-send`, {
      method: 'POST',
      headers: { ...headersFor(STREAM_USER), 'content-type': 'application/json' },
      body: JSON.stringify({ content: MESSAGE }),
    });
    if (created.status !== 201) throw new Error(`create-and-send: ${created.status} ${await created.text()}`);
    const streamChat = ((await created.json()) as { chat: { id: string } }).chat.id;
    const gaps: number[] = [];
    for (let i = 0; i < STREAM_SENDS; i++) {
      const before = model.firstTokenAt.length;
      const arrived = await firstDeltaAt(Number(port), streamChat, headersFor(STREAM_USER));
      const tokenAt = model.firstTokenAt[before];
      if (tokenAt === undefined) throw new Error('the model server wrote no token');
      if (i >= 5) gaps.push(arrived - tokenAt); // after warm-up
    }
    gaps.sort((a, b) => a - b);
    const [g50, g99] = [ms(pct(gaps, 50)), ms(pct(gaps, 99))];
    console.log(
      `[bench chat] first delta to the client after the model's first token (model waits ${FIRST_TOKEN_DELAY_MS} ms; server in its own process), ${gaps.length} streamed sends: ` +
        `p50 ${g50} ms, p99 ${g99} ms, max ${ms(gaps.at(-1)!)} ms${stealNote(null)} → ${verdict(g99 <= FIRST_DELTA_BUDGET_MS)} budget (≤ ${FIRST_DELTA_BUDGET_MS} ms)`,
    );
  } finally {
    await server.stop();
  }
}

export async function benchChat(): Promise<void> {
  const model = await startModelServer(() => ({
    text: 'Слышу вас. Что сейчас труднее всего?',
    firstTokenDelayMs: FIRST_TOKEN_DELAY_MS,
  }));
  overrideDailyLimit('START', 'tokens', null); // the bench measures sends, not the daily limit
  try {
    const env = { BOT_TOKEN, RATE_LIMIT_PER_MINUTE: '0' };
    await withPostgresApp('chat', env, async ({ app, database, cluster, env: appEnv }) => {
      const address = await app.listen({ port: 0, host: '127.0.0.1' });
      if (ONLY.has('send')) await benchSends(app, address, database, cluster.dataDir);
      if (ONLY.has('page')) await benchPages(app, address, database);
      await app.close(); // the streaming bench runs a server process of its own on the same database
      if (ONLY.has('stream')) await benchFirstDelta(appEnv, model);
    });
  } finally {
    await model.close();
  }
}

runIfMain(import.meta.url, benchChat);
