// The days a user did something for themselves — wrote in the diary, sent a chat message, finished a practice —
// as local dates in their kept zone. Home's streak walks them, and a day on the list gets no reminder.
import { and, eq } from 'drizzle-orm';
import type { Executor } from '../db';
import { activityDays } from '../db/schema';
import { localDate } from '../http/time-zone';

/** Records that the user was active on their local day at `at` (idempotent: one row per day). */
export async function recordActivity(db: Executor, userId: number, timeZone: string, at = new Date()): Promise<void> {
  await db
    .insert(activityDays)
    .values({ userId, day: localDate(timeZone, at) })
    .onConflictDoNothing();
}

/** Whether the user was active on the local date `day`. */
export async function wasActive(db: Executor, userId: number, day: string): Promise<boolean> {
  const [row] = await db
    .select({ day: activityDays.day })
    .from(activityDays)
    .where(and(eq(activityDays.userId, userId), eq(activityDays.day, day)));
  return row !== undefined;
}
