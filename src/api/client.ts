import ky, { type KyInstance, type Options } from 'ky';
import { INIT_ROUTE, initRouteFrom } from '../auth/origin';
import { getInitData } from '../telegram/initData';

/** Every API request gives up after 30 s. */
export const HTTP_TIMEOUT_MS = 30_000;

/** VITE_API_BASE_URL, or the page's own origin. */
export function apiBaseUrl(): string {
  const configured = import.meta.env.VITE_API_BASE_URL as string | undefined;
  if (configured) return configured;
  return typeof window === 'undefined' ? 'http://localhost/' : window.location.origin;
}

/** Temporal, where the platform has it (Chromium 150 does); TypeScript 5.9 does not declare it yet. */
declare const Temporal: { Now: { timeZoneId(): string } } | undefined;

/**
 * The device's IANA zone. Temporal answers at once; the first `Intl.DateTimeFormat` of a page loads ICU's date data,
 * ≈ 200 ms at 4× CPU slowdown — on the path of the entry's sign-in request (docs/client.md, "Where the time went").
 */
function timeZone(): string | undefined {
  try {
    if (typeof Temporal !== 'undefined') return Temporal.Now.timeZoneId();
    return Intl.DateTimeFormat().resolvedOptions().timeZone;
  } catch {
    return undefined;
  }
}

const baseOptions: Options = {
  timeout: HTTP_TIMEOUT_MS,
  retry: 0,
  headers: { Accept: 'application/json' },
  hooks: {
    beforeRequest: [
      (request) => {
        const initData = getInitData();
        if (initData) request.headers.set('X-Init-Data', initData);
        const zone = timeZone();
        if (zone) request.headers.set('X-Time-Zone', zone);
      },
    ],
  },
};

/**
 * Used only by the auth gate's own GET /users/me: there a 401 is an answer to show
 * («Ошибка авторизации»), not a reason to reload /init.
 */
export const authApi: KyInstance = ky.create({ ...baseOptions, prefixUrl: apiBaseUrl() });

/**
 * The one API client every domain module uses. Any 401 sends the browser to /init (the init data expired or was refused) with a full
 * reload (the init data is read afresh), remembering the page so /init returns there after auth.
 */
export const api: KyInstance = authApi.extend({
  hooks: {
    afterResponse: [
      (_request, _options, response) => {
        const { pathname, search } = window.location;
        if (response.status === 401 && pathname !== INIT_ROUTE) {
          window.location.assign(initRouteFrom(`${pathname}${search}`));
        }
      },
    ],
  },
});
