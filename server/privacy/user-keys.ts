// Each user's own data key (envelope encryption, docs/security.md): 32 random bytes made at the user's first
// authenticated request, stored in user_keys sealed ("wrapped") with the master key, and kept unwrapped in a bounded
// cache of this process. Everything in the sealed columns is sealed with its user's key (cipher.ts), so erasing an
// account — which deletes its user_keys row — leaves its text unreadable wherever a copy lingers: dead rows, the
// write-ahead log, replicas, backups. shredErasedKeys (shred.ts) then makes sure the deleted key itself is gone from
// the database's files.
//
// A master key rotation re-wraps this small table (rewrapAll) and nothing else: the user keys, and every value they
// sealed, stay as they are.
import { randomBytes } from 'node:crypto';
import { LRUCache } from 'lru-cache';
import type { Executor } from '../db';
import { installedKeyRing, openBytes, seal, sealedHeader, type KeyRing } from '../db/cipher';
import { withUserKey, type UserKey } from '../db/user-scope';
import { insertWrappedKey, keysNotWrappedWith, replaceWrappedKeys, vacuumUserKeys, wrappedOf } from './repository';

/** A wrapped key opens only as its own user's: one copied onto another user's row does not. */
const wrapAad = (userId: number) => `user_keys.wrapped:${userId}`;

export const wrapKey = (ring: KeyRing, userId: number, key: Buffer): Buffer => seal(ring, key, wrapAad(userId));
export const unwrapKey = (ring: KeyRing, userId: number, wrapped: Uint8Array): Buffer =>
  openBytes(ring, wrapped, wrapAad(userId));

/**
 * Unwrapped keys of recent users, per database handle (one in production; tests open many): an authenticated
 * request finds its user's key without a query.
 */
const caches = new WeakMap<Executor, LRUCache<number, UserKey>>();
function cacheOf(db: Executor): LRUCache<number, UserKey> {
  let cache = caches.get(db);
  if (!cache) caches.set(db, (cache = new LRUCache({ max: 10_000 })));
  return cache;
}

/**
 * The user's key, made on first use; null when there is no such user (erased meanwhile). Two first requests at
 * once: the primary key lets one insert win and both read it.
 */
export async function userKey(db: Executor, userId: number): Promise<UserKey | null> {
  const cache = cacheOf(db);
  const cached = cache.get(userId);
  if (cached) return cached;
  const ring = installedKeyRing();
  let wrapped = await wrappedOf(db, userId);
  if (!wrapped) {
    const made = wrapKey(ring, userId, randomBytes(32));
    await insertWrappedKey(db, userId, made);
    wrapped = await wrappedOf(db, userId);
    if (!wrapped) return null;
  }
  const key = { userId, key: unwrapKey(ring, userId, wrapped) };
  cache.set(userId, key);
  return key;
}

/** Runs `fn` in `userId`'s scope (code outside an authenticated request: a download link, a job, a test). */
export async function asUser<T>(db: Executor, userId: number, fn: () => Promise<T>): Promise<T | null> {
  const key = await userKey(db, userId);
  // Awaited inside: a Drizzle query is built when awaited, and must be built in the scope.
  return key ? withUserKey(key, async () => await fn()) : null;
}

/** This process forgets an erased user's key (every instance does: erase-notices.ts). */
export function forgetUserKey(db: Executor, userId: number): void {
  cacheOf(db).delete(userId);
}

/** Forgets every cached key of the database (its keys were just checked at start-up). */
export function forgetUserKeys(db: Executor): void {
  cacheOf(db).clear();
}

const BATCH = 500;

/**
 * Wraps with the ring's current master key every user key wrapped with another (a rotation); returns how many.
 * Each batch replaces a row only if it still holds what was read. The table is then rewritten (VACUUM FULL), so
 * keys wrapped with a retired master key do not linger in its pages.
 */
export async function rewrapAll(db: Executor, ring: KeyRing): Promise<number> {
  const header = sealedHeader(ring.current);
  let total = 0;
  for (let after = 0; ;) {
    const rows = await keysNotWrappedWith(db, header, after, BATCH);
    if (rows.length === 0) break;
    await replaceWrappedKeys(
      db,
      rows.map(({ userId, wrapped }) => ({
        userId,
        old: wrapped,
        wrapped: wrapKey(ring, userId, unwrapKey(ring, userId, wrapped)),
      })),
    );
    total += rows.length;
    after = rows.at(-1)!.userId;
  }
  if (total) await vacuumUserKeys(db);
  return total;
}
