// The days a user did something for themselves — checked in, wrote in the diary, sent a chat message, finished a practice —
// as local dates in their kept zone. Home's streak reads them, and a day on the list gets no reminder. Each domain
// records its own through server/users/service.ts: the days are the user's, whatever they did.
import type { Executor } from '../db';
import { localDate } from '../http/time-zone';
import { insertActivityDay } from './repository';

/**
 * Records that the user was active on their local day at `at` — once a day (ON CONFLICT DO NOTHING), with the start
 * of the run it continues: the day before's run start, or itself. A day written after the day that follows it
 * (a zone moved west, two requests across midnight) joins that later run to its own, so runs stay whole.
 */
export async function recordActivity(db: Executor, userId: number, timeZone: string, at = new Date()): Promise<void> {
  const day = localDate(timeZone, at);
  await insertActivityDay(db, userId, day);
}
