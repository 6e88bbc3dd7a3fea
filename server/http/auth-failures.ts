// Failed authentications per client IP in a fixed one-minute window. The per-user rate limit runs after auth, so
// without this a flood of forged or missing init data (HMAC brute force, or just load) is never cut off.
// Memory is bounded: the whole table is dropped when the window turns, and it never holds more than maxKeys IPs
// (the oldest is forgotten first).
export const AUTH_FAILURE_WINDOW_MS = 60_000;
const MAX_KEYS = 10_000;

export class AuthFailureLimiter {
  private counts = new Map<string, number>();
  private windowStart = 0;

  /** `limit` failures per window per key; 0 disables the limiter. */
  constructor(
    private readonly limit: number,
    private readonly maxKeys = MAX_KEYS,
  ) {}

  private roll(now: number): void {
    if (now - this.windowStart >= AUTH_FAILURE_WINDOW_MS) {
      this.counts.clear();
      this.windowStart = now;
    }
  }

  /** True when `key` has used up its failures in the current window. */
  blocked(key: string, now: number): boolean {
    if (this.limit === 0) return false;
    this.roll(now);
    return (this.counts.get(key) ?? 0) >= this.limit;
  }

  record(key: string, now: number): void {
    if (this.limit === 0) return;
    this.roll(now);
    const n = this.counts.get(key);
    if (n === undefined && this.counts.size >= this.maxKeys) this.counts.delete(this.counts.keys().next().value!);
    this.counts.set(key, (n ?? 0) + 1);
  }

  /** Whole seconds until the window turns (Retry-After). */
  retryAfterS(now: number): number {
    return Math.max(1, Math.ceil((this.windowStart + AUTH_FAILURE_WINDOW_MS - now) / 1000));
  }

  get size(): number {
    return this.counts.size;
  }
}
