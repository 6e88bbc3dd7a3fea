// GET /api/home/summary's data: the streak, this week's moods and the insight, in the user's kept zone.
//
// One prepared statement (repository.ts), one round trip (bench/home.ts: p99 within the diary list's 30 ms at 20 connections):
// - the streak is the newest active day's row (the primary key, backwards, one row): when it is today or
//   yesterday, the run it belongs to counts day − run_start + 1 days (activity.ts keeps run_start as days are
//   written). Today counts once something happened: with nothing today the run simply ends yesterday;
// - the active days of the last 30 (at most 30 rows of the same index);
// - the check-ins of the last two weeks (the primary key, a range of days): a day's check-in is its mood;
// - moods of the last two weeks' diary entries (the (user_id, created_at) index, a few hundred rows at most) and
//   the ratings of practices finished in them (the (user_id, started_at) index), grouped into local days here
//   with Intl, as every other local date of the server is (cheaper than AT TIME ZONE and GROUP BY in the query:
//   0.5 against 0.8 ms of the database's time for the bench's heavy user).
import type { HomeSummary } from '../../contract/home';
import { MOODS } from '../../contract/constants';
import type { Db } from '../db';
import { addDays, instantAt, localDate, weekdayOf } from '../http/time-zone';
import { chooseInsight } from './insight';
import { summaryRow } from './repository';

/** Two weeks for the insight; this week's Monday is always within them. */
const WINDOW_DAYS = 14;
const MONTH_DAYS = 30;

/** very_bad 1 … very_good 5. */
const moodValue = (mood: string) => MOODS.indexOf(mood as (typeof MOODS)[number]) + 1;

export async function homeSummary(db: Db, userId: number, timeZone: string, now = new Date()): Promise<HomeSummary> {
  const today = localDate(timeZone, now);
  const monday = addDays(today, -weekdayOf(today));
  const windowStart = addDays(today, -(WINDOW_DAYS - 1));
  const sinceDay = windowStart < monday ? windowStart : monday;
  const since = instantAt(timeZone, sinceDay);
  const yesterday = addDays(today, -1);

  const row = await summaryRow(db, {
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
