// A short-lived link to the user's data export, for clients that cannot send X-Init-Data with a download: Telegram's
// downloadFile fetches the URL itself, and an external browser opened with openLink knows nothing of the Mini App.
// The token is `<user id>.<expiry>.<HMAC>`: signed with a key derived from the database's sealed secret (so every
// instance on one database accepts it), valid for EXPORT_LINK_TTL_S, and naming no one outside this server.
import { createHmac, timingSafeEqual } from 'node:crypto';
import { derivedKey } from './keys';

export const EXPORT_LINK_TTL_S = 600;
/** GET <API prefix>/export/:token in the public scope (download-route.ts). */
export const EXPORT_LINK_PATH = '/export';

const signature = (payload: string) =>
  createHmac('sha256', derivedKey('export-link')).update(payload).digest().subarray(0, 18).toString('base64url');

export function exportLinkToken(userId: number, now = new Date()): { token: string; expiresAt: Date } {
  const expiresAt = new Date(now.getTime() + EXPORT_LINK_TTL_S * 1000);
  const payload = `${userId}.${Math.floor(expiresAt.getTime() / 1000)}`;
  return { token: `${payload}.${signature(payload)}`, expiresAt };
}

/** The user id a token was made for, or null when it is forged, malformed or expired. */
export function exportLinkUser(token: string, now = new Date()): number | null {
  const match = /^(\d{1,10})\.(\d{1,12})\.([A-Za-z0-9_-]{24})$/.exec(token);
  if (!match) return null;
  const [, user, expiry, given] = match;
  const expected = Buffer.from(signature(`${user}.${expiry}`));
  if (!timingSafeEqual(Buffer.from(given!), expected)) return null;
  return Number(expiry) * 1000 > now.getTime() ? Number(user) : null;
}
