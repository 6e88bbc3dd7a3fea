import { backButton } from '@telegram-apps/sdk';
import { useEffect, useEffectEvent, useSyncExternalStore } from 'react';
import { usesBrowserBridge } from './browserBridge';

function tryNative<T>(fn: () => T): T | undefined {
  try {
    return fn();
  } catch {
    return undefined;
  }
}

const onVisibility = (notify: () => void) => backButton.isVisible.sub(notify);
// In a plain browser tab (stand-in bridge) there is no native button to see, shown or not.
const nativeVisible = () => backButton.isVisible() && !usesBrowserBridge();
const onServer = () => false;

/**
 * Shows Telegram's native BackButton while the calling screen is mounted and calls `onBack` on press.
 * Returns `true` when the native button is in use, so the screen can hide its own back arrow;
 * `false` outside Telegram or on old clients, where the screen shows its own.
 */
export function useBackButton(onBack: () => void): boolean {
  const back = useEffectEvent(onBack);
  // Read from the SDK's own visibility signal: the effect below shows the button, the signal re-renders.
  const native = useSyncExternalStore(onVisibility, nativeVisible, onServer);

  useEffect(() => {
    const mounted = tryNative(() => {
      if (!backButton.isMounted()) backButton.mount.ifAvailable();
      return backButton.isMounted();
    });
    if (!mounted) return;
    tryNative(() => backButton.show.ifAvailable());
    const off = tryNative(() => backButton.onClick(() => back()));
    return () => {
      off?.();
      tryNative(() => backButton.hide.ifAvailable());
    };
  }, []);

  return native;
}
