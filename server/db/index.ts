// Opens the database: embedded PGlite in DATA_DIR when DATABASE_URL is unset, PostgreSQL through a `pg` pool
// otherwise. Both are exposed as the same Drizzle query API, typed with the one schema.
import { mkdirSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import type { ExtractTablesWithRelations } from 'drizzle-orm';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import pg from 'pg';
import type { Config } from '../config';
import * as schema from './schema';

export { migrateDatabase } from './migrate';

type Schema = typeof schema;
/** The Drizzle instance: the same query API on both drivers. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
/** A transaction handle (`db.transaction(async (tx) => …)`); also accepted wherever a Db is. */
export type Tx = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** The underlying client, for migrations and tests (PGlite instance or pg.Pool). */
  client: PGlite | pg.Pool;
  close(): Promise<void>;
}

export async function openDatabase(config: Pick<Config, 'databaseUrl' | 'dataDir' | 'pgPoolMax'>): Promise<Database> {
  if (config.databaseUrl) return openPostgres(config.databaseUrl, config.pgPoolMax);
  mkdirSync(config.dataDir, { recursive: true }); // PGlite does not create parent folders
  return wrapPglite(await PGlite.create(config.dataDir));
}

/** Wraps an already created PGlite (tests use in-memory clones). */
export function wrapPglite(client: PGlite): Database {
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  return { db, kind: 'pglite', client, close: once(() => client.close()) };
}

export function openPostgres(url: string, max = 20): Database {
  const pool = new pg.Pool({ connectionString: url, max, connectionTimeoutMillis: 5_000, idleTimeoutMillis: 30_000 });
  // An idle client losing its connection (server restart) must not crash the process; the next query retries.
  pool.on('error', () => {});
  const db = drizzleNodePg(pool, { schema }) as unknown as Db;
  return { db, kind: 'postgres', client: pool, close: once(() => pool.end()) };
}

/** Database.close() is idempotent: only the first call closes, a later one (another cleanup path) does nothing. */
function once(close: () => Promise<void>): () => Promise<void> {
  let closed = false;
  return async () => {
    if (closed) return;
    closed = true;
    await close();
  };
}

/** True for errors meaning "the database is unreachable" (→ 503), as opposed to a bad query. */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (let e: unknown = error, depth = 0; e && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string') {
      if (/^(ECONNREFUSED|ECONNRESET|ETIMEDOUT|EHOSTUNREACH|ENOTFOUND|EPIPE|EAI_AGAIN)$/.test(code)) return true;
      // 08xxx connection exceptions, 57P0x admin shutdown / cannot connect now, 3D000 database gone, 53300 too many
      if (/^(08|57P0)/.test(code) || code === '3D000' || code === '53300') return true;
    }
    const message = (e as { message?: unknown }).message;
    if (
      typeof message === 'string' &&
      /Connection terminated|connection timeout|Cannot use a pool after calling end|PGlite is closed|Client has encountered a connection error|timeout exceeded when trying to connect/i.test(
        message,
      )
    )
      return true;
  }
  return false;
}
