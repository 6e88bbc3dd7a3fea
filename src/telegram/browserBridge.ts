import { emitEvent, mockTelegramEnv } from '@telegram-apps/sdk';

type Host = Window & { TelegramWebviewProxy?: unknown; external?: { notify?: unknown } };

/**
 * True when the page has launch parameters but no Telegram client around it: a top-level browser
 * window without Telegram's webview proxy — the /dev launcher and the browser tests. Telegram's
 * own clients always provide a host (webview proxy, or the parent frame of the web client).
 */
export function lacksTelegramHost(): boolean {
  try {
    const w = window as Host;
    const framed = window.self !== window.top;
    const notify = typeof w.external === 'object' && w.external !== null && typeof w.external.notify === 'function';
    return !framed && !w.TelegramWebviewProxy && !notify;
  } catch {
    return false;
  }
}

const answer = (fn: () => void) => setTimeout(fn, 0);

let installed = false;

/**
 * True once the stand-in below answers for the client. Ask this, not `lacksTelegramHost()`, after start-up: the
 * stand-in installs a webview proxy of its own, so the page then looks hosted.
 */
export const usesBrowserBridge = (): boolean => installed;

/**
 * Without a host every SDK call that posts an event throws UnknownEnvError (even `init()`), so
 * there we stand in for the client: bridge calls are accepted, and the viewport and safe-area
 * requests are answered from the browser window so the viewport mount completes at once.
 */
export function installBrowserBridge(): void {
  mockTelegramEnv({
    onEvent: ([method]) => {
      if (method === 'web_app_request_viewport') {
        answer(() =>
          emitEvent('viewport_changed', {
            height: window.innerHeight,
            width: window.innerWidth,
            is_expanded: true,
            is_state_stable: true,
          }),
        );
      } else if (method === 'web_app_request_safe_area') {
        answer(() => emitEvent('safe_area_changed', { top: 0, bottom: 0, left: 0, right: 0 }));
      } else if (method === 'web_app_request_content_safe_area') {
        answer(() => emitEvent('content_safe_area_changed', { top: 0, bottom: 0, left: 0, right: 0 }));
      }
      // Every other call (expand, swipes, haptics, back button, colours) has nothing to do in a browser.
    },
  });
  installed = true;
}
