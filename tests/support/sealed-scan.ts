/**
 * What an attacker holding the database's raw bytes (data files, write-ahead log, a backup) and the server's keys
 * could read: every sealed value found in the bytes, opened with every key there is. Written from the value format
 * docs/privacy.md documents (not with the server's own cipher, so a bug there cannot hide itself):
 *
 *   0x00 · version (0x01 master key, 0x02 a user's key) · id (4 bytes) · nonce (12) · AES-256-GCM ciphertext · tag (16)
 *
 * A value sits in a page as a PostgreSQL varlena: a 1-byte header (length × 2 + 1, values up to 126 bytes) or a
 * 4-byte little-endian one (length × 4), both counting themselves. A value stored whole lies in one page (a row must
 * fit in one; a longer value is compressed or cut into TOAST chunks), and a page is at most 32 KB (PostgreSQL's largest
 * BLCKSZ; 8 KB here): a longer «length» before a header is not a value's. Write-ahead log files are also read with their
 * 8 KB page headers taken out, so a value a page boundary split in two is found whole.
 *
 * ```ts
 * const found = sealedValuesIn(bytes, [masterHeader(key), userHeader(7)]); // values with those ids, in raw bytes
 * const texts = openEverything(found, { masterKeys, userKeys, aads }); // every plaintext any key opens
 * ```
 * User keys wrapped with a master key that turn up in the bytes are unwrapped and tried too (`user_keys.wrapped:<id>`).
 */
import { createDecipheriv, createHash } from 'node:crypto';

const HEADER = 6;
const NONCE = 12;
const TAG = 16;
const MIN = HEADER + NONCE + TAG;
/** The largest block size PostgreSQL can be built with: no value stored whole is longer. */
const MAX = 32_768;

/** The 6 bytes a value sealed with this master key starts with (its id: SHA-256 of a label and the key, 4 bytes). */
export function masterHeader(key: Buffer): Buffer {
  const id = createHash('sha256').update('wellbeing data key id\0').update(key).digest().subarray(0, 4);
  return Buffer.concat([Buffer.from([0x00, 0x01]), id]);
}

/** The 6 bytes a value sealed with user `userId`'s key starts with. */
export function userHeader(userId: number): Buffer {
  const header = Buffer.from([0x00, 0x02, 0, 0, 0, 0]);
  header.writeUInt32BE(userId, 2);
  return header;
}

/** Every byte range that starts with one of `headers` and is stored as a varlena (its length from the varlena). */
export function sealedValuesIn(bytes: Buffer, headers: Buffer[]): Buffer[] {
  const found: Buffer[] = [];
  for (const header of headers)
    for (let i = bytes.indexOf(header, 1); i !== -1; i = bytes.indexOf(header, i + 1)) {
      const short = bytes[i - 1]!;
      if (short & 0x01 && short !== 0x01) {
        const length = (short >> 1) - 1;
        if (length >= MIN && i + length <= bytes.length) found.push(bytes.subarray(i, i + length));
      }
      if (i >= 4) {
        const long = bytes.readUInt32LE(i - 4);
        const length = (long >>> 2) - 4;
        // Without the cap, the bytes before a header found by chance in PGlite's files read as lengths up to 8 MB:
        // 281 MB of «values», each decrypted with every key and column (about 6 s of CPU in crypto-shredding.test.ts).
        if ((long & 0x03) === 0 && length >= MIN && length <= MAX && i + length <= bytes.length)
          found.push(bytes.subarray(i, i + length));
      }
    }
  return found;
}

const WAL_PAGE = 8192;
/** A write-ahead log segment's records without the page headers between them (long header first, then short). */
export function walWithoutPageHeaders(segment: Buffer): Buffer {
  const pages: Buffer[] = [];
  for (let at = 0; at < segment.length; at += WAL_PAGE)
    pages.push(segment.subarray(at + (at === 0 ? 40 : 24), at + WAL_PAGE));
  return Buffer.concat(pages);
}

function tryOpen(value: Buffer, key: Buffer, aad: string): Buffer | null {
  try {
    const decipher = createDecipheriv('aes-256-gcm', key, value.subarray(HEADER, HEADER + NONCE), {
      authTagLength: TAG,
    });
    decipher.setAuthTag(value.subarray(value.length - TAG));
    decipher.setAAD(Buffer.from(aad));
    const plain = decipher.update(value.subarray(HEADER + NONCE, value.length - TAG));
    decipher.final();
    return plain;
  } catch {
    return null;
  }
}

export interface Keys {
  /** DATA_ENCRYPTION_KEY and any previous ones. */
  masterKeys: Buffer[];
  /** Every user key the server holds (unwrapped from user_keys). */
  userKeys: Buffer[];
  /** The additional data of every sealed column (`table.column`). */
  aads: string[];
  /** users.id values to try as the owner of a wrapped key found in the bytes. */
  userIds: number[];
}

/** Every plaintext that any of the keys — and any user key unwrapped from the bytes — opens. */
export function openEverything(found: Buffer[], keys: Keys): string[] {
  const values = [...new Map(found.map((v) => [v.toString('hex'), v])).values()];
  const userKeys = [...keys.userKeys];
  const masterSealed = values.filter((v) => v[1] === 0x01);
  for (const value of masterSealed)
    for (const master of keys.masterKeys)
      for (const id of keys.userIds) {
        const unwrapped = tryOpen(value, master, `user_keys.wrapped:${id}`);
        if (unwrapped?.length === 32) userKeys.push(unwrapped);
      }
  const opened: string[] = [];
  for (const value of values) {
    const candidates = value[1] === 0x01 ? keys.masterKeys : userKeys;
    for (const key of candidates)
      for (const aad of keys.aads) {
        const plain = tryOpen(value, key, aad);
        if (plain) opened.push(plain.toString('utf8'));
      }
  }
  return opened;
}
