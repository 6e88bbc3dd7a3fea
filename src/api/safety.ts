// The safety net on the device. The crisis lines of this deployment (GET /api/safety/lines), kept in localStorage
// so that every place that shows them — help, the chat's «Помощь рядом», the crisis help beside a diary entry or a
// practice, the safety plan — shows them without a network; before the first answer, the list shipped with the app.
// (The after-crisis window the server reports with today's usage is src/api/helpNearby.ts: it is on the first
// load, these lines are not.)
import { isCrisisLines, SHIPPED_CRISIS_LINES, type CrisisLines } from '../../contract/safety/crisis-lines';
import { safeStorage } from '../telegram/storage';
import { api } from './client';

export type { CrisisLines };

/** The device's copy of the lines (not personal: one for everyone who uses this device). */
export const CRISIS_LINES_KEY = 'crisis_lines';

function stored(): CrisisLines | null {
  try {
    const value: unknown = JSON.parse(safeStorage.get(CRISIS_LINES_KEY) ?? 'null');
    return isCrisisLines(value) ? value : null;
  } catch {
    return null;
  }
}

let current: CrisisLines = stored() ?? SHIPPED_CRISIS_LINES;
let refreshed: Promise<CrisisLines> | null = null;
const listeners = new Set<() => void>();

/** GET /api/safety/lines. */
export function getCrisisLines(): Promise<CrisisLines> {
  return api.get('api/safety/lines').json<CrisisLines>();
}

/**
 * The lines: the server's list (kept on the device for next time), or — offline, or the server failing — the last
 * copy kept, or the shipped list. Never rejects. The safety plan's «professionals and lines» step reads this.
 */
export async function loadCrisisLines(): Promise<CrisisLines> {
  try {
    const lines = await getCrisisLines();
    if (isCrisisLines(lines)) {
      current = lines;
      safeStorage.set(CRISIS_LINES_KEY, JSON.stringify(lines));
      listeners.forEach((notify) => notify());
    }
  } catch {
    // No network or no answer: what the device has is what shows.
  }
  return current;
}

/**
 * For useSyncExternalStore: the lines now (synchronously, from the device), refreshed from the server once per
 * app start when something first shows them.
 */
export const crisisLinesStore = {
  subscribe(notify: () => void) {
    listeners.add(notify);
    refreshed ??= loadCrisisLines();
    return () => listeners.delete(notify);
  },
  get: (): CrisisLines => current,
};
