// The check-in's rules: the day is the user's local date at the request's instant, free on every plan (no quota,
// never a 402), a day with a check-in is an active day (home's streak; no reminder that day), and a note with words
// of suicide or self-harm starts the chat's gentle check-in like any other text the user writes.
import type { CheckIn, CheckInInput, CheckInToday } from '../../contract/checkin';
import { dailyLimit, effectiveTier } from '../billing/service';
import type { Db } from '../db';
import { recordActivity } from '../users/service';
import { localDate } from '../http/time-zone';
import { flagRiskIn } from '../users/service';
import { checkInsBetween, findCheckIn, upsertCheckIn } from './repository';

export { checkInsBetween };

export async function checkInToday(db: Db, userId: number, timeZone: string, now: Date): Promise<CheckInToday> {
  const day = localDate(timeZone, now);
  const [checkIn, tier] = await Promise.all([findCheckIn(db, userId, day), effectiveTier(db, userId, now)]);
  return { day, check_in: checkIn, diary_available: dailyLimit(tier, 'diary_entries') !== null };
}

/** Today's check-in, made or changed, and the day counted as active — in one transaction. */
export async function saveCheckIn(
  db: Db,
  userId: number,
  timeZone: string,
  now: Date,
  input: CheckInInput,
): Promise<CheckIn> {
  await flagRiskIn(db, userId, input.note);
  const day = localDate(timeZone, now);
  return db.transaction(async (tx) => {
    const checkIn = await upsertCheckIn(tx, userId, day, input, now);
    await recordActivity(tx, userId, timeZone, now);
    return checkIn;
  });
}

/** Does the user's plan have the diary now (the diary list shows check-ins as mood marks only then). */
export async function hasDiary(db: Db, userId: number, now: Date): Promise<boolean> {
  return dailyLimit(await effectiveTier(db, userId, now), 'diary_entries') !== null;
}
