// The user's kept time zone: the one zone that decides their local day for the daily quotas, home and reminders.
// It comes from the client's X-Time-Zone but changes at most once per 24 hours — otherwise hopping from UTC+14 to
// UTC−12 would give a second "today" and a second day's quota on one real day. The database's conditional UPDATE
// decides, so two instances (or two requests) cannot both change it.
import type { Executor } from '../db';
import { setZoneIfChangeable, zoneOf } from './repository';

/** How long a kept zone stays before the client's zone may replace it. */
export const TIME_ZONE_KEEP_MS = 24 * 60 * 60 * 1000;

export interface KeptZone {
  timeZone: string | null;
  timeZoneSetAt: Date | null;
}

/** True when `kept` may be replaced now (never set, or set at least TIME_ZONE_KEEP_MS ago). */
export function mayChangeZone(kept: KeptZone, now: Date): boolean {
  return (
    kept.timeZoneSetAt === null ||
    kept.timeZone === null ||
    now.getTime() - kept.timeZoneSetAt.getTime() >= TIME_ZONE_KEEP_MS
  );
}

/**
 * Keeps `zone` (a canonical IANA name) for the user when the rule allows it; returns the zone in force afterwards
 * and whether it changed. One conditional UPDATE; when it changes nothing the stored zone is read back (another
 * instance may have changed it since this one last looked).
 */
export async function keepTimeZone(
  db: Executor,
  userId: number,
  zone: string,
  now: Date = new Date(),
): Promise<KeptZone & { changed: boolean }> {
  const changed = await setZoneIfChangeable(db, userId, zone, now, new Date(now.getTime() - TIME_ZONE_KEEP_MS));
  if (changed) return { ...changed, changed: true };
  const kept = await zoneOf(db, userId);
  return { timeZone: kept?.timeZone ?? null, timeZoneSetAt: kept?.timeZoneSetAt ?? null, changed: false };
}
