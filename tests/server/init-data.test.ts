// Telegram's init-data signature as the server checks it (server/http/init-data.ts): HMAC-SHA256 of the
// data-check-string under HMAC-SHA256("WebAppData", bot token), compared in constant time on the digests. The
// expected values come from the library's own `sign` (Telegram's algorithm), never from the code under test.
import { sign } from '@telegram-apps/init-data-node';
import { describe, expect, it } from 'vitest';
import { initDataSignature } from '../../server/http/init-data';

const TOKEN = '1234567890:TEST-token-for-init-data';
const user = { id: 42, first_name: 'Вера' };
const signed = (token = TOKEN) =>
  sign({ user, query_id: 'AAH-q', signature: 'sig' } as Parameters<typeof sign>[0], token, new Date());

/** `raw` with its hash replaced. */
const withHash = (raw: string, hash: string | null) => {
  const params = new URLSearchParams(raw);
  if (hash === null) params.delete('hash');
  else params.set('hash', hash);
  return params.toString();
};

describe('init data signature', () => {
  it('accepts what Telegram signs with the token, in any order of its fields', () => {
    const raw = signed();
    expect(initDataSignature(raw, TOKEN)).toBe('valid');
    const reordered = new URLSearchParams([...new URLSearchParams(raw).entries()].reverse()).toString();
    expect(initDataSignature(reordered, TOKEN)).toBe('valid');
  });

  it('refuses another token, a changed field, a changed or truncated hash; no hash is missing', () => {
    const raw = signed();
    const hash = new URLSearchParams(raw).get('hash')!;
    expect(hash).toMatch(/^[0-9a-f]{64}$/);
    expect(initDataSignature(signed('999:another-bot'), TOKEN)).toBe('invalid');
    expect(initDataSignature(raw.replace('AAH-q', 'AAH-x'), TOKEN)).toBe('invalid');
    const flipped = `${hash.slice(0, 63)}${hash.endsWith('0') ? '1' : '0'}`;
    expect(initDataSignature(withHash(raw, flipped), TOKEN)).toBe('invalid');
    expect(initDataSignature(withHash(raw, hash.slice(0, 62)), TOKEN)).toBe('invalid');
    expect(initDataSignature(withHash(raw, 'z'.repeat(64)), TOKEN)).toBe('invalid');
    expect(initDataSignature(withHash(raw, null), TOKEN)).toBe('missing');
    expect(initDataSignature(withHash(raw, ''), TOKEN)).toBe('missing');
  });
});
