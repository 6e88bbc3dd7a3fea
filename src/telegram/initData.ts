import { retrieveRawInitData } from '@telegram-apps/sdk';
import { STORAGE_KEYS, safeStorage } from './storage';

/**
 * The raw init data of this launch (from the URL hash, the navigation entry or the SDK's session copy),
 * saved to localStorage tg_init_data; when the launch has none, the saved copy. Null when neither exists.
 */
export function readInitData(): string | null {
  let fromLaunch: string | undefined;
  try {
    fromLaunch = retrieveRawInitData();
  } catch {
    // Outside Telegram the SDK throws LaunchParamsRetrieveError; it also refuses launch parameters it
    // deems incomplete (e.g. init data without `signature` from older clients): take the raw value then.
    fromLaunch = initDataFromHash();
  }
  if (fromLaunch) {
    safeStorage.set(STORAGE_KEYS.initData, fromLaunch);
    currentInitData = fromLaunch;
    return fromLaunch;
  }
  currentInitData = safeStorage.get(STORAGE_KEYS.initData) || null;
  return currentInitData;
}

let currentInitData: string | null = null;

/** `tgWebAppData` of the URL hash, exactly as Telegram passes it; the server checks its signature. */
function initDataFromHash(): string | undefined {
  try {
    const hash = window.location.hash.slice(1);
    return new URLSearchParams(hash).get('tgWebAppData') || undefined;
  } catch {
    return undefined;
  }
}

/** The init data the API client sends as X-Init-Data (read once lazily, then kept). */
export function getInitData(): string | null {
  return currentInitData ?? readInitData();
}
