// Keeping the screen on during a practice. Telegram's Mini Apps SDK has no keep-awake call, so this is the Screen
// Wake Lock API where the WebView has it. The browser drops the lock whenever the page is hidden, so it is asked for
// again when the page comes back. Where the API is missing or says no (permissions, battery saver), nothing
// happens and the practice runs as usual.
import { fromCallback, type EventObject } from 'xstate';

interface Sentinel {
  release(): Promise<void>;
}
interface WakeLockLike {
  request(type: 'screen'): Promise<Sentinel>;
}

function wakeLockApi(): WakeLockLike | undefined {
  if (typeof navigator === 'undefined' || typeof document === 'undefined') return undefined;
  const api = (navigator as Navigator & { wakeLock?: WakeLockLike }).wakeLock;
  return api && typeof api.request === 'function' ? api : undefined;
}

/** The practice session's `keepAwake` actor: holds a screen wake lock while it runs. */
export const keepAwake = fromCallback<EventObject, void>(() => {
  const api = wakeLockApi();
  if (!api) return undefined;
  let sentinel: Sentinel | null = null;
  let stopped = false;
  const release = (s: Sentinel | null) => void s?.release().catch(() => {});
  const acquire = () => {
    if (stopped || sentinel || document.visibilityState !== 'visible') return;
    api.request('screen').then(
      (s) => {
        if (stopped) release(s);
        else sentinel = s;
      },
      () => {}, // refused: the screen may dim, the practice goes on
    );
  };
  const onVisibility = () => {
    if (document.visibilityState === 'visible') {
      sentinel = null; // the browser released it while hidden
      acquire();
    }
  };
  acquire();
  document.addEventListener('visibilitychange', onVisibility);
  return () => {
    stopped = true;
    document.removeEventListener('visibilitychange', onVisibility);
    release(sentinel);
    sentinel = null;
  };
});
