// May the bot write to the user? Recorded from every sign of it: the init data's allows_write_to_pm at sign-in,
// the app's requestWriteAccess answer (PUT /api/users/me/bot-access), the user writing to the bot (/start or any
// message) or unblocking it, and Telegram's 403 when they blocked it. Each change puts the user's reminder
// schedule in step (server/reminders/schedule.ts).
import { and, eq, isNotNull, isNull, ne, or, type SQL } from 'drizzle-orm';
import type { Executor } from '../db';
import { users } from '../db/schema';
import { botCanWrite, syncReminder } from '../reminders/service';

/** Whether the bot can write to the user now (false for no such user): the settings' answer tells the app. */
export async function botCanWriteTo(db: Executor, userId: number): Promise<boolean> {
  const [row] = await db
    .select({ botAccess: users.botAccess, botBlockedAt: users.botBlockedAt })
    .from(users)
    .where(eq(users.id, userId));
  return row !== undefined && botCanWrite(row);
}

/** Applies `set` to the user matched by `where` when it changes something, then re-syncs their reminder. */
async function change(
  db: Executor,
  where: SQL,
  set: Partial<typeof users.$inferInsert>,
  defaultZone: string,
  now: Date,
): Promise<boolean> {
  const rows = await db.update(users).set(set).where(where).returning({ id: users.id });
  for (const { id } of rows) await syncReminder(db, id, defaultZone, now);
  return rows.length > 0;
}

const notAllowed = or(isNull(users.botAccess), ne(users.botAccess, 'allowed'))!;

/**
 * The user's own answer: requestWriteAccess 'allowed' (which also lifts a block recorded before — this is the
 * newest word; should Telegram still refuse, the next send records the block again) or 'denied'.
 */
export function recordBotAccess(db: Executor, userId: number, allowed: boolean, defaultZone: string, now = new Date()) {
  return allowed
    ? change(
        db,
        and(eq(users.id, userId), or(notAllowed, isNotNull(users.botBlockedAt)))!,
        { botAccess: 'allowed', botBlockedAt: null },
        defaultZone,
        now,
      )
    : change(
        db,
        and(eq(users.id, userId), or(isNull(users.botAccess), ne(users.botAccess, 'denied')))!,
        { botAccess: 'denied' },
        defaultZone,
        now,
      );
}

/**
 * allows_write_to_pm in the init data: the bot may write. It does not lift a block: Telegram keeps signing it for
 * a user who has blocked the bot since.
 */
export function recordAllowsWrite(db: Executor, userId: number, defaultZone: string, now = new Date()) {
  return change(db, and(eq(users.id, userId), notAllowed)!, { botAccess: 'allowed' }, defaultZone, now);
}

/** The user wrote to the bot (/start, any message) or unblocked it: it may write to them again. */
export function recordWroteToBot(db: Executor, telegramId: number, defaultZone: string, now = new Date()) {
  return change(
    db,
    and(eq(users.telegramId, telegramId), or(notAllowed, isNotNull(users.botBlockedAt)))!,
    { botAccess: 'allowed', botBlockedAt: null },
    defaultZone,
    now,
  );
}

/** Telegram answered 403 (blocked, or never started) or reported the bot kicked: no reminders until they write. */
export function recordBlocked(db: Executor, telegramId: number, defaultZone: string, now = new Date()) {
  return change(
    db,
    and(eq(users.telegramId, telegramId), isNull(users.botBlockedAt))!,
    { botBlockedAt: now },
    defaultZone,
    now,
  );
}
