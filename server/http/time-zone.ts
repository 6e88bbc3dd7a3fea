// Time zones: the client sends its IANA zone in X-Time-Zone; daily quotas are counted per LOCAL date in it.
// Intl accepts a zone in any letter case ('europe/MOSCOW'), so a header is first canonicalised ('Europe/Moscow')
// and only canonical names are cached: millions of spellings of one zone are one entry, and the cache is bounded.
import { TZDate } from '@date-fns/tz';

const MAX_ZONE_LENGTH = 64;
/** Far more than the IANA database has (≈600 names): only an unusual zone list could ever evict one. */
export const TIME_ZONE_CACHE_MAX = 1000;
const formatters = new Map<string, Intl.DateTimeFormat>();

function cached(canonical: string): Intl.DateTimeFormat {
  let f = formatters.get(canonical);
  if (!f) {
    // en-CA formats dates as YYYY-MM-DD.
    f = new Intl.DateTimeFormat('en-CA', { timeZone: canonical, year: 'numeric', month: '2-digit', day: '2-digit' });
    if (formatters.size >= TIME_ZONE_CACHE_MAX) formatters.delete(formatters.keys().next().value!);
    formatters.set(canonical, f);
  }
  return f;
}

/**
 * The canonical spelling of a zone Intl knows (IANA names such as Europe/Moscow, Asia/Yekaterinburg, UTC, in any
 * letter case), or null. A canonical name already in the cache costs one Map lookup; anything else is resolved
 * by Intl and never cached under its raw spelling.
 */
export function canonicalTimeZone(timeZone: string): string | null {
  if (timeZone.length === 0 || timeZone.length > MAX_ZONE_LENGTH) return null;
  if (formatters.has(timeZone)) return timeZone;
  let canonical: string;
  try {
    canonical = new Intl.DateTimeFormat('en', { timeZone }).resolvedOptions().timeZone;
  } catch {
    return null; // RangeError: not a zone
  }
  cached(canonical); // the next request with this spelling takes the lookup above
  return canonical;
}

/** How many zones are cached (tests: it must not grow with spellings). */
export function timeZoneCacheSize(): number {
  return formatters.size;
}

/** The calendar date (YYYY-MM-DD) at `now` in `timeZone` (a canonical name, see canonicalTimeZone). */
export function localDate(timeZone: string, now: Date = new Date()): string {
  const canonical = canonicalTimeZone(timeZone);
  if (!canonical) throw new Error(`Unknown time zone ${timeZone}`);
  return cached(canonical).format(now);
}

/** `day` (YYYY-MM-DD) + `offset` calendar days, as YYYY-MM-DD. */
export function addDays(day: string, offset: number): string {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + offset);
  return d.toISOString().slice(0, 10);
}

/** Day of the week of a calendar date, Monday 0 … Sunday 6. */
export function weekdayOf(day: string): number {
  return (new Date(`${day}T00:00:00Z`).getUTCDay() + 6) % 7;
}

/** The instant of `hour`:00 on the local date `day` in `timeZone` (in a DST gap, as clocks move: forward). */
export function instantAt(timeZone: string, day: string, hour = 0): Date {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return new Date(new TZDate(y, m - 1, d, hour, 0, 0, 0, timeZone).getTime());
}
