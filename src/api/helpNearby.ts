// The after-crisis window on the device: every usage the app receives from the server (GET /usage, a chat reply, a
// transcription) says until when it lasts (`help_nearby_until`, 72 hours after the safety net's last risk signal).
// Meanwhile the app's upgrade dialog opens quiet (src/ui/upgradeDialog.ts). Tiny on purpose: it is on the first load.
import type { UsageInfo } from '../../contract/billing';

let helpNearbyUntil: string | null = null;

/** Notes what a usage says about the window (no usage: what was known stays). */
export function noteUsage(usage: Pick<UsageInfo, 'help_nearby_until'> | null | undefined): void {
  if (usage) helpNearbyUntil = usage.help_nearby_until ?? null;
}

/** The after-crisis window is open: nothing upsells. */
export const helpNearbyNow = (now: number = Date.now()): boolean =>
  helpNearbyUntil !== null && Date.parse(helpNearbyUntil) > now;
