// A recording's voice seconds, spent exactly once. Its row (voice_transcriptions) is inserted and the seconds spent
// in ONE transaction before the model is called — a refused spend rolls the row back; a transcription that fails
// gives exactly those seconds back, on the day they were spent, and removes the row. With the client's id (unique
// per user) a retried upload finds its row: transcribed → the same text again, nothing spent; still being
// transcribed → busy; left pending by a process that died → taken over without a second charge. The database's
// unique key decides between racing retries, never a read first.
import type { DailyRefusal } from '../../contract/billing';
import { giveBackDaily, spendDaily } from '../billing/service';
import type { Db, Executor } from '../db';
import { localDate } from '../http/time-zone';
import {
  deleteOldRows,
  deleteTranscription,
  findByClientId,
  finishTranscription,
  insertClaim,
  takeOverStale,
} from './repository';

export { finishTranscription };

/** How long a row is kept: far beyond any retry of a recording, and no longer (it holds what someone said). */
export const KEEP_ROWS_MS = 60 * 60 * 1000;

export interface ClaimInput {
  userId: number;
  clientId: string | null;
  audioSha256: string;
  seconds: number;
  timeZone: string;
  /** A pending row older than this was abandoned (its transcription cannot still be running). */
  staleAfterMs: number;
  now?: Date;
}

export type Claim =
  /** Transcribe it: the seconds are spent (`charged`), or were spent by an attempt that died (`takenOver`). */
  | { kind: 'charged' | 'takenOver'; id: string }
  /** This recording was transcribed already: its text, nothing spent. */
  | { kind: 'done'; text: string }
  /** The same client id is being transcribed right now. */
  | { kind: 'busy' }
  /** The client id belongs to another recording (different audio). */
  | { kind: 'otherRecording' }
  | { kind: 'refused'; reason: DailyRefusal };

class Refused extends Error {
  constructor(readonly reason: DailyRefusal) {
    super(reason);
  }
}

export async function claimTranscription(db: Db, input: ClaimInput): Promise<Claim> {
  const { userId, clientId, audioSha256, seconds, timeZone, now = new Date() } = input;
  await forgetOldRecordings(db, userId);
  try {
    return await db.transaction(async (tx): Promise<Claim> => {
      // Insert first: a concurrent retry with the same client id waits on the unique index for this outcome.
      const id = await insertClaim(tx, { userId, clientId, audioSha256, seconds, day: localDate(timeZone, now) });
      if (!id) return repeated(tx, { ...input, clientId: clientId! });
      const spent = await spendDaily(tx, { userId, kind: 'voice_seconds', amount: seconds, timeZone, now });
      if (!spent.ok) throw new Refused(spent.reason);
      return { kind: 'charged', id };
    });
  } catch (error) {
    if (error instanceof Refused) return { kind: 'refused', reason: error.reason };
    throw error;
  }
}

/** A retry: the row its client id names is committed (read committed: this statement sees it). */
async function repeated(tx: Executor, input: ClaimInput & { clientId: string }): Promise<Claim> {
  const existing = await findByClientId(tx, input.userId, input.clientId);
  if (!existing || existing.audioSha256 !== input.audioSha256) return { kind: 'otherRecording' };
  if (existing.status === 'done') return { kind: 'done', text: existing.text ?? '' };
  const taken = await takeOverStale(tx, input.userId, input.clientId, input.staleAfterMs);
  return taken ? { kind: 'takenOver', id: taken } : { kind: 'busy' };
}

/** The transcription failed: the row goes and its seconds come back to the day they were spent on. */
export async function refundTranscription(db: Db, id: string): Promise<void> {
  await db.transaction(async (tx) => {
    const gone = await deleteTranscription(tx, id);
    if (gone)
      await giveBackDaily(tx, { userId: gone.userId, kind: 'voice_seconds', day: gone.day, amount: gone.seconds });
  });
}

/**
 * The user's rows older than KEEP_ROWS_MS go (with the words in them). One still pending then was abandoned by a
 * process that died mid-transcription and never retried: its seconds are given back.
 */
async function forgetOldRecordings(db: Db, userId: number): Promise<void> {
  await db.transaction(async (tx) => {
    const gone = await deleteOldRows(tx, userId, KEEP_ROWS_MS);
    for (const row of gone.filter((r) => r.status === 'pending'))
      await giveBackDaily(tx, { userId, kind: 'voice_seconds', day: row.day, amount: row.seconds });
  });
}
