// When a user's next reminder is due, and the one place that keeps `reminder_schedule` in step with what decides
// it: the reminder time in the settings, the kept time zone, and whether the bot may write to the user — all of
// them the user's, so the users domain keeps the row and the reminders domain only sends (docs/decisions/0261).
// Whatever changes one of those calls syncReminder; a user who may not get reminders has no row, so the scheduler
// (server/reminders/scheduler.ts) never even looks at them.
import type { ReminderTime } from '../../contract/settings';
import type { Executor } from '../db';
import { addDays, instantAt, localDate } from '../http/time-zone';
import { DEFAULT_SETTINGS } from '../../contract/settings';
import { deleteSchedule, reminderInputsRow, upsertSchedule } from './repository';

/** The local hour of each reminder time (the settings' morning 9:00, afternoon 14:00, evening 20:00). */
export const REMINDER_HOURS: Record<Exclude<ReminderTime, 'disabled'>, number> = {
  morning: 9,
  afternoon: 14,
  evening: 20,
};

export interface Slot {
  /** The local date (YYYY-MM-DD) the reminder is for. */
  day: string;
  /** The instant of `hour`:00 on that date in the zone. */
  dueAt: Date;
}

/**
 * The first `hour`:00 in `zone` later than `now`, on a date after `afterDay` when given (a day already reminded or
 * skipped): a reminder switched on at 20:30 is tomorrow's, not one right away.
 */
export function nextSlot(zone: string, hour: number, now: Date, afterDay?: string): Slot {
  let day = localDate(zone, now);
  if (afterDay && day <= afterDay) day = addDays(afterDay, 1);
  let dueAt = instantAt(zone, day, hour);
  while (dueAt.getTime() <= now.getTime()) {
    day = addDays(day, 1);
    dueAt = instantAt(zone, day, hour);
  }
  return { day, dueAt };
}

/** What decides a user's reminders. */
export interface ReminderInputs {
  reminderTime: ReminderTime;
  timeZone: string;
  botAccess: string | null;
  botBlockedAt: Date | null;
}

/** The bot can write to the user: they allowed it and have not blocked it since. */
export function botCanWrite(user: Pick<ReminderInputs, 'botAccess' | 'botBlockedAt'>): boolean {
  return user.botAccess === 'allowed' && user.botBlockedAt === null;
}

/** Reminders go only to users who chose a time and whom the bot can write to. */
export function remindable(inputs: ReminderInputs): inputs is ReminderInputs & {
  reminderTime: Exclude<ReminderTime, 'disabled'>;
} {
  return inputs.reminderTime !== 'disabled' && botCanWrite(inputs);
}

/** The user's reminder inputs (settings defaults and `defaultZone` where nothing is stored), or null: no such user. */
export async function reminderInputs(
  db: Executor,
  userId: number,
  defaultZone: string,
): Promise<ReminderInputs | null> {
  const row = await reminderInputsRow(db, userId);
  if (!row) return null;
  return {
    reminderTime: (row.reminderTime ?? DEFAULT_SETTINGS.reminder_time) as ReminderTime,
    timeZone: row.timeZone ?? defaultZone,
    botAccess: row.botAccess,
    botBlockedAt: row.botBlockedAt,
  };
}

/**
 * Puts the user's next reminder in `reminder_schedule`, or removes it when they may not get one. Called after any
 * change of the settings' reminder time, the kept zone or the bot's permission. A day that already had its
 * reminder is safe even if this schedules it again: reminder_deliveries' key lets only one through.
 */
export async function syncReminder(
  db: Executor,
  userId: number,
  defaultZone: string,
  now = new Date(),
): Promise<Slot | null> {
  const inputs = await reminderInputs(db, userId, defaultZone);
  if (!inputs || !remindable(inputs)) {
    await deleteSchedule(db, userId);
    return null;
  }
  const slot = nextSlot(inputs.timeZone, REMINDER_HOURS[inputs.reminderTime], now);
  await upsertSchedule(db, userId, slot);
  return slot;
}
