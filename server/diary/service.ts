// The diary's rules: an entry written in a practice names the caller's own session, words of suicide or self-harm
// (saved or not) start the chat's gentle check-in, a new entry spends today's diary quota in the same transaction as
// its insert, and the list carries the check-ins' mood marks. The other domains' parts come through their services.
import type { DailyRefusal } from '../../contract/billing';
import { PRACTICE_SESSION_SOURCE } from '../../contract/constants';
import type { CheckIn } from '../../contract/checkin';
import type { DiaryCreateInput, DiaryEntry, DiaryListQuery, DiaryUpdateInput } from '../../contract/diary';
import { spendDaily } from '../billing/service';
import type { Db } from '../db';
import { isOwnSession } from '../practices/service';
import { flagRiskIn, recordActivity } from '../users/service';
import { checkInMarks } from './check-in-marks';
import {
  countNewEntry,
  deleteEntry,
  entryByClientId,
  getEntry,
  insertEntry,
  listEntries,
  toDto,
  toggleFavorite,
  updateEntry,
} from './repository';

export { deleteEntry, getEntry, toggleFavorite };

/** A page of the list with the check-ins' mood marks that fall among its entries. */
export async function listDiary(
  db: Db,
  userId: number,
  query: DiaryListQuery,
  now: Date,
): Promise<{ entries: DiaryEntry[]; total: number; check_ins: CheckIn[] }> {
  const page = await listEntries(db, userId, query);
  const marks = await checkInMarks(db, userId, query, page, now);
  return { ...page, check_ins: marks };
}

export type CreateResult =
  | {
      ok: true;
      entry: DiaryEntry;
      /** false: an entry with this client id already existed and is returned. */ created: boolean;
    }
  | { ok: false; reason: DailyRefusal; limit: number | null }
  /** The entry names a practice session that is not the caller's (or none). */
  | { ok: false; reason: 'session_not_found' };

/** Thrown inside the create transaction to roll the insert back when the quota says no. */
class Refused extends Error {
  constructor(readonly result: Extract<CreateResult, { ok: false; limit: number | null }>) {
    super(result.reason);
  }
}

/** A new entry: its source checked, its words read for risk, then written and counted (createEntry). */
export async function writeEntry(
  db: Db,
  userId: number,
  input: DiaryCreateInput,
  timeZone: string,
): Promise<CreateResult> {
  // What was written in a practice names its session: only the caller's own (anyone else's is "not found").
  const source = input.source;
  if (source?.source_type === PRACTICE_SESSION_SOURCE && !(await isOwnSession(db, userId, source.source_id!)))
    return { ok: false, reason: 'session_not_found' };
  // Words of suicide or self-harm, saved or not: the chat's gentle check-in follows (the app shows the lines).
  await flagRiskIn(db, userId, input.title, input.content);
  return createEntry(db, userId, input, timeZone);
}

/**
 * Inserts the entry and spends one of today's diary entries in ONE transaction: a refused spend or a failed insert
 * rolls both back, and the conditional upsert in spendDaily keeps concurrent creates from overspending.
 *
 * Idempotent per (user, client_id): the insert comes first, so a concurrent create with the same id waits on the
 * unique index for the first one's outcome — committed → it conflicts and returns that entry without spending;
 * rolled back → it inserts and spends itself. A create without client_id always makes a new entry.
 */
export async function createEntry(
  db: Db,
  userId: number,
  input: DiaryCreateInput,
  timeZone: string,
): Promise<CreateResult> {
  try {
    return await db.transaction(async (tx): Promise<CreateResult> => {
      const row = await insertEntry(tx, userId, input);
      // Only a client id can conflict; the row it names is committed (read committed: this statement sees it).
      if (!row) return { ok: true, entry: await entryByClientId(tx, userId, input.client_id!), created: false };
      const spent = await spendDaily(tx, { userId, kind: 'diary_entries', amount: 1, timeZone });
      if (!spent.ok) throw new Refused({ ok: false, reason: spent.reason, limit: spent.limit });
      await recordActivity(tx, userId, timeZone); // a day the user wrote: home's streak, no reminder
      await countNewEntry(tx, userId, input.is_favorite);
      return { ok: true, entry: toDto(row), created: true };
    });
  } catch (error) {
    if (error instanceof Refused) return error.result;
    throw error;
  }
}

/** Changes the entry's title, content or mood (no quota); its words are read for risk first. */
export async function editEntry(
  db: Db,
  userId: number,
  id: string,
  input: DiaryUpdateInput,
): Promise<DiaryEntry | null> {
  await flagRiskIn(db, userId, input.title, input.content);
  return updateEntry(db, userId, id, input);
}
