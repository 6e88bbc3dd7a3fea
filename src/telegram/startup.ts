// Telegram's SDK and its start-up: a chunk of its own that boot.tsx loads once the first screen has painted (the SDK
// is an eighth of the first load's JavaScript and nothing on the first screen needs it; the colours come from the
// launch parameters, themeColors.ts).
import {
  hapticFeedback,
  init,
  miniApp,
  parseLaunchParamsQuery,
  retrieveLaunchParams,
  swipeBehavior,
  themeParams,
  viewport,
  type InitOptions,
} from '@telegram-apps/sdk';
import { installBrowserBridge, lacksTelegramHost } from './browserBridge';
import type { ThemeParams } from '../lib/readableTheme';
import { rawLaunchParams, writeSession } from './launchParams';
import { connectHaptics } from './haptic';
import type { TelegramStatus } from '../../machines/app/boot.machine';

/** The viewport mount waits at most this long; failure or timeout is ignored. */
export const VIEWPORT_MOUNT_TIMEOUT_MS = 1000;

/** Runs a step and ignores any error: on old clients or outside Telegram a step may be unavailable. */
function attempt(step: () => unknown): void {
  try {
    step();
  } catch {
    /* an unavailable step changes nothing */
  }
}

/**
 * The start-up the spec asks for. Never throws, never waits longer than the viewport timeout.
 * "Inside Telegram" is decided from the raw launch parameters, not `isTMA()`, which also validates the init
 * data and so says no to clients before Bot API 8.0 (no `signature`): those still get the whole start-up.
 */
export async function startTelegram(): Promise<TelegramStatus> {
  const raw = rawLaunchParams();
  if (!raw) return 'outside';

  try {
    if (lacksTelegramHost()) installBrowserBridge();
  } catch {
    /* without the stand-in, init() below reports the failure */
  }

  try {
    init(sdkInitOptions(raw));
  } catch {
    return 'failed';
  }
  connectHaptics(hapticFeedback);

  attempt(() => miniApp.mountSync.ifAvailable());
  // miniApp.mountSync mounts the theme params too; mount explicitly in case it threw half-way.
  attempt(() => themeParams.mountSync.ifAvailable());
  attempt(() => themeParams.bindCssVars.ifAvailable());
  // The colours the app paints text with, lifted to read on Telegram's surfaces whatever theme it sends.
  await bindThemeColors().catch(() => {});
  attempt(() => miniApp.bindCssVars.ifAvailable());
  attempt(() => viewport.expand.ifAvailable());
  // swipeBehavior.mount() already disables vertical swipes (Mini Apps ≥ 7.7); disable explicitly anyway.
  attempt(() => swipeBehavior.mount.ifAvailable());
  attempt(() => swipeBehavior.disableVertical.ifAvailable());

  await mountViewport();
  attempt(() => {
    if (viewport.isMounted() && !viewport.isCssVarsBound()) viewport.bindCssVars.ifAvailable();
  });
  attempt(() => miniApp.ready.ifAvailable());
  return 'ready';
}

/**
 * The SDK's own per-tab copy, the third source it reads launch parameters from (after the URL and the navigation
 * entry); it holds only parameters the SDK accepts, as a JSON string.
 */
const SDK_COPY_KEY = 'tapps/launchParams';

/**
 * Gets the SDK to accept this launch and returns the options for its `init()`: none when it accepts the launch
 * parameters as they are. Otherwise the parameters without the init data it refuses (the SDK needs platform,
 * version and theme; the app sends the init data itself): passed to `init()`, and kept as the SDK's per-tab copy,
 * because every SDK function checks that the page is a Mini App by reading the launch parameters again.
 * Throws when even those cannot be parsed.
 */
function sdkInitOptions(raw: string): InitOptions | undefined {
  try {
    retrieveLaunchParams();
    return undefined;
  } catch {
    const params = new URLSearchParams(raw);
    params.delete('tgWebAppData');
    if (!params.has('tgWebAppThemeParams')) params.set('tgWebAppThemeParams', '{}');
    const launchParams = parseLaunchParamsQuery(params);
    writeSession(SDK_COPY_KEY, JSON.stringify(params.toString()));
    return { launchParams };
  }
}

/** Telegram's theme params by Telegram's names (the SDK keys them in camelCase). */
function currentThemeParams(): ThemeParams {
  const state = Object.entries(themeParams.state() as Record<string, unknown>);
  return Object.fromEntries(state.map(([key, value]) => [key.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`), value]));
}

/**
 * The readable colours and the colour scheme from the SDK's theme, again whenever Telegram changes it (live switch).
 * Their derivation is a chunk of its own: index.html's early script has set the launch's (src/earlyPaint.ts).
 */
async function bindThemeColors(): Promise<void> {
  const { applyThemeColors } = await import('./themeColors');
  const apply = () => applyThemeColors(currentThemeParams());
  apply();
  themeParams.state.sub(apply);
}

/** viewport.mount has no default timeout and may hang: pass one, race it, ignore the outcome. */
async function mountViewport(): Promise<void> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  try {
    if (!viewport.mount.isAvailable() || viewport.isMounted() || viewport.isMounting()) return;
    await Promise.race([
      viewport.mount({ timeout: VIEWPORT_MOUNT_TIMEOUT_MS }),
      new Promise<void>((resolve) => {
        timer = setTimeout(resolve, VIEWPORT_MOUNT_TIMEOUT_MS);
      }),
    ]);
  } catch {
    /* failure or timeout is ignored: the app works without the viewport's variables */
  } finally {
    if (timer) clearTimeout(timer);
  }
}
