import {
  parseLaunchParamsQuery,
  retrieveLaunchParams,
  retrieveRawLaunchParams,
  type InitOptions,
} from '@telegram-apps/sdk';

/** Our per-tab copy of launch parameters the SDK refuses (it keeps only those it accepts). */
const SESSION_COPY_KEY = 'tg_launch_params';

/** Query and hash of a URL as one query string, the way the SDK reads launch parameters. */
function paramsOf(url: string | undefined): string | null {
  return url ? url.replace(/^[^?#]*[?#]/, '').replace(/[?#]/g, '&') : null;
}

/** Launch parameters are Telegram's when they name its platform and version (init data aside). */
function isLaunch(query: string | null): query is string {
  if (!query) return false;
  const params = new URLSearchParams(query);
  return Boolean(params.get('tgWebAppPlatform') && params.get('tgWebAppVersion'));
}

function sessionCopy(): { read(): string | null; write(value: string): void } {
  return {
    read: () => {
      try {
        return sessionStorage.getItem(SESSION_COPY_KEY);
      } catch {
        return null;
      }
    },
    write: (value) => {
      try {
        sessionStorage.setItem(SESSION_COPY_KEY, value);
      } catch {
        /* a reload then starts as outside Telegram; the init data survives in tg_init_data */
      }
    },
  };
}

/**
 * The raw launch parameters of this launch (`tgWebAppData=…&tgWebAppVersion=…&…`), or null outside Telegram.
 * The SDK's own reader validates them and refuses init data without `signature` (clients before Bot API 8.0);
 * such launches are still Telegram's, so the URL (query and hash), the navigation entry and our per-tab copy
 * are read as they are.
 */
export function rawLaunchParams(): string | null {
  try {
    return retrieveRawLaunchParams();
  } catch {
    /* refused or absent: look at the raw sources */
  }
  const copy = sessionCopy();
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
      copy.write(query);
      return query;
    }
  }
  const saved = copy.read();
  return isLaunch(saved) ? saved : null;
}

/** `tgWebAppData` of this launch, verbatim (the server checks its signature). */
export function launchInitData(): string | undefined {
  return new URLSearchParams(rawLaunchParams() ?? '').get('tgWebAppData') || undefined;
}

/**
 * Options for the SDK's `init()`: none when the SDK accepts the launch parameters; otherwise the parameters
 * without the init data it refuses (the SDK needs only platform, version and theme; the app sends the init data
 * to the server itself). Throws when even those cannot be parsed.
 */
export function sdkInitOptions(raw: string): InitOptions | undefined {
  try {
    retrieveLaunchParams();
    return undefined;
  } catch {
    const params = new URLSearchParams(raw);
    params.delete('tgWebAppData');
    if (!params.has('tgWebAppThemeParams')) params.set('tgWebAppThemeParams', '{}');
    return { launchParams: parseLaunchParamsQuery(params) };
  }
}
