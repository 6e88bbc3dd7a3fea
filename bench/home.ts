/**
 * Home summary budget: GET /api/home/summary on PostgreSQL with 100 000 diary entries in the table answers
 * within the diary list's budget, p99 ≤ 30 ms at 20 connections. The measured user is a heavy one: 10 000 entries
 * with moods (one every two hours, so two weeks hold 168 of them), an unbroken 800-day streak and two rated practices
 * a day. Real app in-process on loopback, autocannon against it, a
 * throwaway PostgreSQL cluster. Prints figures; asserts nothing. Run alone: `npx tsx bench/home.ts`.
 */
import { sign } from '@telegram-apps/init-data-node';
import { sql } from 'drizzle-orm';
import { DIARY_P99_BUDGET_MS } from './diary';
import { withPostgresApp } from './postgres-app';
import { DURATION_S, measure, runIfMain, sealBulkLoaded } from './support';

const BENCH_BOT_TOKEN = '7000000016:home-bench-token';
const USERS = 10;
const HEAVY_USER_ENTRIES = 10_000;
const TOTAL_ENTRIES = 100_000;
const STREAK_DAYS = 800;
const CONNECTIONS = 20;

const initDataFor = (i: number) =>
  sign({ user: { id: 9_160_000 + i, first_name: `Home${i}` } } as never, BENCH_BOT_TOKEN, new Date());

export async function benchHome(): Promise<Array<{ name: string; p99: number; withinBudget: boolean }>> {
  const env = {
    BOT_TOKEN: BENCH_BOT_TOKEN,
    RATE_LIMIT_PER_MINUTE: '0', // the bench measures the summary, not the limiter
    REMINDER_TICK_MS: '0',
  };
  const results = await withPostgresApp('home', env, async ({ app, database }) => {
    const { db } = database;
    const tz = { 'X-Time-Zone': 'Europe/Moscow' };
    // Users come into being through the auth hook, as in production (which also keeps their zone).
    for (let i = 0; i < USERS; i++) {
      const res = await app.inject({
        method: 'GET',
        url: '/api/home/summary',
        headers: { 'X-Init-Data': initDataFor(i), ...tz },
      });
      if (res.statusCode !== 200) throw new Error(`user ${i}: ${res.statusCode} ${res.body}`);
    }
    const seedStart = Date.now();
    await db.execute(sql`
      create temp table bench_users as
      select id, row_number() over (order by telegram_id) - 1 as i from users where telegram_id >= 9160000`);
    await db.execute(sql`
      insert into diary_entries (user_id, title, content, mood, created_at)
      select (select id from bench_users where i = 0), convert_to('Запись ' || g, 'UTF8'),
             convert_to('Сегодня был обычный день. ' || g, 'UTF8'),
             (array['very_bad','bad','neutral','good','very_good'])[1 + g % 5], now() - g * interval '2 hours'
      from generate_series(1, ${HEAVY_USER_ENTRIES}) g`);
    await db.execute(sql`
      insert into diary_entries (user_id, content, mood, created_at)
      select (select id from bench_users where i = 1 + g % ${USERS - 1}), convert_to('Текст ' || g, 'UTF8'),
             (array['bad','neutral','good'])[1 + g % 3], now() - g * interval '30 seconds'
      from generate_series(1, ${TOTAL_ENTRIES - HEAVY_USER_ENTRIES}) g`);
    await db.execute(sql`
      insert into activity_days (user_id, day, run_start)
      select (select id from bench_users where i = 0), (now() at time zone 'Europe/Moscow')::date - g,
             (now() at time zone 'Europe/Moscow')::date - ${STREAK_DAYS - 1}::int
      from generate_series(0, ${STREAK_DAYS - 1}) g`);
    await db.execute(sql`
      insert into practice_sessions (user_id, practice_type, started_at, completed_at, rating)
      select (select id from bench_users where i = 0), (array['box_breathing','grounding_54321'])[1 + g % 2],
             now() - g * interval '12 hours', now() - g * interval '12 hours' + interval '5 minutes', 3 + g % 3
      from generate_series(1, ${STREAK_DAYS * 2}) g`);
    await sealBulkLoaded(db, '[bench home]');
    await db.execute(sql`vacuum analyze`); // what autovacuum does after a bulk load
    console.log(
      `[bench home] seeded ${TOTAL_ENTRIES} entries, ${STREAK_DAYS} active days in ${Date.now() - seedStart} ms`,
    );

    const address = await app.listen({ port: 0, host: '127.0.0.1' });
    const results = [];
    for (const [name, path] of [
      ['home summary (heavy user)', '/api/home/summary'],
      // Same auth hook, one primary-key query: what any authenticated call costs on this machine.
      ['baseline: GET /api/users/me', '/api/users/me'],
    ] as const) {
      const r = await measure(address + path, { 'X-Init-Data': initDataFor(0), ...tz }, CONNECTIONS);
      const withinBudget = r.latency.p99 <= DIARY_P99_BUDGET_MS && r.non2xx === 0;
      results.push({ name, p99: r.latency.p99, withinBudget });
      console.log(
        `[bench home] ${name}: GET ${path} @${CONNECTIONS} conns, ${DURATION_S}s: p50 ${r.latency.p50} ms, ` +
          `p99 ${r.latency.p99} ms, ${Math.round(r.requests.average)} req/s, non-2xx ${r.non2xx}` +
          `${r.stealPct === null ? '' : `, CPU steal ${r.stealPct} %`} → ${withinBudget ? 'within' : 'OVER'} budget (p99 ≤ ${DIARY_P99_BUDGET_MS} ms)`,
      );
    }
    return results;
  });
  return results ?? [];
}

runIfMain(import.meta.url, benchHome);
