// Home's one read: the streak, the active days of the month, and the last two weeks' moods, check-ins and practice
// ratings of one user, in one prepared statement (one round trip; why each part is cheap: server/home/service.ts).
import { eq, sql } from 'drizzle-orm';
import { preparedPerDb, type Db } from '../db';
import { users } from '../db/schema';

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

export interface SummaryParams {
  userId: number;
  /** Local dates (YYYY-MM-DD) in the user's zone. */
  today: string;
  yesterday: string;
  monthAgo: string;
  sinceDay: string;
  /** Instants (ISO). */
  since: string;
  startedSince: string;
}

/** The summary's raw row, or undefined when there is no such user. */
export async function summaryRow(db: Db, params: SummaryParams) {
  const [row] = await summaryStatement(db).execute({ ...params });
  return row;
}
