// Reminders' SQL: claiming and moving the rows of `reminder_schedule` that are due (the users domain keeps each
// user's row in step, server/users/reminder-schedule.ts) and the deliveries (`reminder_deliveries`, whose primary
// key (user_id, day) lets one message a day through). What a claim may do is in scheduler.ts.
import { and, eq, inArray, isNull, lte, or, sql } from 'drizzle-orm';
import type { Db } from '../db';
import { activityDays, reminderDeliveries, reminderSchedule, userSettings, users } from '../db/schema';

export type DeliveryStatus = 'sending' | 'sent' | 'skipped' | 'retry' | 'unknown' | 'blocked' | 'failed' | 'late';

export interface Claimed {
  userId: number;
  day: string;
}

/**
 * Leases up to `limit` due rows until `leaseUntil`: `UPDATE … WHERE user_id IN (SELECT … due, unleased … LIMIT n
 * FOR UPDATE SKIP LOCKED)`, so instances never wait for each other and never take the same row.
 */
export async function claimRows(db: Db, now: Date, leaseUntil: Date, limit: number): Promise<Claimed[]> {
  const due = db
    .select({ userId: reminderSchedule.userId })
    .from(reminderSchedule)
    .where(
      and(
        lte(reminderSchedule.dueAt, now),
        or(isNull(reminderSchedule.leaseUntil), lte(reminderSchedule.leaseUntil, now)),
      ),
    )
    .orderBy(reminderSchedule.dueAt)
    .limit(limit)
    .for('update', { skipLocked: true });
  return db
    .update(reminderSchedule)
    .set({ leaseUntil })
    .where(inArray(reminderSchedule.userId, due))
    .returning({ userId: reminderSchedule.userId, day: reminderSchedule.day });
}

/** The user, what decides their reminder as stored, and whether they were active on `day` — one query. */
export async function recipientRow(db: Db, userId: number, day: string) {
  const [row] = await db
    .select({
      telegramId: users.telegramId,
      reminderTime: userSettings.reminderTime,
      timeZone: users.timeZone,
      botAccess: users.botAccess,
      botBlockedAt: users.botBlockedAt,
      active: sql<boolean>`exists (select 1 from ${activityDays} where ${activityDays.userId} = ${users.id} and ${activityDays.day} = ${day})`,
    })
    .from(users)
    .leftJoin(userSettings, eq(userSettings.userId, users.id))
    .where(eq(users.id, userId));
  return row;
}

const deliveryOf = (row: Claimed) =>
  and(eq(reminderDeliveries.userId, row.userId), eq(reminderDeliveries.day, row.day));

/** A decision made without sending (skipped, late): recorded unless the day already has one (other than a retry). */
export async function decide(db: Db, row: Claimed, status: DeliveryStatus, reason?: string): Promise<void> {
  await db
    .insert(reminderDeliveries)
    .values({ userId: row.userId, day: row.day, status, reason: reason ?? null })
    .onConflictDoUpdate({
      target: [reminderDeliveries.userId, reminderDeliveries.day],
      set: { status, reason: reason ?? null, updatedAt: sql`now()` },
      setWhere: eq(reminderDeliveries.status, 'retry'),
    });
}

/**
 * Takes the day's one right to send: inserts the delivery as 'sending', or re-opens a 'retry'. Returns the attempt
 * number, or null when the day is not this claim's to send (already sent, skipped, under way or unknown).
 */
export async function beginSend(db: Db, row: Claimed): Promise<number | null> {
  const [begun] = await db
    .insert(reminderDeliveries)
    .values({ userId: row.userId, day: row.day, status: 'sending', attempts: 1 })
    .onConflictDoUpdate({
      target: [reminderDeliveries.userId, reminderDeliveries.day],
      set: { status: 'sending', attempts: sql`${reminderDeliveries.attempts} + 1`, updatedAt: sql`now()` },
      setWhere: eq(reminderDeliveries.status, 'retry'),
    })
    .returning({ attempts: reminderDeliveries.attempts });
  return begun?.attempts ?? null;
}

/** A delivery left 'sending' becomes 'unknown'; false when the day's delivery was not 'sending'. */
export async function markUnknown(db: Db, row: Claimed, reason: string, now: Date): Promise<boolean> {
  const [was] = await db
    .update(reminderDeliveries)
    .set({ status: 'unknown', reason, updatedAt: now })
    .where(and(deliveryOf(row), eq(reminderDeliveries.status, 'sending')))
    .returning({ userId: reminderDeliveries.userId });
  return was !== undefined;
}

/**
 * The outcome of this claim's send. From 'sending' — or from 'unknown', when a slow send outlived its lease and
 * another instance marked it meanwhile: this instance knows better.
 */
export async function settle(
  db: Db,
  row: Claimed,
  status: DeliveryStatus,
  extra: { messageId?: number; reason?: string },
): Promise<void> {
  await db
    .update(reminderDeliveries)
    .set({ status, messageId: extra.messageId ?? null, reason: extra.reason ?? null, updatedAt: sql`now()` })
    .where(and(deliveryOf(row), inArray(reminderDeliveries.status, ['sending', 'unknown'])));
}

/** Moves the claimed row (unless something re-synced it to another day meanwhile) and frees its lease. */
export async function moveSchedule(db: Db, row: Claimed, to: { day?: string; dueAt: Date }): Promise<void> {
  await db
    .update(reminderSchedule)
    .set({ ...to, leaseUntil: null })
    .where(and(eq(reminderSchedule.userId, row.userId), eq(reminderSchedule.day, row.day)));
}
