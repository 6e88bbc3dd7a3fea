// Time in the practice machines. Every timer keeps absolute deadlines (ms timestamps read from an injected clock)
// and derives what it shows from `deadline - now`; an `after` delay only says when to look again. A phone that
// sleeps or a tab the browser throttles fires those delays late — the next look still reads the true time, a
// missed phase or zone is caught up at once, and the shown seconds are right again. Counting ticks would drift.

/** The time source a timing machine reads: Date.now in the app, the test's simulated clock in tests. */
export interface Clock {
  now(): number;
}

export const SECOND_MS = 1000;

/** Milliseconds from `now` to `deadline`, never negative (a late timer fires at once). */
export function untilDeadline(deadline: number, now: number): number {
  return Math.max(0, deadline - now);
}

/** The countdown figure for what remains: 3.2 s shows 4, exactly 3 s shows 3, nothing left shows 0. */
export function wholeSecondsLeft(remainingMs: number): number {
  return Math.max(0, Math.ceil(remainingMs / SECOND_MS));
}

/**
 * Delay until the shown second changes: the next instant a whole number of seconds away from `anchor` (a
 * deadline ahead, or one already passed — any point of the timer's one-second grid). Never 0, at most a second.
 */
export function untilNextSecond(anchor: number, now: number): number {
  const offset = (((anchor - now) % SECOND_MS) + SECOND_MS) % SECOND_MS;
  return offset || SECOND_MS;
}

/** How far a span from `start` to `end` has run at `now`, 0..1. */
export function spanProgress(start: number, end: number, now: number): number {
  if (end <= start) return 1;
  return Math.min(1, Math.max(0, (now - start) / (end - start)));
}
