// No import of the SDK here: home's taps bind haptics, and the SDK downloads after home has painted (boot.tsx).
import type { hapticFeedback as sdkHapticFeedback } from '@telegram-apps/sdk';

type HapticFeedback = typeof sdkHapticFeedback;

let feedback: HapticFeedback | null = null;

/** The SDK's haptics, handed over by the start-up once the SDK has started (startup.ts); taps before are silent. */
export function connectHaptics(sdkFeedback: HapticFeedback): void {
  feedback = sdkFeedback;
}

/** Haptic feedback where a tap deserves it; silently nothing outside Telegram or on old clients. */
function safely(fn: (feedback: HapticFeedback) => unknown): void {
  if (!feedback) return;
  try {
    fn(feedback);
  } catch {
    /* no haptics here */
  }
}

export const haptic = {
  /** A light tap: navigation, choosing an option. */
  tap: () => safely((f) => f.impactOccurred.ifAvailable('light')),
  /** A selection change (tabs, slides, mood chips). */
  select: () => safely((f) => f.selectionChanged.ifAvailable()),
  success: () => safely((f) => f.notificationOccurred.ifAvailable('success')),
  warning: () => safely((f) => f.notificationOccurred.ifAvailable('warning')),
  error: () => safely((f) => f.notificationOccurred.ifAvailable('error')),
};
