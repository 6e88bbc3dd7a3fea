import { backButton } from '@telegram-apps/sdk';
import { useEffect, useRef, useState } from 'react';
import { lacksTelegramHost } from './browserBridge';

function tryNative<T>(fn: () => T): T | undefined {
  try {
    return fn();
  } catch {
    return undefined;
  }
}

/**
 * Shows Telegram's native BackButton while the calling screen is mounted and calls `onBack` on press.
 * Returns `true` when the native button is in use, so the screen can hide its own back arrow;
 * `false` outside Telegram or on old clients, where the screen shows its own.
 */
export function useBackButton(onBack: () => void): boolean {
  const handler = useRef(onBack);
  handler.current = onBack;
  const [native, setNative] = useState(false);

  useEffect(() => {
    const mounted = tryNative(() => {
      if (!backButton.isMounted()) backButton.mount.ifAvailable();
      return backButton.isMounted();
    });
    if (!mounted) return;
    const shown = tryNative(() => backButton.show.ifAvailable()[0]) ?? false;
    const off = tryNative(() => backButton.onClick(() => handler.current()));
    // In a plain browser tab (stand-in bridge) there is no native button to see.
    setNative(shown && !lacksTelegramHost());
    return () => {
      off?.();
      tryNative(() => backButton.hide.ifAvailable());
    };
  }, []);

  return native;
}
