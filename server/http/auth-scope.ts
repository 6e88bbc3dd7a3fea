// Makes the scope that registers it authenticated: every route in it needs valid X-Init-Data (auth.ts sets
// request.user and request.timeZone in onRequest) and is rate-limited per user. A fastify-plugin, so the hook and
// the limiter belong to that scope and stop at its edge: the public scope and unknown /api paths never run them.
import rateLimit from '@fastify/rate-limit';
import fp from 'fastify-plugin';
import { authHook } from './auth';
import { DETAILS } from './errors';

export default fp(
  async (scope) => {
    const { database, config, initDataCache, authFailures } = scope;
    scope.addHook('onRequest', authHook(database.db, config, initDataCache, authFailures));
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
