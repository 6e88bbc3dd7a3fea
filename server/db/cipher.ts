// Authenticated encryption of personal text at rest: AES-256-GCM (node:crypto) with a random 96-bit nonce per value.
// Envelope encryption (docs/security.md): each user's text is sealed with that user's own data key, and the user keys
// are sealed ("wrapped") with the master key, DATA_ENCRYPTION_KEY. Erasing an account destroys its key, and with it
// every copy of its text wherever one lingers. A sealed value is bytes (a bytea column):
//
//   0x00 · version · id (4 bytes) · nonce (12) · ciphertext · tag (16)
//
//   version 0x02: sealed with a user's key; id = that users.id (big-endian) — every sealed column's value
//   version 0x01: sealed with a master key; id = the key's id — user keys, the database's secret, and column values
//                 written before per-user keys (the start-up job moves those under their user's key, reseal.ts)
//
// The leading zero byte tells a sealed value from text written before encryption existed: PostgreSQL text can never
// hold U+0000, so the UTF-8 bytes of such a row never start with it, and they read back as they are. The master key
// id lets old values open with a previous key after a rotation. The additional authenticated data is the column's
// name (a value copied into another column does not open); a wrapped key's also names its user.
//
// The master keys are the process's (one database per process): installed once at start-up by openDataKeys
// (server/privacy/keys.ts). A user's key comes from the scope the code runs in (user-scope.ts): the sealed column
// types of the schema (server/db/sealed.ts) seal and open with it.
import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import { scopeKey, type UserKey } from './user-scope';

/** Sealed with a master key (and what was sealed so before per-user keys existed). */
const MASTER = 0x01;
/** Sealed with a user's key. */
const USER = 0x02;
const HEADER = 6; // 0x00, version, id
const NONCE = 12;
const TAG = 16;

export interface DataKey {
  /** 4 bytes derived from the key itself: no configuration has to name keys. */
  id: Buffer;
  /** The id as 8 hex digits, for messages and the key list stored in the database. */
  name: string;
  key: Buffer;
}

export interface KeyRing {
  /** Seals everything written from now on. */
  current: DataKey;
  /** Every key that may open a value, the current one included, by name. */
  byName: Map<string, DataKey>;
}

export function dataKey(key: Buffer): DataKey {
  if (key.length !== 32) throw new Error('a data key is 32 bytes');
  const id = createHash('sha256').update('wellbeing data key id\0').update(key).digest().subarray(0, 4);
  return { id, name: id.toString('hex'), key };
}

export function keyRing(current: Buffer, previous: Buffer[] = []): KeyRing {
  const keys = [current, ...previous].map(dataKey);
  return { current: keys[0]!, byName: new Map(keys.map((k) => [k.name, k])) };
}

/** The header every value sealed with master key `key` starts with (the start-up job finds the others by it). */
export function sealedHeader(key: DataKey): Buffer {
  return Buffer.concat([Buffer.from([0x00, MASTER]), key.id]);
}

/** The two bytes every value sealed with a user's key starts with. */
export const USER_SEALED_PREFIX = Buffer.from([0x00, USER]);

/** The additional data of a column, made once (a handful of columns, read on every row). */
const aadBytes = new Map<string, Buffer>();
const aadOf = (aad: string) => aadBytes.get(aad) ?? aadBytes.set(aad, Buffer.from(aad)).get(aad)!;

// GCM's final() adds nothing to the text, so the output is assembled once instead of concatenated (this is on the
// diary list's path, 40 values a page: an open measured 7.4 → 4.5 µs).
function sealWith(version: number, id: Buffer, key: Buffer, plain: string | Buffer, aad: Buffer): Buffer {
  const nonce = randomBytes(NONCE);
  const cipher = createCipheriv('aes-256-gcm', key, nonce, { authTagLength: TAG });
  cipher.setAAD(aad);
  const body = typeof plain === 'string' ? cipher.update(plain, 'utf8') : cipher.update(plain);
  cipher.final();
  const out = Buffer.allocUnsafe(HEADER + NONCE + body.length + TAG);
  out[0] = 0x00;
  out[1] = version;
  id.copy(out, 2);
  nonce.copy(out, HEADER);
  body.copy(out, HEADER + NONCE);
  cipher.getAuthTag().copy(out, HEADER + NONCE + body.length);
  return out;
}

/** Seals with the ring's current master key (user keys, the database's secret). */
export function seal(ring: KeyRing, plain: string | Buffer, aad: string): Buffer {
  return sealWith(MASTER, ring.current.id, ring.current.key, plain, aadOf(aad));
}

/** Seals with a user's key (every sealed column's value). */
export function sealForUser(key: UserKey, plain: string, aad: string): Buffer {
  const id = Buffer.allocUnsafe(4);
  id.writeUInt32BE(key.userId);
  return sealWith(USER, id, key.key, plain, aadOf(aad));
}

