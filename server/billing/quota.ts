// Daily quotas: one row per (user, local date, kind) in daily_usage, spent with ONE conditional upsert
// (repository.ts, addUsage), so concurrent requests can never overspend and a new day is just a new row (no reset
// job).
import type { Executor } from '../db';
import { localDate } from '../http/time-zone';
import { dailyLimit, type Tier, type UsageKind } from './plans';
import { addUsage, giveBackDaily, tierRowOf, usageOn, usedOn } from './repository';

export type SpendResult =
  | { ok: true; used: number; limit: number | null }
  | { ok: false; reason: 'not_available' | 'limit_reached'; limit: number | null };

export interface SpendInput {
  userId: number;
  kind: UsageKind;
  /** Positive integer amount (entries, seconds, tokens). */
  amount: number;
  /** The user's IANA zone (request.timeZone): the day is the local date there. */
  timeZone: string;
  /**
   * 'strict' (default): refuse when used + amount would exceed the limit.
   * 'record': record usage that already happened (e.g. tokens of a finished model reply) even past the limit,
   * as long as the feature is available; later strict spends are then refused.
   */
  mode?: 'strict' | 'record';
  now?: Date;
  /** The user's tier when the caller already knows it (saves a query); default: read it. */
  tier?: Tier;
}

/** The tier in force now: the subscription's tier unless absent or expired → START. */
export async function effectiveTier(db: Executor, userId: number, now: Date = new Date()): Promise<Tier> {
  return tierOf(await tierRowOf(db, userId), now);
}

export function tierOf(row: { tier: string; expiresAt: Date | null } | undefined, now: Date): Tier {
  if (!row) return 'START';
  if (row.expiresAt && row.expiresAt.getTime() <= now.getTime()) return 'START';
  return row.tier as Tier;
}

/**
 * Spends `amount` of today's `kind` for the user. Pass the transaction (`tx`) when inside one — on PGlite the
 * outer db inside a transaction hangs. Rolling back the transaction gives the spend back.
 */
export async function spendDaily(db: Executor, input: SpendInput): Promise<SpendResult> {
  const { userId, kind, amount, timeZone, mode = 'strict', now = new Date() } = input;
  if (!Number.isInteger(amount) || amount < 0) throw new Error(`spendDaily: amount must be a non-negative integer`);
  const tier = input.tier ?? (await effectiveTier(db, userId, now));
  const limit = dailyLimit(tier, kind);
  const unlimited = limit === null && kind === 'tokens';
  if (limit === null && !unlimited) return { ok: false, reason: 'not_available', limit };
  // The INSERT branch of the upsert is unconditional, so a first spend larger than the limit is refused here.
  if (mode === 'strict' && limit !== null && amount > limit) return { ok: false, reason: 'limit_reached', limit };

  const day = localDate(timeZone, now);
  const conditional = mode === 'strict' && limit !== null;
  const row = await addUsage(db, { userId, day, kind, amount, limit: conditional ? limit : null });
  if (!row) return { ok: false, reason: 'limit_reached', limit };
  return { ok: true, used: row.used, limit };
}

export type ReserveResult =
  | {
      ok: true;
      /** What was taken: the amount asked for, or the rest of today's limit when less is left. */ reserved: number;
    }
  | { ok: false; reason: 'not_available' | 'limit_reached'; limit: number | null };

/**
 * Reserves up to `amount` before work whose cost is known only afterwards (a model reply): the whole amount while
 * it fits, otherwise whatever is left of today's limit; nothing left → refused. Each attempt is spendDaily's strict
 * conditional upsert, so concurrent reservations never take more than the limit in all; the overspend of a day is
 * bounded by what the reservations that got less than they asked for go on to use (settleDaily records it).
 */
export async function reserveDaily(db: Executor, input: SpendInput): Promise<ReserveResult> {
  const now = input.now ?? new Date();
  const tier = input.tier ?? (await effectiveTier(db, input.userId, now));
  let want = input.amount;
  for (let attempt = 0; attempt < 8; attempt++) {
    const spent = await spendDaily(db, { ...input, tier, now, amount: want, mode: 'strict' });
    if (spent.ok) return { ok: true, reserved: want };
    if (spent.reason === 'not_available') return spent;
    const row = await usedOn(db, input.userId, localDate(input.timeZone, now), input.kind);
    const left = (spent.limit ?? 0) - (row?.used ?? 0);
    if (left <= 0) return spent;
    want = Math.min(want, left);
  }
  return { ok: false, reason: 'limit_reached', limit: dailyLimit(tier, input.kind) };
}

/**
 * Turns a reservation into what was really used: the excess is recorded (mode 'record': past the limit if need
 * be — the work is done), the unused rest is given back. `now` must be the reservation's, so both land on its day.
 * Returns the day's new total, or null when nothing had to change.
 */
export async function settleDaily(
  db: Executor,
  input: Omit<SpendInput, 'amount' | 'mode'> & { reserved: number; used: number },
): Promise<number | null> {
  const { reserved, used, ...rest } = input;
  const now = rest.now ?? new Date();
  if (used > reserved) {
    const spent = await spendDaily(db, { ...rest, now, amount: used - reserved, mode: 'record' });
    return spent.ok ? spent.used : null;
  }
  if (used === reserved) return null;
  return giveBackDaily(db, {
    userId: rest.userId,
    kind: rest.kind,
    day: localDate(rest.timeZone, now),
    amount: reserved - used,
  });
}

export interface UsageToday {
  tier: Tier;
  day: string;
  used: Record<UsageKind, number>;
  limits: Record<UsageKind, number | null>;
}

/** Today's counters and limits for the user in their zone (`tier`: when the caller already knows it). */
export async function usageToday(
  db: Executor,
  userId: number,
  timeZone: string,
  now: Date = new Date(),
  tier?: Tier,
): Promise<UsageToday> {
  const day = localDate(timeZone, now);
  const [effective, rows] = await Promise.all([tier ?? effectiveTier(db, userId, now), usageOn(db, userId, day)]);
  const used: Record<UsageKind, number> = { diary_entries: 0, voice_seconds: 0, tokens: 0 };
  for (const r of rows) if (r.kind in used) used[r.kind as UsageKind] = r.used;
  const kinds: UsageKind[] = ['diary_entries', 'voice_seconds', 'tokens'];
  const limits = Object.fromEntries(kinds.map((k) => [k, dailyLimit(effective, k)])) as Record<
    UsageKind,
    number | null
  >;
  return { tier: effective, day, used, limits };
}
