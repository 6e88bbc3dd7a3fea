// Whose data a piece of code handles: the user's data key, carried through everything it awaits (AsyncLocalStorage),
// so the sealed column types (server/db/sealed.ts) seal and open with that user's key without any query passing it.
// The authenticated /api scope enters it for every request (server/http/auth-scope.ts); code outside a request
// (the export download, start-up jobs, tests) enters it with asUser (user-keys.ts). Writing a sealed column outside
// any scope throws: nothing can be stored under no one's key by mistake.
import { AsyncLocalStorage } from 'node:async_hooks';

/** A user's data key, unwrapped (server/privacy/user-keys.ts). */
export interface UserKey {
  /** users.id, which every value sealed with the key names in its header. */
  userId: number;
  key: Buffer;
}

const scope = new AsyncLocalStorage<UserKey>();

/**
 * Runs `fn` (and all it awaits) as `key`'s user. A Drizzle query is built when it is awaited: await it inside `fn`,
 * never return the unawaited builder out of the scope.
 */
export const withUserKey = <T>(key: UserKey, fn: () => T): T => scope.run(key, fn);

/** The key of the user whose scope this is, if any. */
export const scopeKey = (): UserKey | undefined => scope.getStore();
