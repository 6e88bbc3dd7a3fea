import { launchInitData } from './launchParams';
import { STORAGE_KEYS, safeStorage } from './storage';

/**
 * The raw init data of this launch (from the launch parameters: URL, navigation entry or the per-tab copy),
 * saved to localStorage tg_init_data; when the launch has none, the saved copy. Null when neither exists.
 */
export function readInitData(): string | null {
  const fromLaunch = launchInitData();
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
