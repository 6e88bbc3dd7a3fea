// Opens the database: embedded PGlite in DATA_DIR when DATABASE_URL is unset, PostgreSQL through a `pg` pool
// otherwise. Both are exposed as the same Drizzle query API, typed with the one schema.
import { mkdirSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import type { ExtractTablesWithRelations } from 'drizzle-orm';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import pg from 'pg';
import { DEFAULT_PG_POOL_MAX, DEFAULT_PG_QUERY_TIMEOUT_MS, type Config } from '../config';
import { timeQueries, unwatchPool, watchPool } from '../metrics/metrics';
import { survivesLostConnection } from './lost-connection';
import * as schema from './schema';

export { migrateDatabase } from './migrate';

type Schema = typeof schema;
/** The Drizzle instance: the same query API on both drivers. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
/** A transaction handle (`db.transaction(async (tx) => …)`); also accepted wherever a Db is. */
export type Tx = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
/** Either: what a query that may run inside a caller's transaction takes. */
export type Executor = Db | Tx;

/**
 * A query built once per database handle and afterwards only executed with its placeholders: Drizzle's query
 * building was a sixth to a fifth of the server's CPU on the hottest routes, and with `pg` a named statement is
 * also parsed and planned once per connection.
 */
export function preparedPerDb<S>(prepare: (db: Db) => S): (db: Db) => S {
  const built = new WeakMap<Db, S>();
  return (db) => {
    let statement = built.get(db);
    if (statement === undefined) built.set(db, (statement = prepare(db)));
    return statement;
  };
}

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** The underlying client, for migrations and tests (PGlite instance or pg.Pool). */
  client: PGlite | pg.Pool;
  close(): Promise<void>;
}

export async function openDatabase(
  config: Pick<Config, 'databaseUrl' | 'dataDir' | 'pgPoolMax' | 'pgQueryTimeoutMs'>,
  { onPoolError }: Pick<PostgresOptions, 'onPoolError'> = {},
): Promise<Database> {
  if (config.databaseUrl)
    return openPostgres(config.databaseUrl, {
      max: config.pgPoolMax,
      queryTimeoutMs: config.pgQueryTimeoutMs,
      onPoolError,
    });
  mkdirSync(config.dataDir, { recursive: true }); // PGlite does not create parent folders
  return wrapPglite(await PGlite.create(config.dataDir, { startParams: PGLITE_START_PARAMS }));
}

/**
 * PGlite's own start parameters, with PostgreSQL's buffer cache at 16 MB instead of its 128 MB default. The cache lives
 * in PGlite's WebAssembly memory, which grows to hold it and never shrinks; the data directory is a real directory, so
 * a page that is not cached is a read the operating system's file cache answers. 16 MB keeps PGlite's memory at its
 * initial 128 MB and the server ≈ 100 MB smaller (docs/server.md, "Memory").
 */
export const PGLITE_START_PARAMS = [...PGlite.defaultStartParams, '-c', 'shared_buffers=16MB'];

/** Wraps an already created PGlite (tests use in-memory clones). */
export function wrapPglite(client: PGlite): Database {
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  return { db, kind: 'pglite', client, close: once(() => client.close()) };
}

export interface PostgresOptions {
  /** Pool size (PG_POOL_MAX). */
  max?: number;
  /** PG_QUERY_TIMEOUT_MS; 0: none. */
  queryTimeoutMs?: number;
  /** An idle pooled connection failed (server restart, network); default: one line on stderr. */
  onPoolError?: (error: Error) => void;
}

export function openPostgres(
  url: string,
  { max = DEFAULT_PG_POOL_MAX, queryTimeoutMs = DEFAULT_PG_QUERY_TIMEOUT_MS, onPoolError }: PostgresOptions = {},
): Database {
  const pool = new pg.Pool({
    connectionString: url,
    max,
    connectionTimeoutMillis: 5_000,
    idleTimeoutMillis: 30_000,
    ...(queryTimeoutMs > 0 && {
      // The server cancels a slow statement itself (57014) and the connection stays usable; the client-side read
      // timeout, a second later, covers a server or network that stopped answering (that connection is dropped).
      statement_timeout: queryTimeoutMs,
      query_timeout: queryTimeoutMs + 1_000,
    }),
  });
  // Every client, checked out or not, outlives its connection (lost-connection.ts)…
  pool.on('connect', (client) => {
    survivesLostConnection(client);
    timeQueries(client); // wellbeing_db_query_duration_seconds
  });
  watchPool(pool); // the pool gauges
  // …and an idle one losing it must not crash the process either (the next query reconnects), but say so.
  pool.on('error', onPoolError ?? ((e) => console.error(`PostgreSQL: an idle pooled connection failed: ${e.message}`)));
  const db = drizzleNodePg(pool, { schema }) as unknown as Db;
  return {
    db,
    kind: 'postgres',
    client: pool,
    close: once(() => {
      unwatchPool(pool);
      return pool.end();
    }),
  };
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

/** The error and its causes (Drizzle wraps the driver's error in `cause`). */
function* causes(error: unknown): Generator<{ code?: unknown; message?: unknown }> {
  for (
    let e: unknown = error, depth = 0;
    e && typeof e === 'object' && depth < 5;
    e = (e as { cause?: unknown }).cause, depth++
  ) {
    yield e as { code?: unknown; message?: unknown };
  }
}

/** True for errors meaning "the database is unreachable or stalled" (→ 503), as opposed to a bad query. */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (const { code, message } of causes(error)) {
    if (typeof code === 'string') {
      if (/^(ECONNREFUSED|ECONNRESET|ETIMEDOUT|EHOSTUNREACH|ENOTFOUND|EPIPE|EAI_AGAIN)$/.test(code)) return true;
      // 08xxx connection exceptions, 57P0x admin shutdown / cannot connect now, 57014 statement timeout,
      // 3D000 database gone, 53300 too many connections
      if (/^(08|57P0)/.test(code) || code === '57014' || code === '3D000' || code === '53300') return true;
    }
    if (
      typeof message === 'string' &&
      /Connection terminated|connection timeout|Query read timeout|Cannot use a pool after calling end|PGlite is closed|Client has encountered a connection error|timeout exceeded when trying to connect/i.test(
        message,
      )
    )
      return true;
  }
  return false;
}

/**
 * True for SQLSTATE class 22, data exceptions (22021 a NUL byte, 22001 too long, 22P02 not a number, …): the
 * request carried a value the database cannot take — a client mistake the contract let through, not a crash.
 */
export function isDataException(error: unknown): boolean {
  for (const { code } of causes(error)) if (typeof code === 'string' && /^22[0-9A-Z]{3}$/.test(code)) return true;
  return false;
}
