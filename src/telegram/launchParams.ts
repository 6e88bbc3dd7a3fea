// No import of the SDK here: the entry reads the init data through this file before the SDK has downloaded.

/** Our per-tab copy of this launch's raw parameters: routing drops the hash, a reload must still know them. */
const TAB_COPY_KEY = 'tg_launch_params';

/** Query and hash of a URL as one query string, the way the SDK reads launch parameters. */
function paramsOf(url: string | undefined): string | null {
  return url ? url.replace(/^[^?#]*[?#]/, '').replace(/[?#]/g, '&') : null;
}

/** Launch parameters are Telegram's when they name its platform and version (the init data aside). */
function isLaunch(query: string | null): query is string {
  if (!query) return false;
  const params = new URLSearchParams(query);
  return Boolean(params.get('tgWebAppPlatform') && params.get('tgWebAppVersion'));
}

function readSession(key: string): string | null {
  try {
    return sessionStorage.getItem(key);
  } catch {
    return null;
  }
}

export function writeSession(key: string, value: string): void {
  try {
    sessionStorage.setItem(key, value);
  } catch {
    /* then a reload in this tab starts as outside Telegram; the init data survives in tg_init_data */
  }
}

/**
 * The raw launch parameters of this launch (`tgWebAppData=…&tgWebAppVersion=…&…`), or null outside Telegram.
 * Read as they are from the URL (query and hash), the navigation entry, or this tab's copy — not through the SDK,
 * whose reader also validates the init data and refuses it without `signature` (clients before Bot API 8.0):
 * those launches are Telegram's all the same, and the server checks the init data anyway.
 */
export function rawLaunchParams(): string | null {
  const sources = [
    () => paramsOf(window.location.href),
    () => paramsOf(performance.getEntriesByType('navigation')[0]?.name),
  ];
  for (const source of sources) {
    let query: string | null = null;
    try {
      query = source();
    } catch {
      /* a source that cannot be read is empty */
    }
    if (isLaunch(query)) {
      writeSession(TAB_COPY_KEY, query);
      return query;
    }
  }
  const copy = readSession(TAB_COPY_KEY);
  return isLaunch(copy) ? copy : null;
}

/** `tgWebAppData` of this launch, verbatim (the server checks its signature). */
export function launchInitData(): string | undefined {
  return new URLSearchParams(rawLaunchParams() ?? '').get('tgWebAppData') || undefined;
}
