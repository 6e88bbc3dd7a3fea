/**
 * Origin memory: the /app gate remembers the page it turned away. Both ways to /init — the /app gate's redirect
 * and the API client's full reload on a 401 — carry the page as `/init?from=<path+query>`, so one mechanism
 * survives a reload. The hash is left out: at launch it holds Telegram's init data.
 */
import { paths } from '../../machines/paths';

export const INIT_ROUTE = paths.init;
const FROM = 'from';

/** The /init URL that returns to `origin` (an /app path with its query) after auth. */
export function initRouteFrom(origin: string): string {
  const query = `?${FROM}=${encodeURIComponent(origin)}`;
  return returnTarget(query) ? `${INIT_ROUTE}${query}` : INIT_ROUTE;
}

/** Whether `path` is a page of the app's /app area: /app itself, or below it, with or without a query. */
function isAppPage(path: string): boolean {
  return path === paths.app || path.startsWith(`${paths.app}/`) || path.startsWith(`${paths.app}?`);
}

/** The remembered origin in /init's query string, only when it is a page of the app's /app area. */
export function returnTarget(search: string): string | null {
  const from = new URLSearchParams(search).get(FROM);
  return from && isAppPage(from) ? from : null;
}
