// The safety net's memory: when it last saw a risk signal of suicide or self-harm in what the user wrote — a chat
// message (server/chat/service.ts), a diary entry, a practice's comment. For a while after it the assistant keeps a
// gentle check-in in every chat (server/chat/safety/crisis-reply.ts, needsCheckIn).
import { signalsRisk } from '../../contract/safety/detect';
import type { Db } from '../db';
import { riskFlaggedAt, setRiskFlaggedAt } from './repository';

export { riskFlaggedAt };

/**
 * How long after the last risk signal the after-crisis window lasts: every chat keeps a gentle check-in, the chat's
 * header shows «Помощь рядом», and nothing upsells — no paywall, no red limit banner, no 402 (docs/safety.md).
 */
export const RISK_WINDOW_MS = 72 * 3_600_000;

/** True while a risk flag set at `flaggedAt` keeps the window open. */
export function inRiskWindow(flaggedAt: Date | null, now: Date = new Date()): boolean {
  return flaggedAt !== null && now.getTime() - flaggedAt.getTime() < RISK_WINDOW_MS;
}

/** When the window closes (what the client shows «Помощь рядом» until); null when it is not open. */
export function helpNearbyUntil(flaggedAt: Date | null, now: Date = new Date()): Date | null {
  return inRiskWindow(flaggedAt, now) ? new Date(flaggedAt!.getTime() + RISK_WINDOW_MS) : null;
}

/** Remembers that the safety net saw a risk signal from the user at `at` (the check-in window starts again). */
export async function flagRisk(db: Db, userId: number, at: Date = new Date()): Promise<void> {
  await setRiskFlaggedAt(db, userId, at);
}

/** Flags the user when any of the texts signals a risk; true if it did. */
export async function flagRiskIn(db: Db, userId: number, ...texts: Array<string | null | undefined>): Promise<boolean> {
  if (!signalsRisk(...texts)) return false;
  await flagRisk(db, userId);
  return true;
}
