// Practices for a user and their sessions. The catalogue is code (catalogue.ts); what depends on the user is the
// lock (the plan in force, the trial counting as PREMIUM) and the sessions, every query scoped by the owner's id, so
// someone else's session is simply "not found".
import { and, count, desc, eq, isNull, sql } from 'drizzle-orm';
import type { Practice, PracticeHistory, PracticeHistoryQuery, PracticeSession } from '../../contract/practices';
import type { SourceType } from '../../contract/diary';
import { effectiveTier } from '../billing/quota';
import type { Tier } from '../billing/plans';
import type { Db, Executor } from '../db';
import { practiceSessions } from '../db/schema';
import { PRACTICES, hasPracticeAccess, practiceById, type Practice as CataloguePractice } from './catalogue';

type Row = typeof practiceSessions.$inferSelect;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** A malformed id cannot name a session: answer "not found" without asking PostgreSQL (which would throw). */
const isSessionId = (id: string) => UUID.test(id);

/** The API's practice: the catalogue entry with is_locked for the tier. */
function forTier(practice: CataloguePractice, tier: Tier): Practice {
  return { ...practice, is_locked: !hasPracticeAccess(practice, tier) };
}

export async function listPractices(db: Db, userId: number): Promise<Practice[]> {
  const tier = await effectiveTier(db, userId);
  return PRACTICES.map((p) => forTier(p, tier));
}

/** The practice with this id for the user, or null for an unknown id. */
export async function getPractice(db: Db, userId: number, id: string): Promise<Practice | null> {
  const practice = practiceById(id);
  return practice ? forTier(practice, await effectiveTier(db, userId)) : null;
}

function toSession(row: Row): PracticeSession {
  return {
    session_id: row.id,
    practice_type: row.practiceType as PracticeSession['practice_type'],
    practice_name: practiceById(row.practiceType)?.name ?? row.practiceType,
    source_type: row.sourceType as SourceType,
    source_id: row.sourceId ?? null,
    started_at: row.startedAt.toISOString(),
    completed_at: row.completedAt?.toISOString() ?? null,
    rating: row.rating ?? null,
    feedback: row.feedback ?? null,
  };
}

export interface StartInput {
  practiceType: string;
  sourceType: SourceType;
  sourceId: string | null;
}

export type StartResult =
  | { ok: true; sessionId: string; practice: Practice }
  | { ok: false; reason: 'unknown' }
  | { ok: false; reason: 'locked'; practice: Practice };

/** Starts a session of the practice, unless the user's plan does not open it (advanced practices on START). */
export async function startSession(db: Db, userId: number, input: StartInput): Promise<StartResult> {
  const practice = await getPractice(db, userId, input.practiceType);
  if (!practice) return { ok: false, reason: 'unknown' };
  if (practice.is_locked) return { ok: false, reason: 'locked', practice };
  const [row] = await db
    .insert(practiceSessions)
    .values({ userId, practiceType: practice.id, sourceType: input.sourceType, sourceId: input.sourceId })
    .returning({ id: practiceSessions.id });
  return { ok: true, sessionId: row!.id, practice };
}

/** True when the session exists and is the user's own (a diary entry saved from it names it as its source). */
export async function isOwnSession(db: Executor, userId: number, sessionId: string): Promise<boolean> {
  if (!isSessionId(sessionId)) return false;
  const [row] = await db
    .select({ id: practiceSessions.id })
    .from(practiceSessions)
    .where(and(eq(practiceSessions.id, sessionId), eq(practiceSessions.userId, userId)))
    .limit(1);
  return row !== undefined;
}

export type CompleteResult =
  { ok: true; session: PracticeSession } | { ok: false; reason: 'not_found' | 'already_completed' };

/**
 * Completes the session once: one conditional UPDATE (only the owner's, only while not completed) sets the time
 * and the rating together, so of two concurrent completions exactly one changes the row and the other is told
 * it was already completed.
 */
export async function completeSession(
  db: Db,
  userId: number,
  sessionId: string,
  input: { rating: number | null; feedback: string | null },
): Promise<CompleteResult> {
  if (!isSessionId(sessionId)) return { ok: false, reason: 'not_found' };
  const mine = and(eq(practiceSessions.id, sessionId), eq(practiceSessions.userId, userId));
  const [row] = await db
    .update(practiceSessions)
    .set({ completedAt: sql`now()`, rating: input.rating, feedback: input.feedback })
    .where(and(mine, isNull(practiceSessions.completedAt)))
    .returning();
  if (row) return { ok: true, session: toSession(row) };
  const [existing] = await db.select({ id: practiceSessions.id }).from(practiceSessions).where(mine).limit(1);
  return { ok: false, reason: existing ? 'already_completed' : 'not_found' };
}

/** The user's sessions, newest first, with the total. */
export async function sessionHistory(db: Db, userId: number, query: PracticeHistoryQuery): Promise<PracticeHistory> {
  const mine = eq(practiceSessions.userId, userId);
  const [rows, [counted]] = await Promise.all([
    db
      .select()
      .from(practiceSessions)
      .where(mine)
      .orderBy(desc(practiceSessions.startedAt), desc(practiceSessions.id))
      .limit(query.limit)
      .offset(query.skip),
    db.select({ total: count() }).from(practiceSessions).where(mine),
  ]);
  return { sessions: rows.map(toSession), total: Number(counted?.total ?? 0) };
}
