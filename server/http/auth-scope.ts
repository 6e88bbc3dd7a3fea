// Makes the scope that registers it authenticated: every route in it needs valid X-Init-Data (auth.ts sets
// request.user and request.timeZone in onRequest), runs in its user's scope — the user's data key, which the sealed
// columns seal and open with (server/db/user-scope.ts) — and is rate-limited per user. A fastify-plugin, so the hook and
// the limiter belong to that scope and stop at its edge: the public scope and unknown /api paths never run them.
import rateLimit from '@fastify/rate-limit';
import fp from 'fastify-plugin';
import type { Db } from '../db';
import { withUserKey, type UserKey } from '../db/user-scope';
import { authHook, type SignIns } from './auth';
import { DETAILS, httpError } from './errors';

/** The domains' parts of signing in, given by app.ts: the users domain's sign-in and privacy's key loader. */
export interface AuthScopeOptions {
  users: SignIns;
  userKey(db: Db, userId: number): Promise<UserKey | null>;
}

export default fp<AuthScopeOptions>(
  async (scope, { users, userKey }) => {
    const { database, config, initDataCache, authFailures } = scope;
    scope.addHook('onRequest', authHook(users, config, initDataCache, authFailures));
    // After the body is read (its stream events would not carry the scope): the handler and everything it awaits
    // run inside withUserKey, since Fastify calls the handler from this hook's `done`.
    scope.addHook('preHandler', (request, _reply, done) => {
      userKey(database.db, request.user!.id).then(
        (key) => (key ? withUserKey(key, done) : done(httpError(401, DETAILS.authInvalid))), // erased meanwhile
        done,
      );
    });
    if (config.rateLimitPerMinute > 0) {
      await scope.register(rateLimit, {
        max: config.rateLimitPerMinute,
        timeWindow: 60_000,
        hook: 'preHandler', // after auth: the key is the user, not the IP (Telegram users share NATs)
        keyGenerator: (request) => String(request.user?.id ?? request.ip),
        errorResponseBuilder: (_request, context) => ({
          statusCode: 429,
          detail: DETAILS.rateLimited,
          ttl: context.ttl,
        }),
      });
    }
  },
  { name: 'auth-scope' },
);
