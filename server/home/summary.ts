// GET /api/home/summary's data: the streak, this week's moods and the insight, in the user's kept zone.
//
// One prepared statement, one round trip (bench/home.ts: p99 within the diary list's 30 ms at 20 connections):
// - the streak is the newest active day's row (the primary key, backwards, one row): when it is today or
//   yesterday, the run it belongs to counts day − run_start + 1 days (activity.ts keeps run_start as days are
//   written). Today counts once something happened: with nothing today the run simply ends yesterday;
// - the active days of the last 30 (at most 30 rows of the same index);
// - the check-ins of the last two weeks (the primary key, a range of days): a day's check-in is its mood;
// - moods of the last two weeks' diary entries (the (user_id, created_at) index, a few hundred rows at most) and
//   the ratings of practices finished in them (the (user_id, started_at) index), grouped into local days here
//   with Intl, as every other local date of the server is (cheaper than AT TIME ZONE and GROUP BY in the query:
//   0.5 against 0.8 ms of the database's time for the bench's heavy user).
import { eq, sql } from 'drizzle-orm';
import type { HomeSummary } from '../../contract/home';
import { MOODS } from '../../contract/constants';
import { preparedPerDb, type Db } from '../db';
import { users } from '../db/schema';
import { addDays, instantAt, localDate, weekdayOf } from '../http/time-zone';
import { chooseInsight } from './insight';

/** Two weeks for the insight; this week's Monday is always within them. */
const WINDOW_DAYS = 14;
const MONTH_DAYS = 30;

/** very_bad 1 … very_good 5. */
const moodValue = (mood: string) => MOODS.indexOf(mood as (typeof MOODS)[number]) + 1;

const p = (name: string) => sql.placeholder(name);

// Built once per database handle and executed with its placeholders (a named statement, planned once per
// connection with pg): the hottest read of home.
const summaryStatement = preparedPerDb((db) =>
  db
    .select({
      streak: sql<number>`coalesce((
        select case when day >= ${p('yesterday')}::date then day - run_start + 1 else 0 end
        from activity_days where user_id = ${p('userId')}::int and day <= ${p('today')}::date
        order by day desc limit 1), 0)`,
      activeToday: sql<boolean>`exists (
        select 1 from activity_days where user_id = ${p('userId')}::int and day = ${p('today')}::date)`,
      active30: sql<number>`(select count(*)::int from activity_days
        where user_id = ${p('userId')}::int and day > ${p('monthAgo')}::date and day <= ${p('today')}::date)`,
      /** [created_at in ms, mood] */
      moods: sql<Array<[number, string]> | null>`(
        select json_agg(json_build_array((extract(epoch from created_at) * 1000)::bigint, mood))
        from diary_entries
        where user_id = ${p('userId')}::int and created_at >= ${p('since')}::timestamptz and mood is not null)`,
      /** [day, mood]: the day's check-in (home's one tap), which is that day's mood when there is one. */
      checkIns: sql<Array<[string, string]> | null>`(
        select json_agg(json_build_array(day::text, mood))
        from check_ins
        where user_id = ${p('userId')}::int and day >= ${p('sinceDay')}::date and day <= ${p('today')}::date)`,
      ratings: sql<Array<[string, number]> | null>`(
        select json_agg(json_build_array(practice_type, rating))
        from practice_sessions
        where user_id = ${p('userId')}::int and started_at >= ${p('startedSince')}::timestamptz
          and completed_at >= ${p('since')}::timestamptz and rating is not null)`,
    })
    .from(users)
    .where(eq(users.id, sql`${p('userId')}::int`))
    .prepare('home_summary'),
);

export async function homeSummary(db: Db, userId: number, timeZone: string, now = new Date()): Promise<HomeSummary> {
  const today = localDate(timeZone, now);
  const monday = addDays(today, -weekdayOf(today));
  const windowStart = addDays(today, -(WINDOW_DAYS - 1));
  const sinceDay = windowStart < monday ? windowStart : monday;
  const since = instantAt(timeZone, sinceDay);
  const yesterday = addDays(today, -1);

  const [row] = await summaryStatement(db).execute({
    userId,
    today,
    yesterday,
    monthAgo: addDays(today, -MONTH_DAYS),
    since: since.toISOString(),
    sinceDay,
    // A practice finished in the window may have started the evening before it.
    startedSince: new Date(since.getTime() - 86_400_000).toISOString(),
  });
  if (!row) throw new Error(`homeSummary: no user ${userId}`);

  // Each local day's diary moods → their mean, one decimal; a day's check-in is the answer to «how is today» and
  // stands for the day instead (docs/decisions/0151).
  const byDay = new Map<string, number[]>();
  for (const [ms, mood] of row.moods ?? []) {
    const day = localDate(timeZone, new Date(Number(ms)));
    if (day <= today) byDay.set(day, [...(byDay.get(day) ?? []), moodValue(mood)]);
  }
  const moodOf = new Map(
    [...byDay].map(([day, moods]) => [day, Math.round((moods.reduce((a, b) => a + b, 0) / moods.length) * 10) / 10]),
  );
  for (const [day, mood] of row.checkIns ?? []) moodOf.set(day, moodValue(mood));

  return {
    today,
    streak: { days: row.streak, active_today: row.activeToday, active_days_30: row.active30 },
    week: Array.from({ length: 7 }, (_, i) => {
      const date = addDays(monday, i);
      return { date, mood: date > today ? null : (moodOf.get(date) ?? null) };
    }),
    insight: chooseInsight({
      today,
      moodDays: [...moodOf].filter(([day]) => day >= windowStart && day <= today).map(([day, mood]) => ({ day, mood })),
      ratings: (row.ratings ?? []).map(([practiceType, rating]) => ({ practiceType, rating: Number(rating) })),
    }),
  };
}
