// Where the data key comes from, and whether it fits the database — one start-up step (server/start/main.ts; tests
// and benches call it after migrating):
//
// - DATA_ENCRYPTION_KEY (32 bytes, base64 or hex); DATA_ENCRYPTION_PREVIOUS_KEYS after a rotation;
// - DATA_ENCRYPTION_KEY_FILE: the key read from a file (server/config/index.ts);
// - unset on the embedded PGlite: a key generated beside the data directory (`${DATA_DIR}.key`, 0600) on first
//   start, never inside it, so a copy of the data alone does not open; a key an earlier version left inside
//   (DATA_DIR/data-encryption.key) is moved there. Unset on PostgreSQL: a refusal to start — a key made on one
//   machine would leave every other instance, and a lost disk, without the data;
// - the database's data_encryption row must open with the configured keys, and every key its data is still sealed
//   with must be configured; otherwise the server refuses to start with a clear message (WrongKeyError) instead of
//   writing data with a key that cannot read what is there;
// - then, when the list says anything but the current key may be in use: the users' keys wrapped with another
//   master key are wrapped with the current one (user-keys.ts: a rotation touches that small table only), values not
//   yet under their user's key (plain from before encryption, or sealed with a master key before per-user keys) are
//   moved under it (reseal.ts), and the key list in the database says which keys are still in use.
//
// The master key seals no one's text itself: it wraps the users' keys and the database's secret (docs/security.md).
import { hkdfSync, randomBytes } from 'node:crypto';
import { copyFileSync, existsSync, readFileSync, renameSync, unlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type pg from 'pg';
import type { Database } from '../db';
import { holdingStartLock } from '../db/migrate';
import type { Config } from '../config';
import { parseDataKey } from '../config';
import { installKeyRing, keyRing, open, seal, sealedWith, SealError, type KeyRing } from '../db/cipher';
import { encryptionRow, insertEncryptionRow, updateEncryptionRow } from './repository';
import { resealAll } from './reseal';
import { keepWalFromRecycling } from './shred';
import { forgetUserKeys, rewrapAll } from './user-keys';

/** Where earlier versions generated the key: inside DATA_DIR, so every copy of the data carried its key. */
export const LEGACY_KEY_FILE = 'data-encryption.key';
/**
 * In the key list: values may exist that are not under their user's key — plain (written before encryption existed)
 * or sealed with a master key directly (before per-user keys). Starts keep looking until a look finds none.
 */
const PLAIN = 'plain';
const SECRET_AAD = 'data_encryption.secret';

/** The configuration does not let the server start (no key for PostgreSQL, a key that does not fit). */
export class DataKeyError extends Error {
  override name = 'DataKeyError';
}

export interface OpenedKeys {
  /** The key's name (8 hex digits of its id). */
  current: string;
  /** The key file this start generated, if any. */
  generatedKeyFile: string | null;
  /** A key file this start moved out of the data directory to its place beside it. */
  movedKeyFile: { from: string; to: string } | null;
  /** Values this start moved under their user's key (plain, or sealed with a master key). */
  resealed: number;
  /** User keys this start wrapped with the current master key (a rotation). */
  rewrapped: number;
  /** Keys no data is sealed with any more: DATA_ENCRYPTION_PREVIOUS_KEYS may drop them. */
  retired: string[];
}

type KeyConfig = Pick<
  Config,
  'databaseUrl' | 'dataDir' | 'dataKeyFile' | 'dataEncryptionKey' | 'dataEncryptionPreviousKeys'
>;

/** A key inside DATA_DIR (earlier versions) goes beside it; a different key already there is a conflict. */
function moveLegacyKeyFile(config: KeyConfig): OpenedKeys['movedKeyFile'] {
  const from = join(config.dataDir, LEGACY_KEY_FILE);
  const to = config.dataKeyFile;
  if (!existsSync(from)) return null;
  if (existsSync(to)) {
    if (!parseDataKey(readFileSync(from, 'utf8'), from).equals(parseDataKey(readFileSync(to, 'utf8'), to)))
      throw new DataKeyError(
        `Two different data keys: ${from} and ${to}. Keep the one the data was sealed with at ${to} and remove the ` +
          `other / два разных ключа шифрования: оставьте нужный в ${to}`,
      );
    unlinkSync(from);
    return { from, to };
  }
  try {
    renameSync(from, to);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EXDEV') throw error;
    copyFileSync(from, to); // another file system: copy (keeping 0600 under the private umask), then remove
    unlinkSync(from);
  }
  return { from, to };
}

/** The master key ring of the configuration; on PGlite without a configured key, the key file (made once). */
function ringFor(config: KeyConfig): Pick<OpenedKeys, 'generatedKeyFile' | 'movedKeyFile'> & { ring: KeyRing } {
  if (config.dataEncryptionKey)
    return {
      ring: keyRing(config.dataEncryptionKey, config.dataEncryptionPreviousKeys),
      generatedKeyFile: null,
      movedKeyFile: null,
    };
  if (config.databaseUrl)
    throw new DataKeyError(
      'DATA_ENCRYPTION_KEY is required with DATABASE_URL: every instance must seal data with the same key, kept apart ' +
        'from the servers (make one: openssl rand -base64 32) / с DATABASE_URL нужен DATA_ENCRYPTION_KEY — один ключ ' +
        'для всех экземпляров сервера',
    );
  const movedKeyFile = moveLegacyKeyFile(config);
  const file = config.dataKeyFile;
  try {
    return { ring: keyRing(parseDataKey(readFileSync(file, 'utf8'), file)), generatedKeyFile: null, movedKeyFile };
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  const key = randomBytes(32);
  // 'wx': of two first starts racing, one writes and the other fails here (the pid lock normally prevents it).
  writeFileSync(file, `${key.toString('base64')}\n`, { mode: 0o600, flag: 'wx' });
  return { ring: keyRing(key), generatedKeyFile: file, movedKeyFile };
}

/** Runs `work` alone among the instances starting on this database (PostgreSQL: the migrations' advisory lock). */
async function exclusively<T>(database: Database, work: () => Promise<T>): Promise<T> {
  if (database.kind === 'pglite') return work();
  const client = await (database.client as pg.Pool).connect();
  try {
    return await holdingStartLock(client, work);
  } finally {
    client.release();
  }
}

function wrongKey(ring: KeyRing, missing: string[]): DataKeyError {
  return new DataKeyError(
    `DATA_ENCRYPTION_KEY does not fit this database: its data is sealed with key ${missing.join(', ')}, and the ` +
      `configured key is ${ring.current.name}${ring.byName.size > 1 ? ` (previous: ${[...ring.byName.keys()].slice(1).join(', ')})` : ''}. ` +
      'Give the key the data was sealed with as DATA_ENCRYPTION_KEY, or — rotating to a new key — as ' +
      'DATA_ENCRYPTION_PREVIOUS_KEYS / ключ шифрования не подходит к этой базе данных: укажите прежний ключ ' +
      `(данные зашифрованы ключом ${missing.join(', ')})`,
  );
}

let secret: Buffer | null = null;

/** A key for `purpose` derived from the database's secret (erased-account hashes, export links). */
export function derivedKey(purpose: string): Buffer {
  if (!secret) throw new Error('Data encryption keys are not loaded: call openDataKeys() first');
  return Buffer.from(hkdfSync('sha256', secret, Buffer.alloc(0), purpose, 32));
}

/**
 * Checks the configured keys against the database, installs them for the sealed columns, and seals what is not
 * sealed with the current key. Throws DataKeyError when the server must not start.
 */
export async function openDataKeys(database: Database, config: KeyConfig): Promise<OpenedKeys> {
  const { ring, generatedKeyFile, movedKeyFile } = ringFor(config);
  const { db } = database;
  const current = ring.current.name;
  return exclusively(database, async () => {
    const row = await encryptionRow(db);
    let inUse: string[];
    if (!row) {
      // First start with encryption: rows from before it may exist ('plain' until the job below has sealed them).
      secret = randomBytes(32);
      inUse = [PLAIN, current];
      await insertEncryptionRow(db, { secret: seal(ring, secret.toString('base64'), SECRET_AAD), keysInUse: inUse });
    } else {
      const missing = row.keysInUse.filter((name) => name !== PLAIN && !ring.byName.has(name));
      if (missing.length) throw wrongKey(ring, missing);
      try {
        secret = Buffer.from(open(ring, row.secret, SECRET_AAD), 'base64');
      } catch (error) {
        if (error instanceof SealError) throw wrongKey(ring, row.keysInUse);
        throw error;
      }
      inUse = row.keysInUse.includes(current) ? row.keysInUse : [...row.keysInUse, current];
      // A new key: the secret moves to it with the list, so the row always opens with a key the list names.
      if (inUse !== row.keysInUse || sealedWith(row.secret) !== current)
        await updateEncryptionRow(db, { secret: seal(ring, secret.toString('base64'), SECRET_AAD), keysInUse: inUse });
    }
    installKeyRing(ring);
    forgetUserKeys(db);
    await keepWalFromRecycling(database);

    // Nothing to do when only the current key is in use and no previous key is configured; with previous keys the
    // work runs on every start, since instances still running the old key may have written with it meanwhile.
    const settled = inUse.length === 1 && ring.byName.size === 1;
    if (settled) return { current, generatedKeyFile, movedKeyFile, resealed: 0, rewrapped: 0, retired: [] };
    const rewrapped = await rewrapAll(db, ring);
    const resealed = await resealAll(db, ring);
    // Values found not under their user's key may still be written by an instance of an earlier version (a rolling
    // upgrade): the next start looks again, until a look finds none.
    await updateEncryptionRow(db, { keysInUse: resealed ? [PLAIN, current] : [current] });
    const retired = [...ring.byName.keys()].filter((name) => name !== current);
    return { current, generatedKeyFile, movedKeyFile, resealed, rewrapped, retired };
  });
}
