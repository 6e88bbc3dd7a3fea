// May the bot write to the user? Recorded from every sign of it: the init data's allows_write_to_pm at sign-in,
// the app's requestWriteAccess answer (PUT /api/users/me/bot-access), the user writing to the bot (/start or any
// message) or unblocking it, and Telegram's 403 when they blocked it. Each change puts the user's reminder
// schedule in step (server/users/reminder-schedule.ts).
import type { Executor } from '../db';
import { botCanWrite, syncReminder } from './reminder-schedule';
import { allowBot, allowBotByLaunch, allowBotByMessage, blockBot, botAccessOf, denyBot } from './repository';

/** Whether the bot can write to the user now (false for no such user): the settings' answer tells the app. */
export async function botCanWriteTo(db: Executor, userId: number): Promise<boolean> {
  const row = await botAccessOf(db, userId);
  return row !== undefined && botCanWrite(row);
}

/** Re-syncs the reminder of each user a change applied to (a statement that changed nothing returns none). */
async function resync(db: Executor, changed: Promise<Array<{ id: number }>>, defaultZone: string, now: Date) {
  const rows = await changed;
  for (const { id } of rows) await syncReminder(db, id, defaultZone, now);
  return rows.length > 0;
}

/**
 * The user's own answer: requestWriteAccess 'allowed' (which also lifts a block recorded before — this is the
 * newest word; should Telegram still refuse, the next send records the block again) or 'denied'.
 */
export function recordBotAccess(db: Executor, userId: number, allowed: boolean, defaultZone: string, now = new Date()) {
  return resync(db, allowed ? allowBot(db, userId) : denyBot(db, userId), defaultZone, now);
}

/**
 * allows_write_to_pm in the init data: the bot may write. It does not lift a block: Telegram keeps signing it for
 * a user who has blocked the bot since.
 */
export function recordAllowsWrite(db: Executor, userId: number, defaultZone: string, now = new Date()) {
  return resync(db, allowBotByLaunch(db, userId), defaultZone, now);
}

/** The user wrote to the bot (/start, any message) or unblocked it: it may write to them again. */
export function recordWroteToBot(db: Executor, telegramId: number, defaultZone: string, now = new Date()) {
  return resync(db, allowBotByMessage(db, telegramId), defaultZone, now);
}

/** Telegram answered 403 (blocked, or never started) or reported the bot kicked: no reminders until they write. */
export function recordBlocked(db: Executor, telegramId: number, defaultZone: string, now = new Date()) {
  return resync(db, blockBot(db, telegramId, now), defaultZone, now);
}
