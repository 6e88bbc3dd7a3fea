// The safety net's memory: when it last saw a risk signal of suicide or self-harm in what the user wrote — a chat
// message (server/chat/turn.ts), a diary entry, a practice's comment. For a while after it the assistant keeps a
// gentle check-in in every chat (server/chat/safety/crisis-reply.ts, needsCheckIn).
import { eq } from 'drizzle-orm';
import { signalsRisk } from '../../contract/safety/detect';
import type { Db } from '../db';
import { users } from '../db/schema';

/** Remembers that the safety net saw a risk signal from the user at `at` (the check-in window starts again). */
export async function flagRisk(db: Db, userId: number, at: Date = new Date()): Promise<void> {
  await db.update(users).set({ riskFlaggedAt: at }).where(eq(users.id, userId));
}

/** Flags the user when any of the texts signals a risk; true if it did. */
export async function flagRiskIn(db: Db, userId: number, ...texts: Array<string | null | undefined>): Promise<boolean> {
  if (!signalsRisk(...texts)) return false;
  await flagRisk(db, userId);
  return true;
}
