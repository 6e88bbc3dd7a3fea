// What every plugin and route may read from the app and the request. A fastify-plugin, so the decorators land on
// the root instance and every scope sees them.
import fp from 'fastify-plugin';
import type { Database } from '../db';
import type { Config } from '../config';
import { initDataCache, type AuthUser, type InitDataCache } from './auth';
import { AuthFailureLimiter } from './auth-failures';

declare module 'fastify' {
  interface FastifyInstance {
    database: Database;
    config: Config;
    /** Validated init data cache (tests clear it). */
    initDataCache: InitDataCache;
    /** Failed authentications per client IP. */
    authFailures: AuthFailureLimiter;
  }
  interface FastifyRequest {
    /** Set by the auth hook on every route of the authenticated scope; absent (null) in the public scope. */
    user: AuthUser;
    /** Canonical IANA zone from X-Time-Zone (read after auth), else config.defaultTimeZone; '' in the public scope. */
    timeZone: string;
  }
}

export default fp<{ database: Database; config: Config }>(
  async (app, { database, config }) => {
    app.decorate('database', database);
    app.decorate('config', config);
    app.decorate('initDataCache', initDataCache());
    app.decorate('authFailures', new AuthFailureLimiter(config.authFailuresPerMinute));
    app.decorateRequest('user', null as unknown as AuthUser);
    app.decorateRequest('timeZone', '');
  },
  { name: 'decorators' },
);
