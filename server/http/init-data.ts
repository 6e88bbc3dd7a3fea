// Telegram's init-data signature (core.telegram.org/bots/webapps, "Validating data received via the Mini App"):
// data-check-string = every `key=value` but `hash`, sorted and joined by "\n"; secret = HMAC-SHA256 of the bot token
// under the key "WebAppData"; the hash is the hex HMAC-SHA256 of the data-check-string under that secret. Checked
// here rather than by @telegram-apps/init-data-node's validate(), which compares the hex strings with `!==`: a
// comparison that stops at the first differing character leaks, through timing, how much of a forged hash is right.
// The digests are compared with timingSafeEqual instead (a lint rule keeps the library's validate out of server/).
import { createHmac, timingSafeEqual } from 'node:crypto';

/** The secret of each bot token (one per process in practice), so a sign-in computes one HMAC, not two. */
const secrets = new Map<string, Buffer>();
const secretOf = (botToken: string) =>
  secrets.get(botToken) ??
  secrets.set(botToken, createHmac('sha256', 'WebAppData').update(botToken).digest()).get(botToken)!;

const HEX_SHA256 = /^[0-9a-f]{64}$/i;

/** Whether `raw` init data carries a hash made with `botToken`: valid, invalid, or missing (no hash at all). */
export function initDataSignature(raw: string, botToken: string): 'valid' | 'invalid' | 'missing' {
  const params = new URLSearchParams(raw);
  const hash = params.get('hash');
  if (!hash) return 'missing';
  const pairs: string[] = [];
  params.forEach((value, key) => {
    if (key !== 'hash') pairs.push(`${key}=${value}`);
  });
  const expected = createHmac('sha256', secretOf(botToken)).update(pairs.sort().join('\n')).digest();
  // A hash that is not 64 hex digits cannot match; the check of its shape tells nothing about the expected value.
  return HEX_SHA256.test(hash) && timingSafeEqual(Buffer.from(hash, 'hex'), expected) ? 'valid' : 'invalid';
}
