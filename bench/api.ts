// API benchmark: autocannon, 50 connections, against the authenticated GET /api/users/me and a bare,
// unauthenticated bench-only route calling the same query function (getUser, server/users/service.ts) — in one process
// and one run — on PGlite and on PostgreSQL (a throwaway cluster). Prints req/s, p50, p99, the ratio and RSS; then
// the same route with init data that misses the init-data cache on every request (HMAC + user upsert each time);
// then the cold start of `npm start (node --import tsx server/start/main.ts)` on an existing PGlite DATA_DIR with the client already built.
// Budgets: auth'd (cached) ≥ 60 % of bare req/s on PostgreSQL with p99 ≤ 50 ms; cold start ≤ 5 s; RSS ≤ 500 MB on
// PGlite. The cache-miss row has no budget: it shows what a new session costs.
// Run alone: `npx tsx bench/api.ts` (BENCH_DURATION_S, BENCH_WORKERS, BENCH_API_ONLY=pglite|postgres).
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sign } from '@telegram-apps/init-data-node';
import { eq } from 'drizzle-orm';
import { findPgBin, startTempCluster, type TempCluster } from '../scripts/pg-cluster';
import { buildApp } from '../server/app';
import { ensureClientBuilt, ROOT } from '../server/start/client-build';
import { loadConfig } from '../server/config';
import { migrateDatabase, openDatabase } from '../server/db';
import { users } from '../server/db/schema';
import { openDataKeys } from '../server/privacy/keys';
import { spawnServer } from '../tests/support/server-command';
import { getUser } from '../server/users/service';
import { BENCH_DATA_KEY, DURATION_S, measure, runIfMain, withSteal } from './support';
import type autocannon from 'autocannon';

const CONNECTIONS = 50;
const BOT_TOKEN = '5550000000:BENCH-token';
const MB = 1024 * 1024;
/** Returning users of the cache-miss run (created beforehand, so each request is a sign-in upsert, not a first visit). */
const MISS_USERS = 2000;
const MISS_FIRST_ID = 43_000_000;

interface Run {
  rps: number;
  p50: number;
  p99: number;
  non2xx: number;
  errors: number;
  /** CPU steal during the run, % (see withSteal). */
  steal: number | null;
}

function toRun(r: autocannon.Result & { stealPct: number | null }): Run {
  return {
    rps: Math.round(r.requests.average),
    p50: r.latency.p50,
    p99: r.latency.p99,
    non2xx: r.non2xx,
    errors: r.errors,
    steal: r.stealPct,
  };
}

async function load(url: string, headers: Record<string, string>): Promise<Run> {
  return toRun(await measure(url, headers, CONNECTIONS));
}

// autocannon's CLI sends one fixed set of headers, so the cache-miss run uses its API, in a child process of its
// own like every other run: each request signs fresh init data (a new query_id) for one of MISS_USERS users.
const MISS_CLIENT = `
  import autocannon from 'autocannon';
  import { sign } from '@telegram-apps/init-data-node';
  const o = JSON.parse(process.env.BENCH_MISS);
  let n = 0;
  const setupRequest = (req) => {
    const i = n++;
    const user = { id: o.firstId + (i % o.users), first_name: 'Бенч' };
    req.headers = { ...req.headers, 'x-time-zone': 'Europe/Moscow', 'x-init-data': sign({ user, query_id: 'miss-' + i }, o.token, new Date()) };
    return req;
  };
  const result = await autocannon({ url: o.url, connections: o.connections, duration: o.duration, requests: [{ method: 'GET', setupRequest }] });
  process.stdout.write(JSON.stringify(result));`;

async function loadCacheMisses(url: string): Promise<Run> {
  return toRun(await withSteal(() => cacheMissClient(url)));
}

