// Every instance on one PostgreSQL forgets an erased account's cached sign-ins and data key at once: the erase sends a NOTIFY
// (erase.ts) and each instance LISTENs on a connection of its own. Without it another instance would keep naming the
// erased user for up to a minute — just when the app signs in again with the same init data. A dropped connection
// is retried with backoff and the whole init-data cache is cleared on reconnect (a missed notice costs one
// re-validation per session). PGlite runs in one process (server/start/lock.ts): the erasing instance's own eviction
// (users/routes.ts) is all there is to do.
import fp from 'fastify-plugin';
import type pg from 'pg';
import { listenPostgres, type Listening } from '../db/listen';
import { forgetSignIns } from '../http/auth';
import { ERASED_USERS_CHANNEL } from './erase';
import { forgetUserKey } from './user-keys';

export default fp(
  async (app) => {
    if (app.database.kind !== 'postgres') return;
    let listening: Listening | undefined;
    app.addHook('onReady', async () => {
      listening = listenPostgres(app.database.client as pg.Pool, ERASED_USERS_CHANNEL, {
        notice: (userId) => {
          forgetSignIns(app.initDataCache, Number(userId));
          forgetUserKey(app.database.db, Number(userId)); // the key itself is gone from the database
        },
        connected: () => app.initDataCache.clear(), // empty at start; after a drop, notices may have been missed
        failed: (err) => app.log.warn({ err }, 'erase notices: the listening connection failed; reconnecting'),
      });
      await listening.ready; // listening before the first request
    });
    app.addHook('onClose', async () => listening?.close());
  },
  { name: 'erase-notices', dependencies: ['decorators'] },
);
