// The check-in's queries: one row per (user, local day), so the unique key decides "one a day" and an upsert
// changes the day's mood instead of adding a second row — two taps racing from two devices end as one check-in.
import { and, desc, eq, gt, gte, lte, sql } from 'drizzle-orm';
import type { CheckIn, CheckInInput } from '../../contract/checkin';
import type { Executor } from '../db';
import { checkIns } from '../db/schema';

type Row = typeof checkIns.$inferSelect;

export const toDto = (row: Row): CheckIn => ({
  day: row.day,
  mood: row.mood as CheckIn['mood'],
  note: row.note ?? null,
  updated_at: new Date(row.updatedAt).toISOString(),
});

/** The user's check-in of `day`, or null. */
export async function findCheckIn(db: Executor, userId: number, day: string): Promise<CheckIn | null> {
  const [row] = await db
    .select()
    .from(checkIns)
    .where(and(eq(checkIns.userId, userId), eq(checkIns.day, day)));
  return row ? toDto(row) : null;
}

/**
 * Writes the day's check-in: a new row, or the day's row changed (its mood; its note only when one was given).
 * One statement: ON CONFLICT on the primary key, never a read first.
 */
export async function upsertCheckIn(
  db: Executor,
  userId: number,
  day: string,
  input: CheckInInput,
  at: Date,
): Promise<CheckIn> {
  const [row] = await db
    .insert(checkIns)
    .values({ userId, day, mood: input.mood, note: input.note ?? null, createdAt: at, updatedAt: at })
    .onConflictDoUpdate({
      target: [checkIns.userId, checkIns.day],
      set: {
        mood: sql`excluded.mood`,
        updatedAt: sql`excluded.updated_at`,
        ...(input.note !== undefined ? { note: sql`excluded.note` } : {}),
      },
    })
    .returning();
  return toDto(row!);
}

/** The user's check-ins changed in (after, before] — either end open when absent — newest first. */
export async function checkInsBetween(
  db: Executor,
  userId: number,
  span: { after?: Date; before?: Date; since?: Date },
): Promise<CheckIn[]> {
  const rows = await db
    .select()
    .from(checkIns)
    .where(
      and(
        eq(checkIns.userId, userId),
        span.after ? gt(checkIns.updatedAt, span.after) : undefined,
        span.before ? lte(checkIns.updatedAt, span.before) : undefined,
        span.since ? gte(checkIns.updatedAt, span.since) : undefined,
      ),
    )
    .orderBy(desc(checkIns.updatedAt));
  return rows.map(toDto);
}
