// Practices' rules, and the entry for the rest of the server. The catalogue is code (catalogue.ts); what depends on
// the user is the lock (the plan in force, the trial counting as PREMIUM) and the sessions (repository.ts, every
// query scoped by the owner's id, so someone else's session is simply "not found").
import type { Practice, PracticeHistory, PracticeHistoryQuery, PracticeSession } from '../../contract/practices';
import type { SourceType } from '../../contract/diary';
import { effectiveTier, planOf, type Tier } from '../billing/service';
import type { Db, Executor } from '../db';
import { recordActivity } from '../users/service';
import { flagRiskIn } from '../users/service';
import { PRACTICES, practiceById, type Practice as CataloguePractice } from './catalogue';
import { completeOnce, insertSession, ownSession, sessionExists, sessionPage, type SessionRow } from './repository';

export { PRACTICE_IDS, PRACTICES, practiceById, type Practice } from './catalogue';

export const PRACTICE_ERRORS = {
  notFound: 'Практика не найдена',
  unknown: 'Неизвестная практика',
  locked: (name: string) => `Практика «${name}» доступна на тарифах PRO и PREMIUM`,
  sessionNotFound: 'Сессия практики не найдена',
  alreadyCompleted: 'Эта практика уже завершена',
} as const;

/** True when the tier may open the practice: basic ones always, advanced ones on PRO and PREMIUM (the trial too). */
export function hasPracticeAccess(practice: CataloguePractice, tier: Tier): boolean {
  return !practice.is_advanced || planOf(tier).advancedPractices;
}

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

function toSession(row: SessionRow): PracticeSession {
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
  const sessionId = await insertSession(db, {
    userId,
    practiceType: practice.id,
    sourceType: input.sourceType,
    sourceId: input.sourceId,
  });
  return { ok: true, sessionId, practice };
}

/** True when the session exists and is the user's own (a diary entry saved from it names it as its source). */
export async function isOwnSession(db: Executor, userId: number, sessionId: string): Promise<boolean> {
  return isSessionId(sessionId) && ownSession(db, userId, sessionId);
}

export type CompleteResult =
  { ok: true; session: PracticeSession } | { ok: false; reason: 'not_found' | 'already_completed' };

/**
 * Completes the session once: one conditional UPDATE sets the time and the rating together, so of two concurrent
 * completions exactly one changes the row and the other is told it was already completed.
 */
export async function completeSession(
  db: Db,
  userId: number,
  sessionId: string,
  input: { rating: number | null; feedback: string | null },
): Promise<CompleteResult> {
  if (!isSessionId(sessionId)) return { ok: false, reason: 'not_found' };
  const row = await completeOnce(db, userId, sessionId, input);
  if (row) return { ok: true, session: toSession(row) };
  return { ok: false, reason: (await sessionExists(db, userId, sessionId)) ? 'already_completed' : 'not_found' };
}

/**
 * POST /:session_id/complete: a comment in words of suicide or self-harm flags the user first (the chat's gentle
 * check-in follows; the app shows the lines), then the session completes once, and a completed one counts as the
 * day's activity (home's streak, no reminder today).
 */
export async function finishPractice(
  db: Db,
  user: { id: number; timeZone: string },
  sessionId: string,
  input: { rating: number | null; feedback: string | null },
): Promise<CompleteResult> {
  await flagRiskIn(db, user.id, input.feedback);
  const result = await completeSession(db, user.id, sessionId, input);
  if (result.ok) await recordActivity(db, user.id, user.timeZone);
  return result;
}

/** The user's sessions, newest first, with the total. */
export async function sessionHistory(db: Db, userId: number, query: PracticeHistoryQuery): Promise<PracticeHistory> {
  const { rows, total } = await sessionPage(db, userId, query.limit, query.skip);
  return { sessions: rows.map(toSession), total };
}
