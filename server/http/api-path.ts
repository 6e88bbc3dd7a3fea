// The API's place in the URL space: everything at /api and below belongs to the API, never to the client.
export const API_PREFIX = '/api';

/** True for /api, /api/… and /api?… — not for /apix…, which find-my-way's '/api*' wildcard would also match. */
export function isApiPath(url: string): boolean {
  return url === API_PREFIX || url.startsWith(`${API_PREFIX}/`) || url.startsWith(`${API_PREFIX}?`);
}
