// Voice's SQL: the voice_transcriptions rows that make a recording's seconds spent exactly once (the rules and the
// transactions with the quota are in claims.ts). The unique key (user_id, client_id) decides between racing retries.
import { and, eq, lt, sql } from 'drizzle-orm';
import type { Executor } from '../db';
import { voiceTranscriptions } from '../db/schema';

type Row = typeof voiceTranscriptions.$inferSelect;

/** A new pending row; undefined when the user's client id is taken (the retry's row is then committed). */
export async function insertClaim(
  tx: Executor,
  values: { userId: number; clientId: string | null; audioSha256: string; seconds: number; day: string },
): Promise<string | undefined> {
  const [row] = await tx
    .insert(voiceTranscriptions)
    .values(values)
    .onConflictDoNothing({ target: [voiceTranscriptions.userId, voiceTranscriptions.clientId] })
    .returning({ id: voiceTranscriptions.id });
  return row?.id;
}

const byClientId = (userId: number, clientId: string) =>
  and(eq(voiceTranscriptions.userId, userId), eq(voiceTranscriptions.clientId, clientId));

export async function findByClientId(tx: Executor, userId: number, clientId: string): Promise<Row | undefined> {
  const [existing] = await tx.select().from(voiceTranscriptions).where(byClientId(userId, clientId));
  return existing;
}

/** Takes over the client id's row when it is pending and untouched for `staleAfterMs`; its id, or undefined. */
export async function takeOverStale(
  tx: Executor,
  userId: number,
  clientId: string,
  staleAfterMs: number,
): Promise<string | undefined> {
  const [taken] = await tx
    .update(voiceTranscriptions)
    .set({ updatedAt: sql`now()` })
    .where(
      and(
        byClientId(userId, clientId),
        eq(voiceTranscriptions.status, 'pending'),
        lt(voiceTranscriptions.updatedAt, sql`now() - ${staleAfterMs} * interval '1 millisecond'`),
      ),
    )
    .returning({ id: voiceTranscriptions.id });
  return taken?.id;
}

export async function finishTranscription(db: Executor, id: string, text: string): Promise<void> {
  await db
    .update(voiceTranscriptions)
    .set({ status: 'done', text, updatedAt: sql`now()` })
    .where(eq(voiceTranscriptions.id, id));
}

/** Deletes the row; what it held, or undefined when it was gone already. */
export async function deleteTranscription(tx: Executor, id: string): Promise<Row | undefined> {
  const [gone] = await tx.delete(voiceTranscriptions).where(eq(voiceTranscriptions.id, id)).returning();
  return gone;
}

/** Deletes the user's rows untouched for `olderThanMs`; what they held. */
export async function deleteOldRows(tx: Executor, userId: number, olderThanMs: number): Promise<Row[]> {
  return tx
    .delete(voiceTranscriptions)
    .where(
      and(
        eq(voiceTranscriptions.userId, userId),
        lt(voiceTranscriptions.updatedAt, sql`now() - ${olderThanMs} * interval '1 millisecond'`),
      ),
    )
    .returning();
}
