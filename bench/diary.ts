/**
 * Diary list budget: with 10 000 entries for one user and 100 000 in the table, GET /api/diary/list
 * (first page, and a favourites page) on PostgreSQL answers with p99 ≤ 30 ms at 20 connections.
 * Starts a throwaway PostgreSQL cluster, migrates, creates the users through the real auth hook, bulk-seeds the
 * entries with INSERT … SELECT generate_series, runs the real app in-process on loopback and autocannon against
 * it. Prints figures; asserts nothing. Run alone: `npx tsx bench/diary.ts`.
 */
import { sign } from '@telegram-apps/init-data-node';
import { sql } from 'drizzle-orm';
import { withPostgresApp } from './postgres-app';
import { DURATION_S, measure, runIfMain, sealBulkLoaded } from './support';

export const DIARY_P99_BUDGET_MS = 30;
const BENCH_BOT_TOKEN = '7000000002:diary-bench-token';
const USERS = 10; // user 0 has 10 000 entries; users 1..9 share the other 90 000
const HEAVY_USER_ENTRIES = 10_000;
const TOTAL_ENTRIES = 100_000;
const CONNECTIONS = 20;

export interface DiaryBenchResult {
  name: string;
  p50: number;
  p99: number;
  rps: number;
  non2xx: number;
  withinBudget: boolean;
  /** CPU steal during the run, % (see withSteal in bench/support.ts). */
  steal: number | null;
}

const tgUser = (i: number) => ({ id: 9_100_000 + i, first_name: `Bench${i}` });
const initDataFor = (i: number) => sign({ user: tgUser(i) } as never, BENCH_BOT_TOKEN, new Date());

export async function benchDiary(): Promise<DiaryBenchResult[]> {
  const env = {
    BOT_TOKEN: BENCH_BOT_TOKEN,
    RATE_LIMIT_PER_MINUTE: '0', // the bench measures the list, not the limiter
  };
  const results = await withPostgresApp('diary', env, async ({ app, database }) => {
    const tz = { 'X-Time-Zone': 'Europe/Moscow' };

    // Users come into being the way they do in production: through the auth hook on their first call.
    const userIds: number[] = [];
    for (let i = 0; i < USERS; i++) {
      const res = await app.inject({
        method: 'GET',
        url: '/api/diary/list',
        headers: { 'X-Init-Data': initDataFor(i), ...tz },
      });
      if (res.statusCode !== 200) throw new Error(`user ${i} could not list: ${res.statusCode} ${res.body}`);
    }
    const rows = await database.db.execute<{ id: number }>(
      sql`select id from users where telegram_id >= ${tgUser(0).id} and telegram_id < ${tgUser(USERS).id} order by telegram_id`,
    );
    for (const r of (rows as unknown as { rows?: Array<{ id: number }> }).rows ??
      (rows as unknown as Array<{ id: number }>)) {
      userIds.push(Number(r.id));
    }
    if (userIds.length !== USERS) throw new Error(`expected ${USERS} users, found ${userIds.length}`);

    const seedStart = Date.now();
    // Heavy user: 10 000 entries, one a minute back from now, every 10th a favourite.
    await database.db.execute(sql`
      insert into diary_entries (user_id, title, content, mood, is_favorite, created_at)
      select ${userIds[0]}, convert_to('Запись ' || g, 'UTF8'), convert_to(repeat('Сегодня был обычный день. ', 8) || g, 'UTF8'),
             (array['very_bad','bad','neutral','good','very_good'])[1 + g % 5], g % 10 = 0,
             now() - g * interval '1 minute'
      from generate_series(1, ${HEAVY_USER_ENTRIES}) g`);
    // Everyone else: the remaining 90 000 spread round-robin.
    const others = userIds.slice(1);
    await database.db.execute(sql`
      insert into diary_entries (user_id, title, content, is_favorite, created_at)
      select (${sql.raw(`array[${others.join(',')}]`)})[1 + g % ${others.length}], null, convert_to('Текст ' || g, 'UTF8'), g % 7 = 0,
             now() - g * interval '30 seconds'
      from generate_series(1, ${TOTAL_ENTRIES - HEAVY_USER_ENTRIES}) g`);
    // Bulk-loaded rows bypass the API, so build their counter rows the way the migration's backfill does.
    await database.db.execute(sql`
      insert into diary_counters (user_id, total, favorites)
      select user_id, count(*)::int, (count(*) filter (where is_favorite))::int from diary_entries group by user_id
      on conflict (user_id) do update set total = excluded.total, favorites = excluded.favorites`);
    await sealBulkLoaded(database.db, '[bench diary]');
    // What autovacuum does after a bulk load (PostgreSQL ≥ 13 vacuums on inserts too): statistics and the
    // visibility map, which lets the count run as an index-only scan.
    await database.db.execute(sql`vacuum analyze diary_entries`);
    console.log(
      `[bench diary] seeded ${TOTAL_ENTRIES} entries (${HEAVY_USER_ENTRIES} for one user) in ${Date.now() - seedStart} ms`,
    );

    const address = await app.listen({ port: 0, host: '127.0.0.1' });
    const headers = { 'X-Init-Data': initDataFor(0), ...tz };
    const results: DiaryBenchResult[] = [];
    for (const [name, path] of [
      ['first page', '/api/diary/list?skip=0&limit=20'],
      ['favourites page', '/api/diary/list?skip=0&limit=20&is_favorite=true'],
      // Same auth hook, one primary-key query: what any authenticated call costs on this machine.
      ['baseline: GET /api/users/me', '/api/users/me'],
    ] as const) {
      const r = await measure(address + path, headers, CONNECTIONS);
      const result: DiaryBenchResult = {
        name,
        p50: r.latency.p50,
        p99: r.latency.p99,
        rps: Math.round(r.requests.average),
        non2xx: r.non2xx,
        steal: r.stealPct,
        withinBudget: r.latency.p99 <= DIARY_P99_BUDGET_MS && r.non2xx === 0,
      };
      results.push(result);
      console.log(
        `[bench diary] GET ${path} @${CONNECTIONS} conns, ${DURATION_S}s: p50 ${result.p50} ms, p99 ${result.p99} ms, ` +
          `${result.rps} req/s, non-2xx ${result.non2xx}${result.steal === null ? '' : `, CPU steal ${result.steal} %`} → ${result.withinBudget ? 'within' : 'OVER'} budget (p99 ≤ ${DIARY_P99_BUDGET_MS} ms)`,
      );
    }
    return results;
  });
  return results ?? [];
}

runIfMain(import.meta.url, benchDiary);
