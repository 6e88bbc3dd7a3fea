// The fault run: two server instances on one PostgreSQL behind a round-robin proxy (tests/support), a steady load
// of diary writes, chat sends and reads (8 workers), and the reminder loop of both instances sending 1 500 due
// reminders to a loopback Bot API meanwhile. Then, one after another:
//   (a) SIGTERM one instance → it drains; the target is 0 failed requests; it is started again;
//   (b) kill -9 the other → only the requests it had in flight may fail; started again;
//   (c) PostgreSQL restarted (pg_ctl restart -m fast), then every backend terminated (pg_terminate_backend) → no
//       instance exits, the requests caught answer 503, and the load recovers within seconds.
// Afterwards every acknowledged write must be in the database and no user may have had two reminders.
// `npm run bench` runs it with the others; alone: `npx tsx bench/faults.ts` (or `npx tsx bench/run.ts faults`).
import pg from 'pg';
import { findPgBin, startTempCluster, type TempCluster } from '../scripts/pg-cluster';
import { startBotApi, type FakeBotApi } from '../tests/support/bot-api';
import { byStatus, startLoad, type Outcome } from '../tests/support/load';
import { startRoundRobinProxy, type RoundRobinProxy } from '../tests/support/round-robin-proxy';
import { startServerProcess, type ServerProcess } from '../tests/support/server-process';
import { BENCH_DATA_KEY, runIfMain } from './support';

const BOT_TOKEN = '1234567890:BENCH-faults-token';
const WORKERS = 8;
const REMINDERS = 1_500;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const ok = (o: Outcome) => typeof o.status === 'number' && o.status >= 200 && o.status < 300;

async function query<T extends pg.QueryResultRow>(url: string, sql: string, params: unknown[] = []): Promise<T[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<T>(sql, params)).rows;
  } finally {
    await client.end();
  }
}

/** Users whose evening reminder (20:00, the default) is due now: a fixed-offset zone where it is 20:xx now. */
async function seedReminders(url: string, count: number): Promise<void> {
  const offset = (20 - new Date().getUTCHours() + 24) % 24; // local = UTC + offset
  const hours = offset > 14 ? offset - 24 : offset;
  const zone = hours === 0 ? 'Etc/UTC' : `Etc/GMT${hours > 0 ? '-' : '+'}${Math.abs(hours)}`; // POSIX signs
  const local = new Date(Date.now() + hours * 3_600_000);
  const day = local.toISOString().slice(0, 10);
  const due = new Date(
    Date.UTC(local.getUTCFullYear(), local.getUTCMonth(), local.getUTCDate(), 20) - hours * 3_600_000,
  );
  await query(
    url,
    `insert into users (telegram_id, first_name, time_zone, bot_access)
       select 8000000 + g, 'Гость', $1, 'allowed' from generate_series(1, $2::int) g`,
    [zone, count],
  );
  await query(
    url,
    `insert into reminder_schedule (user_id, day, due_at) select id, $1, $2 from users where telegram_id > 8000000`,
    [day, due],
  );
}

interface Window {
  name: string;
  from: number;
  to: number;
  note: string;
}

