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
    fromLaunch = undefined; // outside Telegram the SDK throws LaunchParamsRetrieveError
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

/** The init data the API client sends as X-Init-Data (read once lazily, then kept). */
export function getInitData(): string | null {
  return currentInitData ?? readInitData();
}
