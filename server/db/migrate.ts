// Applies the drizzle-kit SQL migrations from server/db/migrations at start-up, on either driver.
// On PostgreSQL several instances may start at once: an advisory lock makes them migrate one after another. They
// migrate on a connection of their own without the pool's query timeouts: waiting for that lock, or a long
// migration, may rightly take longer than any request should.
import { fileURLToPath } from 'node:url';
import type { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import type { Database } from './index';
import { survivesLostConnection } from './lost-connection';

export const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url));
/** Arbitrary app-wide advisory lock key: migrations and the data key check (server/privacy/keys.ts) take it. */
export const MIGRATION_LOCK = 727_001;

export async function migrateDatabase(database: Database): Promise<void> {
  if (database.kind === 'pglite') {
    await migratePglite(drizzlePglite(database.client as PGlite), { migrationsFolder });
    return;
  }
  const { statement_timeout: _s, query_timeout: _q, ...options } = (database.client as pg.Pool).options;
  const client = new pg.Client(options);
  survivesLostConnection(client); // a lost connection fails the migration's query, not the process
  await client.connect();
  try {
    await holdingStartLock(client, () => migrateNodePg(drizzleNodePg(client), { migrationsFolder }));
  } finally {
    await client.end();
  }
}

/** Runs `work` holding the app-wide advisory lock on this connection (migrations, and the data key check). */
export async function holdingStartLock<T>(client: pg.ClientBase, work: () => Promise<T>): Promise<T> {
  await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK]);
  try {
    return await work();
  } finally {
    await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK]);
  }
}
