// Privacy's row-level SQL: the erase and what an erased account keeps (erased_accounts), the export's reads, the
// database's sealed secret (data_encryption) and each user's wrapped key (user_keys). What the rows mean — keyed
// hashes, sealing, the export's parts — is in erase.ts, export.ts, keys.ts and user-keys.ts. The storage-level
// statements (re-sealing every sealed column, VACUUM, the WAL) are in storage-repository.ts.
import { and, asc, eq, gte, inArray, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Db, Executor, Tx } from '../db';
import { chatMessages, chats, dailyUsage, dataEncryption, erasedAccounts, userKeys, users } from '../db/schema';

export interface KeptUsage {
  day: string;
  kind: string;
  used: number;
}

// Erase.

/** The user's Telegram id and trial, and their usage on days from `since` (both inside the erase's transaction). */
export async function erasedUserFacts(tx: Tx, userId: number, since: string) {
  const [user] = await tx
    .select({ telegramId: users.telegramId, trialUsedAt: users.trialUsedAt })
    .from(users)
    .where(eq(users.id, userId));
  if (!user) return null;
  const usage: KeptUsage[] = await tx
    .select({ day: dailyUsage.day, kind: dailyUsage.kind, used: dailyUsage.used })
    .from(dailyUsage)
    .where(and(eq(dailyUsage.userId, userId), gte(dailyUsage.day, since)));
  return { ...user, usage };
}

/** Keeps (or merges into) the erased account's row under its keyed hash. */
export async function keepErasedAccount(
  tx: Tx,
  values: { telegramRef: Buffer; trialUsed: boolean; usage: KeptUsage[] },
): Promise<void> {
  await tx
    .insert(erasedAccounts)
    .values(values)
    .onConflictDoUpdate({
      target: erasedAccounts.telegramRef,
      set: { trialUsed: sql`${erasedAccounts.trialUsed} or excluded.trial_used`, usage: sql`excluded.usage` },
    });
}

/** Deletes the users row (and with it, ON DELETE CASCADE, everything of theirs) and announces it on `channel`. */
export async function deleteUserAndNotify(tx: Tx, userId: number, channel: string): Promise<void> {
  await tx.delete(users).where(eq(users.id, userId));
  await tx.execute(sql`select pg_notify(${channel}, ${String(userId)})`);
}

/** Takes the erased account's kept row out of the table; what it kept, or undefined. */
export async function takeErasedAccount(tx: Tx, telegramRef: Buffer) {
  const [kept] = await tx.delete(erasedAccounts).where(eq(erasedAccounts.telegramRef, telegramRef)).returning();
  return kept;
}

export async function markTrialUsed(tx: Tx, userId: number, now: Date): Promise<void> {
  await tx.update(users).set({ trialUsedAt: now }).where(eq(users.id, userId));
}

export async function restoreUsage(tx: Tx, userId: number, usage: KeptUsage[]): Promise<void> {
  await tx.insert(dailyUsage).values(usage.map((u) => ({ ...u, userId })));
}

export async function erasedAccountExists(db: Executor, telegramRef: Buffer): Promise<boolean> {
  const [row] = await db
    .select({ ref: erasedAccounts.telegramRef })
    .from(erasedAccounts)
    .where(eq(erasedAccounts.telegramRef, telegramRef));
  return row !== undefined;
}

// Export.

type UserTable = PgTable & { userId: PgColumn };

/** Every row of the user in `table`, ordered by `orderBy` when given. */
export async function userRows(db: Executor, table: UserTable, userId: number, orderBy?: PgColumn) {
  const query = db.select().from(table).where(eq(table.userId, userId));
  return (await (orderBy ? query.orderBy(asc(orderBy)) : query)) as Record<string, unknown>[];
}

export async function userRow(db: Executor, userId: number) {
  const [row] = await db.select().from(users).where(eq(users.id, userId));
  return row;
}

/** The user's chats, oldest first, and their messages in order. */
export async function chatsAndMessages(db: Executor, userId: number) {
  const list = await db.select().from(chats).where(eq(chats.userId, userId)).orderBy(asc(chats.createdAt));
  if (list.length === 0) return { list, messages: [] };
  const messages = await db
    .select()
    .from(chatMessages)
    .where(
      inArray(
        chatMessages.chatId,
        list.map((c) => c.id),
      ),
    )
    .orderBy(asc(chatMessages.chatId), asc(chatMessages.position));
  return { list, messages };
}

// The database's sealed secret: one row, id 1.

export async function encryptionRow(db: Db) {
  const [row] = await db.select().from(dataEncryption).where(eq(dataEncryption.id, 1));
  return row;
}

export async function insertEncryptionRow(db: Db, values: { secret: Buffer; keysInUse: string[] }): Promise<void> {
  await db.insert(dataEncryption).values(values);
}

export async function updateEncryptionRow(db: Db, set: { secret?: Buffer; keysInUse: string[] }): Promise<void> {
  await db
    .update(dataEncryption)
    .set({ ...set, updatedAt: sql`now()` })
    .where(eq(dataEncryption.id, 1));
}

// Each user's wrapped key.

export async function wrappedOf(db: Executor, userId: number): Promise<Buffer | undefined> {
  const [row] = await db.select({ wrapped: userKeys.wrapped }).from(userKeys).where(eq(userKeys.userId, userId));
  return row?.wrapped;
}

/** Only for a user that exists: a request racing the account's erase must not fail on the foreign key. */
export async function insertWrappedKey(db: Executor, userId: number, wrapped: Buffer): Promise<void> {
  await db.execute(sql`
      insert into ${userKeys} (user_id, wrapped)
      select ${userId}, ${wrapped}::bytea where exists (select 1 from ${users} where ${users.id} = ${userId})
      on conflict (user_id) do nothing`);
}

/** A batch of keys not wrapped under `header` (the current master key), after user `after`, by user id. */
export async function keysNotWrappedWith(db: Executor, header: Buffer, after: number, limit: number) {
  return db
    .select({ userId: userKeys.userId, wrapped: userKeys.wrapped })
    .from(userKeys)
    .where(
      sql`substring(${userKeys.wrapped} from 1 for ${header.length}) <> ${header} and ${userKeys.userId} > ${after}`,
    )
    .orderBy(userKeys.userId)
    .limit(limit);
}

/** Replaces each row's wrapped key only if it still holds what was read. */
export async function replaceWrappedKeys(
  db: Executor,
  rows: Array<{ userId: number; old: Buffer; wrapped: Buffer }>,
): Promise<void> {
  const values = rows.map(({ userId, old, wrapped }) => sql`(${userId}::int, ${old}::bytea, ${wrapped}::bytea)`);
  await db.execute(sql`
      update ${userKeys} set wrapped = v.new from (values ${sql.join(values, sql`, `)}) as v(id, old, new)
      where ${userKeys.userId} = v.id and ${userKeys.wrapped} = v.old`);
}

/** Rewrites user_keys, so keys wrapped with a retired master key do not linger in its pages. */
export async function vacuumUserKeys(db: Executor): Promise<void> {
  await db.execute(sql`vacuum full ${userKeys}`);
}
