// All of practices' SQL: the sessions, every query scoped by the owner's id.
import { and, count, desc, eq, isNull, sql } from 'drizzle-orm';
import type { SourceType } from '../../contract/diary';
import type { Db, Executor } from '../db';
import { practiceSessions } from '../db/schema';

export type SessionRow = typeof practiceSessions.$inferSelect;

/** A new session of the practice: its id. */
export async function insertSession(
  db: Db,
  values: { userId: number; practiceType: string; sourceType: SourceType; sourceId: string | null },
): Promise<string> {
  const [row] = await db.insert(practiceSessions).values(values).returning({ id: practiceSessions.id });
  return row!.id;
}

/** True when the session exists and is the user's own. */
export async function ownSession(db: Executor, userId: number, sessionId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: practiceSessions.id })
    .from(practiceSessions)
    .where(and(eq(practiceSessions.id, sessionId), eq(practiceSessions.userId, userId)))
    .limit(1);
  return row !== undefined;
}

/**
 * One conditional UPDATE (only the owner's, only while not completed) sets the time and the rating together: the
 * completed row, or undefined when it changed nothing.
 */
export async function completeOnce(
  db: Db,
  userId: number,
  sessionId: string,
  input: { rating: number | null; feedback: string | null },
): Promise<SessionRow | undefined> {
  const mine = and(eq(practiceSessions.id, sessionId), eq(practiceSessions.userId, userId));
  const [row] = await db
    .update(practiceSessions)
    .set({ completedAt: sql`now()`, rating: input.rating, feedback: input.feedback })
    .where(and(mine, isNull(practiceSessions.completedAt)))
    .returning();
  return row;
}

/** Whether the user's session exists (read after a completion changed nothing). */
export async function sessionExists(db: Db, userId: number, sessionId: string): Promise<boolean> {
  const mine = and(eq(practiceSessions.id, sessionId), eq(practiceSessions.userId, userId));
  const [existing] = await db.select({ id: practiceSessions.id }).from(practiceSessions).where(mine).limit(1);
  return existing !== undefined;
}

/** A page of the user's sessions, newest first, with the total. */
export async function sessionPage(db: Db, userId: number, limit: number, skip: number) {
  const mine = eq(practiceSessions.userId, userId);
  const [rows, [counted]] = await Promise.all([
    db
      .select()
      .from(practiceSessions)
      .where(mine)
      .orderBy(desc(practiceSessions.startedAt), desc(practiceSessions.id))
      .limit(limit)
      .offset(skip),
    db.select({ total: count() }).from(practiceSessions).where(mine),
  ]);
  return { rows, total: Number(counted?.total ?? 0) };
}
