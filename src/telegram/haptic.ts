import { hapticFeedback } from '@telegram-apps/sdk';

/** Haptic feedback where a tap deserves it; silently nothing outside Telegram or on old clients. */
function safely(fn: () => unknown): void {
  try {
    fn();
  } catch {
    /* no haptics here */
  }
}

export const haptic = {
  /** A light tap: navigation, choosing an option. */
  tap: () => safely(() => hapticFeedback.impactOccurred.ifAvailable('light')),
  /** A selection change (tabs, slides, mood chips). */
  select: () => safely(() => hapticFeedback.selectionChanged.ifAvailable()),
  success: () => safely(() => hapticFeedback.notificationOccurred.ifAvailable('success')),
  warning: () => safely(() => hapticFeedback.notificationOccurred.ifAvailable('warning')),
  error: () => safely(() => hapticFeedback.notificationOccurred.ifAvailable('error')),
};
