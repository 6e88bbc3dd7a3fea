// Time zones: the client sends its IANA zone in X-Time-Zone; daily quotas are counted per LOCAL date in it.
const formatters = new Map<string, Intl.DateTimeFormat | null>();

function formatter(timeZone: string): Intl.DateTimeFormat | null {
  let f = formatters.get(timeZone);
  if (f === undefined) {
    try {
      // en-CA formats dates as YYYY-MM-DD.
      f = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });
    } catch {
      f = null;
    }
    // Bounded: a client cannot grow the cache without limit by inventing zone names.
    if (formatters.size < 1000 || f) formatters.set(timeZone, f);
  }
  return f;
}

/** True for a zone name Intl knows (IANA names such as Europe/Moscow, Asia/Yekaterinburg, UTC). */
export function isValidTimeZone(timeZone: string): boolean {
  return timeZone.length > 0 && timeZone.length <= 64 && formatter(timeZone) !== null;
}

/** The calendar date (YYYY-MM-DD) at `now` in `timeZone`. */
export function localDate(timeZone: string, now: Date = new Date()): string {
  const f = formatter(timeZone);
  if (!f) throw new Error(`Unknown time zone ${timeZone}`);
  return f.format(now);
}
