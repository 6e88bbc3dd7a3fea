// The users domain's entry for its routes and the rest of the server: what signing in does beyond checking the init
// data (http/auth.ts checks it and calls these through the auth scope's `users` option, given by app.ts), the user,
// the settings, the bot's access and the reminder schedule.
import type { User } from '../../contract/users';
import type { Db, Tx } from '../db';
import type { AuthUser, SignIns, TelegramUser } from '../http/auth';
import type { Config } from '../config';
import { recordAllowsWrite } from './bot-access';
import { syncReminder } from './reminder-schedule';
import { upsertUser, userRowOf } from './repository';
import { keepTimeZone, mayChangeZone } from './time-zone';

/** PostgreSQL text refuses U+0000; Telegram signs whatever the profile holds, so drop it rather than fail every request. */
const storable = (s: string | undefined) => (s === undefined ? null : s.replaceAll('\u0000', ''));

/**
 * Upserts the Telegram user; a returning erased account gets back what it kept (trial used, today's quota, reminders
 * off), and the launch data's «allows write» is recorded.
 */
async function signIn(db: Db, config: Config, restore: RestoreErased, tg: TelegramUser): Promise<AuthUser> {
  const values = {
    telegramId: tg.id,
    firstName: storable(tg.first_name)!,
    lastName: storable(tg.last_name),
    username: storable(tg.username),
    photoUrl: storable(tg.photo_url),
    languageCode: storable(tg.language_code),
  };
  const user = await db.transaction(async (tx) => {
    const { created, id, telegramId, firstName, lastName, username, photoUrl, createdAt, timeZone, timeZoneSetAt } =
      await upsertUser(tx, values);
    // Someone who erased their data and comes back: the trial stays used, today's quota stays spent.
    if (created) await restore(tx, id, telegramId);
    return { id, telegramId, firstName, lastName, username, photoUrl, createdAt, timeZone, timeZoneSetAt };
  });
  if (tg.allows_write_to_pm === true) await recordAllowsWrite(db, user.id, config.defaultTimeZone);
  return user;
}

/**
 * The client sent another zone than the kept one and the last change is a day old (as far as this instance knows):
 * the database decides, and this instance's copy of the user (in the init-data cache) learns the outcome, so a
 * refused zone costs no query until the day has passed. A kept change moves the next reminder.
 */
async function keepZone(db: Db, config: Config, user: AuthUser, zone: string, now: Date): Promise<void> {
  if (!mayChangeZone(user, now)) return;
  const kept = await keepTimeZone(db, user.id, zone, now);
  user.timeZone = kept.timeZone;
  user.timeZoneSetAt = kept.timeZoneSetAt;
  if (kept.changed) await syncReminder(db, user.id, config.defaultTimeZone, now);
}

/**
 * What a new account of someone who erased their data gets back (privacy's restoreErasedAccount, given by app.ts:
 * privacy reads the users domain, not the other way round).
 */
export type RestoreErased = (tx: Tx, userId: number, telegramId: number) => Promise<unknown>;

/** The auth scope's `users` option (app.ts): sign-in's side effects on this database. */
export function signIns(db: Db, config: Config, restore: RestoreErased): SignIns {
  return {
    signIn: (tg) => signIn(db, config, restore, tg),
    keepZone: (user, zone, now) => keepZone(db, config, user, zone, now),
  };
}

/** The user row as the API returns it (GET /api/users/me, the API bench's bare route), or undefined. */
export async function getUser(db: Db, id: number): Promise<User | undefined> {
  const row = await userRowOf(db, id);
  if (!row) return undefined;
  return {
    telegram_id: row.telegramId,
    first_name: row.firstName,
    last_name: row.lastName,
    username: row.username,
    photo_url: row.photoUrl,
    created_at: row.createdAt.toISOString(),
  };
}

export { upsertDemoUser } from './repository';
export { recordBlocked, recordBotAccess, recordWroteToBot } from './bot-access';
export { nextSlot, remindable, REMINDER_HOURS, syncReminder, type Slot } from './reminder-schedule';
export { applyAddressRequest, changeSettings, settingsReply, updateSettings } from './settings';
export { recordActivity } from './activity';
export { addressRequestIn } from './address';
export { flagRisk, flagRiskIn, helpNearbyUntil, inRiskWindow, RISK_WINDOW_MS, riskFlaggedAt } from './risk';
