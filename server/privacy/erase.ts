// «Удалить все мои данные»: DELETE /api/users/me erases every row of the user in one transaction — the users row,
// and with it (ON DELETE CASCADE) settings, subscription, usage, diary, chats, practices, grants and invoices.
// Payments and refunds stay as the seller's accounting records, detached from the account (user_id set null) but
// keeping the payer's Telegram id (docs/payments.md).
//
// Erasing must not reset limits: the trial is once per Telegram user and the daily quota spent today stays spent.
// Nor may it switch reminders back on: the app signs in again right after the erase, and a new account's default
// (evening) would have the bot write that very evening to someone who has just asked to be forgotten. So one
// erased_accounts row keeps only that — whether the trial was used and the usage of the days that may still be
// someone's today; the row itself says "erased: no reminders until chosen again" — under a keyed hash of the
// Telegram id (HMAC-SHA256 with a key derived from the database's sealed secret, server/privacy/keys.ts), not the id
// itself. The next sign-in of that Telegram user moves it back into the new account (restoreErasedAccount, in the
// sign-in's transaction) and the row is gone.
import { createHmac } from 'node:crypto';
import type { Db, Executor, Tx } from '../db';
import { lockUser } from '../billing/service';
import { localDate } from '../http/time-zone';
import { updateSettings } from '../users/service';
import { derivedKey } from './keys';
import {
  deleteUserAndNotify,
  erasedAccountExists,
  erasedUserFacts,
  keepErasedAccount,
  markTrialUsed,
  restoreUsage,
  takeErasedAccount,
  type KeptUsage,
} from './repository';

/** The NOTIFY channel an erase announces the erased users.id on. */
export const ERASED_USERS_CHANNEL = 'erased_users';

/** The keyed hash an erased account is kept under. */
function telegramRef(telegramId: number): Buffer {
  return createHmac('sha256', derivedKey('erased-account-ref')).update(String(telegramId)).digest();
}

/** The earliest date that is still "today" somewhere on Earth (UTC−12): older days can no longer be spent. */
const earliestToday = (now: Date) => localDate('Etc/GMT+12', now);

/** Erases the user; false when there was no such user (already erased). */
export async function eraseUser(db: Db, userId: number, now = new Date()): Promise<boolean> {
  return db.transaction(async (tx) => {
    // The billing lock: a payment or trial being granted right now finishes first, or waits and finds no user.
    await lockUser(tx, userId);
    const user = await erasedUserFacts(tx, userId, earliestToday(now));
    if (!user) return false;
    await keepErasedAccount(tx, {
      telegramRef: telegramRef(user.telegramId),
      trialUsed: user.trialUsedAt !== null,
      usage: user.usage,
    });
    // Every instance's init-data cache forgets the account (erase-notices.ts); sent only if this commits.
    await deleteUserAndNotify(tx, userId, ERASED_USERS_CHANNEL);
    return true;
  });
}

/**
 * A new account of a Telegram user who erased their data before: the trial stays used, today's spent quota stays
 * spent, and reminders stay off until the user chooses a time. Call inside the transaction that created the users
 * row (before anything syncs its reminder).
 */
export async function restoreErasedAccount(tx: Tx, userId: number, telegramId: number, now = new Date()) {
  const kept = await takeErasedAccount(tx, telegramRef(telegramId));
  if (!kept) return;
  await updateSettings(tx, userId, { reminder_time: 'disabled' });
  if (kept.trialUsed) await markTrialUsed(tx, userId, now);
  const earliest = earliestToday(now);
  const usage = (kept.usage as KeptUsage[]).filter((u) => u.day >= earliest);
  if (usage.length) await restoreUsage(tx, userId, usage);
}

/** True when a kept record exists for this Telegram user (tests and the export's explanation). */
export async function hasErasedAccount(db: Executor, telegramId: number): Promise<boolean> {
  return erasedAccountExists(db, telegramRef(telegramId));
}