export async function benchFaults(): Promise<void> {
  const bin = findPgBin();
  if (!bin) {
    console.log('[bench faults] PostgreSQL is not installed: skipped (apt-get install postgresql)');
    return;
  }
  let cluster: TempCluster | undefined;
  let api: FakeBotApi | undefined;
  let proxy: RoundRobinProxy | undefined;
  const instances: ServerProcess[] = [];
  try {
    cluster = await startTempCluster(bin);
    api = await startBotApi();
    // A send takes a moment, as Telegram's does: the reminders spread over the whole run.
    let messageId = 0;
    api.answer('sendMessage', async (p) => {
      await sleep(50);
      return {
        message_id: ++messageId,
        date: Math.floor(Date.now() / 1000),
        chat: { id: p.chat_id, type: 'private' },
        text: p.text,
      };
    });
    const env = {
      DATABASE_URL: cluster.url,
      BOT_TOKEN,
      DATA_ENCRYPTION_KEY: BENCH_DATA_KEY,
      TELEGRAM_API_ROOT: api.url,
      REMINDER_TICK_MS: '250',
      PG_POOL_MAX: '4',
      DRAIN_GRACE_MS: '1000',
      SHUTDOWN_TIMEOUT_MS: '15000',
    };
    const start = () => startServerProcess(env);
    instances.push(await start()); // migrates
    await seedReminders(cluster.url, REMINDERS);
    instances.push(await start());
    proxy = await startRoundRobinProxy(instances.map((i) => i.url));
    const load = startLoad({ url: () => proxy!.url, botToken: BOT_TOKEN, workers: WORKERS, firstUserId: 1_000_000 });
    const begun = performance.now();
    const now = () => performance.now() - begun;
    const windows: Window[] = [];
    await sleep(5_000);

    // (a) SIGTERM one instance.
    let from = now();
    const a = instances[0]!;
    a.child.kill('SIGTERM');
    const aCode = await a.exited;
    instances[0] = await start();
    proxy.upstreams[0]!.url = instances[0].url;
    await sleep(2_000);
    windows.push({ name: '(a) SIGTERM one', from, to: now(), note: `exit code ${aCode}` });

    // (b) kill -9 the other.
    await sleep(3_000);
    from = now();
    const b = instances[1]!;
    const inFlight = proxy.upstreams[1]!.inFlight;
    b.child.kill('SIGKILL');
    await b.exited;
    instances[1] = await start();
    proxy.upstreams[1]!.url = instances[1].url;
    await sleep(2_000);
    windows.push({ name: '(b) kill -9 one', from, to: now(), note: `${inFlight} in flight at the kill` });

    // (c) PostgreSQL restarted, then every backend terminated.
    await sleep(3_000);
    from = now();
    await cluster.restart();
    await sleep(3_000);
    const [terminated] = await query<{ n: number }>(
      cluster.url,
      `select count(pg_terminate_backend(pid))::int as n from pg_stat_activity
        where pid <> pg_backend_pid() and backend_type = 'client backend'`,
    );
    await sleep(5_000);
    const exits = instances.map((i) => i.child.exitCode ?? i.child.signalCode);
    windows.push({
      name: '(c) PostgreSQL restart + terminate',
      from,
      to: now(),
      note: `${terminated!.n} backends terminated; instances exited: ${exits.filter((e) => e !== null).length}`,
    });
    await sleep(3_000);
    const report = await load.stop();
    const seconds = now() / 1000;

    // Let the reminder loops finish what is due (a kill -9 mid-send leaves its rows leased for LEASE_MS: counted).
    for (let last = -1; api.callsOf('sendMessage').length !== last;) {
      last = api.callsOf('sendMessage').length;
      await sleep(2_000);
    }

    console.log(
      `[bench faults] ${report.outcomes.length} requests in ${seconds.toFixed(0)} s through the proxy to 2 instances ` +
        `(${WORKERS} workers; ${proxy.retried} retried on the other instance after a refused connection)`,
    );
    for (const w of windows) {
      const inside = report.outcomes.filter((o) => o.at >= w.from && o.at <= w.to);
      const failed = inside.filter((o) => !ok(o) && o.status !== 409);
      const lastFailure = Math.max(...failed.map((o) => o.at + o.ms), w.from);
      console.log(
        `[bench faults] ${w.name}: ${inside.length} requests, ${failed.length} failed ${JSON.stringify(byStatus(failed))}; ` +
          `failures ended ${((lastFailure - w.from) / 1000).toFixed(1)} s after the fault began; ${w.note}`,
      );
    }
    const durations = report.outcomes
      .filter(ok)
      .map((o) => o.ms)
      .sort((x, y) => x - y);
    const pct = (p: number) => durations[Math.min(durations.length - 1, Math.floor((p / 100) * durations.length))]!;
    console.log(
      `[bench faults] latency of the successful ones: p50 ${pct(50).toFixed(0)} ms, p99 ${pct(99).toFixed(0)} ms`,
    );

    const [diary] = await query<{ n: number }>(
      cluster.url,
      'select count(*)::int as n from diary_entries where client_id = any($1)',
      [report.diary.map((w) => w.clientId)],
    );
    const [chat] = await query<{ n: number }>(
      cluster.url,
      `select count(*)::int as n from chat_messages where role = 'user' and client_id = any($1)`,
      [report.chat.map((w) => w.clientId)],
    );
    console.log(
      `[bench faults] acknowledged writes present afterwards: diary ${diary!.n} of ${report.diary.length}, ` +
        `chat ${chat!.n} of ${report.chat.length} (missing: ${report.diary.length - diary!.n + report.chat.length - chat!.n})`,
    );

    const perUser = new Map<unknown, number>();
    for (const call of api.callsOf('sendMessage')) perUser.set(call.chat_id, (perUser.get(call.chat_id) ?? 0) + 1);
    const twice = [...perUser.values()].filter((n) => n > 1).length;
    const statuses = await query<{ status: string; n: number }>(
      cluster.url,
      'select status, count(*)::int as n from reminder_deliveries group by status order by status',
    );
    const [pending] = await query<{ n: number }>(
      cluster.url,
      `select count(*)::int as n from reminder_schedule s where s.day = (select min(day) from reminder_schedule)
         and not exists (select 1 from reminder_deliveries d where d.user_id = s.user_id and d.day = s.day)`,
    );
    console.log(
      `[bench faults] reminders: ${REMINDERS} due, ${perUser.size} users messaged, ${twice} messaged twice; ` +
        `deliveries ${statuses.map((s) => `${s.status} ${s.n}`).join(', ')}; not yet decided ${pending!.n}`,
    );
  } finally {
    for (const i of instances) if (i.child.exitCode === null) i.child.kill('SIGKILL');
    await proxy?.close();
    await api?.close();
    cluster?.stop();
  }
}

runIfMain(import.meta.url, benchFaults);