async function cacheMissClient(url: string): Promise<autocannon.Result> {
  const options = {
    url,
    token: BOT_TOKEN,
    connections: CONNECTIONS,
    duration: DURATION_S,
    users: MISS_USERS,
    firstId: MISS_FIRST_ID,
  };
  const child = spawn(process.execPath, ['--input-type=module', '-e', MISS_CLIENT], {
    cwd: ROOT,
    env: { ...process.env, BENCH_MISS: JSON.stringify(options) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  let err = '';
  child.stdout.on('data', (d) => (out += d));
  child.stderr.on('data', (d) => (err += d));
  const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
  if (code !== 0) throw new Error(`cache-miss client failed (exit ${code}): ${err || out}`);
  return JSON.parse(out) as autocannon.Result;
}

function mean(x: Run, y: Run): Run {
  const m = (a: number, b: number) => Math.round(((a + b) / 2) * 10) / 10;
  const steal = x.steal === null || y.steal === null ? null : m(x.steal, y.steal);
  return {
    rps: Math.round((x.rps + y.rps) / 2),
    p50: m(x.p50, y.p50),
    p99: m(x.p99, y.p99),
    non2xx: x.non2xx + y.non2xx,
    errors: x.errors + y.errors,
    steal,
  };
}

async function benchOne(kind: 'pglite' | 'postgres', env: Record<string, string>): Promise<void> {
  const config = loadConfig({
    ...env,
    BOT_TOKEN,
    LOG_LEVEL: 'warn',
    // The limiter stays on (its cost is part of an authenticated request) but cannot trip during the run.
    RATE_LIMIT_PER_MINUTE: String(1e9),
  });
  const database = await openDatabase(config);
  try {
    await migrateDatabase(database);
    await openDataKeys(database, config);
    const app = await buildApp({ database, config });
    // Bench-only: the same query function as /api/users/me, with no auth, no schema, no rate limit.
    app.get('/bench/bare', async (request) => getUser(database.db, Number((request.query as { id?: string }).id)));
    const initData = sign(
      { user: { id: 42_000_001, first_name: 'Бенч' } } as Parameters<typeof sign>[0],
      BOT_TOKEN,
      new Date(),
    );
    const headers = { 'x-init-data': initData, 'x-time-zone': 'Europe/Moscow' };
    const first = await app.inject({ method: 'GET', url: '/api/users/me', headers });
    if (first.statusCode !== 200) throw new Error(`GET /api/users/me → ${first.statusCode} ${first.body}`);
    const [u] = await database.db.select({ id: users.id }).from(users).where(eq(users.telegramId, 42_000_001));
    await database.db
      .insert(users)
      .values(Array.from({ length: MISS_USERS }, (_, i) => ({ telegramId: MISS_FIRST_ID + i, firstName: 'Бенч' })))
      .onConflictDoNothing();
    const address = await app.listen({ port: 0, host: '127.0.0.1' });
    try {
      // A B B A: the machine's background load drifts; alternating and averaging keeps the ratio fair.
      const bareUrl = `${address}/bench/bare?id=${u!.id}`;
      const authUrl = `${address}/api/users/me`;
      const b1 = await load(bareUrl, {});
      const a1 = await load(authUrl, headers);
      const a2 = await load(authUrl, headers);
      const b2 = await load(bareUrl, {});
      const bare = mean(b1, b2);
      const auth = mean(a1, a2);
      const rss = process.memoryUsage().rss / MB;
      // After the RSS figure (the budget is about serving sessions, not about thousands of new ones a second).
      const miss = await loadCacheMisses(authUrl);
      const ratio = auth.rps / bare.rps;
      const line = (name: string, r: Run, runs = 'mean of 2 runs', note = '') =>
        `[bench api ${kind}] ${name.padEnd(40)} ${String(r.rps).padStart(6)} req/s  p50 ${r.p50} ms  p99 ${r.p99} ms (${runs} × ${DURATION_S} s, ${CONNECTIONS} conns${note}${r.steal === null ? '' : `, CPU steal ${r.steal} %`})` +
        (r.non2xx || r.errors ? `  (non-2xx ${r.non2xx}, errors ${r.errors})` : '');
      console.log(line('bare route, same getUser', bare));
      console.log(line('auth GET /api/users/me', auth));
      console.log(
        line(
          'auth, init-data cache miss (HMAC+upsert)',
          miss,
          '1 run',
          `, fresh init data per request for ${MISS_USERS} users`,
        ),
      );
      console.log(
        `[bench api ${kind}] ratio auth/bare ${(ratio * 100).toFixed(1)} %` +
          (kind === 'postgres'
            ? ` (budget ≥ 60 %: ${ratio >= 0.6 ? 'met' : 'MISSED'}; p99 ≤ 50 ms: ${auth.p99 <= 50 ? 'met' : 'MISSED'})`
            : ''),
      );
      console.log(
        `[bench api ${kind}] RSS after the run ${rss.toFixed(0)} MB (the server process; autocannon runs in its own)` +
          (kind === 'pglite' ? ` (budget ≤ 500 MB: ${rss <= 500 ? 'met' : 'MISSED'})` : ''),
      );
    } finally {
      await app.close();
    }
  } finally {
    await database.close();
  }
}

/** Spawn `npm start (node --import tsx server/start/main.ts)` on an existing PGlite DATA_DIR (client built) and time it until it listens. */
async function coldStart(dataDir: string): Promise<{ ms: number; rebuilt: boolean }> {
  const started = performance.now();
  const env = {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    PORT: '0',
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
  };
  const child = spawnServer(ROOT, env);
  let out = '';
  try {
    return await new Promise<{ ms: number; rebuilt: boolean }>((resolve, reject) => {
      // The human lines (where to open, the client build) are on stderr; the JSON log on stdout.
      const read = (d: Buffer) => {
        out += d;
        if (out.includes('Открыть:'))
          resolve({ ms: performance.now() - started, rebuilt: out.includes('Сборка клиента') });
      };
      child.stdout.on('data', read);
      child.stderr.on('data', read);
      child.on('exit', (code) => reject(new Error(`server exited (${code}) before listening:\n${out}`)));
    });
  } finally {
    const exited = new Promise((r) => child.once('exit', r));
    child.kill('SIGTERM');
    await exited;
  }
}

export async function benchApi(): Promise<void> {
  const only = process.env.BENCH_API_ONLY; // 'pglite' | 'postgres' to run one half
  if (only !== 'postgres') await benchPglite();
  if (only !== 'pglite') await benchPostgres();
}

async function benchPglite(): Promise<void> {
  const dataDir = mkdtempSync(join(tmpdir(), 'bench-api-'));
  try {
    if (await ensureClientBuilt()) console.log('[bench api] client built for the cold-start measurement');
    // The first start creates the PGlite directory (initdb, ≈0.9 GB peak) in a child, as the first `npm start`
    // on a machine does; everything below reopens the existing directory, as every later start does.
    await coldStart(dataDir);
    const times: number[] = [];
    for (let i = 0; i < 6 && times.length < 3; i++) {
      const t = await coldStart(dataDir);
      // Someone edited src/ meanwhile and the start rebuilt the client: not the "after build" case; measure again.
      if (t.rebuilt)
        console.log(
          `[bench api] (a start rebuilt the client after a source change: ${(t.ms / 1000).toFixed(2)} s, not counted)`,
        );
      else times.push(t.ms);
    }
    console.log(
      `[bench api] cold start npm start (node --import tsx server/start/main.ts) → listening (existing PGlite dir, client built): ` +
        `${times.map((t) => (t / 1000).toFixed(2)).join(' s, ')} s (budget ≤ 5 s: ${times.length && Math.max(...times) <= 5000 ? 'met' : 'MISSED'})`,
    );
    console.log(`[bench api] RSS before the PGlite run ${(process.memoryUsage().rss / MB).toFixed(0)} MB`);
    await benchOne('pglite', { DATA_DIR: dataDir });
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

async function benchPostgres(): Promise<void> {
  const bin = findPgBin();
  if (!bin) {
    console.log('[bench api] PostgreSQL not installed: skipped the PostgreSQL half (apt-get install postgresql)');
    return;
  }
  let cluster: TempCluster | undefined;
  try {
    cluster = await startTempCluster(bin);
    await benchOne('postgres', { DATABASE_URL: cluster.url, DATA_ENCRYPTION_KEY: BENCH_DATA_KEY });
  } finally {
    cluster?.stop();
  }
}

runIfMain(import.meta.url, benchApi);