/** Why a stored value did not open: a key that is not configured, or bytes that fail authentication. */
export class SealError extends Error {
  override name = 'SealError';
}

/** The master key name a value sealed with a master key carries; null for plain text and user-sealed values. */
export function sealedWith(stored: Uint8Array): string | null {
  return stored[0] === 0x00 && stored[1] === MASTER && stored.length >= HEADER
    ? Buffer.from(stored.subarray(2, HEADER)).toString('hex')
    : null;
}

/** The users.id a value sealed with a user's key names; null for anything else. */
export function sealedFor(stored: Uint8Array): number | null {
  return stored[0] === 0x00 && stored[1] === USER && stored.length >= HEADER
    ? Buffer.from(stored.buffer, stored.byteOffset, stored.byteLength).readUInt32BE(2)
    : null;
}

const asBuffer = (stored: Uint8Array) =>
  Buffer.isBuffer(stored) ? stored : Buffer.from(stored.buffer, stored.byteOffset, stored.byteLength);

function decrypt(bytes: Buffer, key: Buffer, aad: string, keyName: string): Buffer {
  const decipher = createDecipheriv('aes-256-gcm', key, bytes.subarray(HEADER, HEADER + NONCE), {
    authTagLength: TAG,
  });
  decipher.setAuthTag(bytes.subarray(bytes.length - TAG));
  decipher.setAAD(aadOf(aad));
  try {
    const plain = decipher.update(bytes.subarray(HEADER + NONCE, bytes.length - TAG));
    decipher.final(); // throws when the tag does not authenticate
    return plain;
  } catch {
    throw new SealError(`${aad}: the value does not authenticate with ${keyName}`);
  }
}

function checkShape(bytes: Buffer, aad: string): void {
  if (bytes.length < HEADER + NONCE + TAG || (bytes[1] !== MASTER && bytes[1] !== USER))
    throw new SealError(`${aad}: not a sealed value`);
}

/** Opens a value sealed with a master key of `ring` (or plain text) as bytes. */
export function openBytes(ring: KeyRing, stored: Uint8Array, aad: string): Buffer {
  const bytes = asBuffer(stored);
  if (bytes[0] !== 0x00) return bytes; // written before encryption existed
  checkShape(bytes, aad);
  if (bytes[1] !== MASTER) throw new SealError(`${aad}: sealed with a user's key, not a master key`);
  const name = bytes.subarray(2, HEADER).toString('hex');
  const key = ring.byName.get(name);
  if (!key) throw new SealError(`${aad}: sealed with key ${name}, which is not configured`);
  return decrypt(bytes, key.key, aad, `key ${name}`);
}

/** Opens a value sealed with a master key of `ring`, or plain text (written before encryption existed). */
export function open(ring: KeyRing, stored: Uint8Array, aad: string): string {
  return openBytes(ring, stored, aad).toString('utf8');
}

/**
 * Opens a column value: sealed with `key` (its user's), or — written before per-user keys — with a master key of
 * `ring`, or plain.
 */
export function openForUser(ring: KeyRing, key: UserKey | undefined, stored: Uint8Array, aad: string): string {
  const bytes = asBuffer(stored);
  if (bytes[0] !== 0x00 || bytes[1] === MASTER) return open(ring, bytes, aad);
  checkShape(bytes, aad);
  const owner = bytes.readUInt32BE(2);
  if (key?.userId !== owner)
    throw new SealError(
      `${aad}: sealed for user ${owner}, read ${key ? `in user ${key.userId}'s scope` : 'outside any user scope'}`,
    );
  return decrypt(bytes, key.key, aad, `user ${owner}'s key`).toString('utf8');
}

// ---- the process's keys -------------------------------------------------------------------------------------------

let installed: KeyRing | null = null;

/** Makes `ring` the keys every sealed column uses (start-up, after the database accepted it). */
export function installKeyRing(ring: KeyRing): void {
  installed = ring;
}

export function installedKeyRing(): KeyRing {
  if (!installed) throw new Error('Data encryption keys are not loaded: call openDataKeys() before using the database');
  return installed;
}

/** A sealed column's value, sealed with the key of the user whose scope this is (user-scope.ts). */
export function sealText(plain: string, aad: string): Buffer {
  const key = scopeKey();
  if (!key)
    throw new Error(
      `${aad} written outside a user scope: seal personal text inside a request of the authenticated scope, or in ` +
        'asUser(db, userId, …) (server/privacy/user-keys.ts)',
    );
  return sealForUser(key, plain, aad);
}

export const openText = (stored: Uint8Array, aad: string): string =>
  openForUser(installedKeyRing(), scopeKey(), stored, aad);
