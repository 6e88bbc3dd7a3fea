// The app's clock for the practice timers (machines/practices/timing.ts reads it through `Clock`), and how a
// countdown is written.
import type { Clock } from '../../machines/practices/timing';

export const systemClock: Clock = { now: () => Date.now() };

/** m:ss for a countdown: 300 → «5:00», 59 → «0:59». */
export function formatClock(totalSeconds: number): string {
  const s = Math.max(0, Math.floor(totalSeconds));
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
}
