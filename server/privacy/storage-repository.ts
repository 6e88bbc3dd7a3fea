// Privacy's storage-level statements: they act on whole tables and on the database's files, not on one user's rows
// (those are in repository.ts). Re-sealing a sealed column in batches (reseal.ts decides what each value becomes),
// rewriting a table's file (VACUUM FULL), the sessions that still hold an older snapshot, and moving the write-ahead
// log on (shred.ts decides when and how long to wait).
import { sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../db';
import { USER_SEALED_PREFIX } from '../db/cipher';
import { userKeys } from '../db/schema';

/** A sealed column with its table's (single-column) primary key. */
export interface SealedColumn {
  table: string;
  column: string;
  key: PgColumn;
}

/** A value read for re-sealing: its row's key, its user's id and its bytes as stored. */
export interface SealedValue {
  k: unknown;
  u: unknown;
  v: unknown;
}

/** A value re-sealed: the row's key, the bytes read (still there, or the row is left alone) and the new bytes. */
export interface Resealed {
  id: unknown;
  old: Buffer;
  sealed: Buffer;
}

const rowsOf = <R>(result: unknown) => (result as { rows: R[] }).rows;

/** Up to `limit` values of `column` not under their user's key, in key order after `after` (from the first without). */
export async function valuesToReseal(
  db: Db,
  { table, column, key }: SealedColumn,
  after: unknown,
  limit: number,
): Promise<SealedValue[]> {
  const t = sql.identifier(table);
  const c = sql.identifier(column);
  const k = sql.identifier(key.name);
  const keyType = sql.raw(key.getSQLType());
  const from: SQL = after === undefined ? sql`` : sql`and ${k} > ${after}::${keyType}`;
  return rowsOf<SealedValue>(
    await db.execute(sql`
          select ${k} as k, user_id as u, ${c} as v from ${t}
          where ${c} is not null and substring(${c} from 1 for 2) <> ${USER_SEALED_PREFIX}::bytea ${from}
          order by ${k} limit ${limit}`),
  );
}

/** Replaces each value that is still the one read (compare-and-swap): one UPDATE for the batch. */
export async function replaceSealed(db: Db, { table, column, key }: SealedColumn, values: Resealed[]): Promise<void> {
  const t = sql.identifier(table);
  const c = sql.identifier(column);
  const k = sql.identifier(key.name);
  const keyType = sql.raw(key.getSQLType());
  const rows = values.map(({ id, old, sealed }) => sql`(${id}::${keyType}, ${old}::bytea, ${sealed}::bytea)`);
  await db.execute(sql`
        update ${t} set ${c} = v.new from (values ${sql.join(rows, sql`, `)}) as v(k, old, new)
        where ${t}.${k} = v.k and ${t}.${c} = v.old`);
}

/** Rewrites a table's file without its dead rows (takes the table's exclusive lock meanwhile). */
export async function rewriteTable(db: Db, table: string): Promise<void> {
  await db.execute(sql`vacuum full ${sql.identifier(table)}`);
}

/** Rewrites user_keys' file without its deleted rows. */
export async function rewriteUserKeys(db: Db): Promise<void> {
  await db.execute(sql`vacuum full ${userKeys}`);
}

/** PGlite: old write-ahead log segments are deleted at a checkpoint, never kept for reuse. */
export async function walRecycleOff(db: Db): Promise<void> {
  await db.execute(sql`set wal_recycle = off`);
}

/** Moves the log on past everything written so far, and a checkpoint removes the segments before it. */
export async function switchWalAndCheckpoint(db: Db): Promise<void> {
  await db.execute(sql`select pg_switch_wal()`);
  await db.execute(sql`checkpoint`);
}

/** A transaction id taken now (64-bit, as text). */
export async function currentXid(db: Db): Promise<string> {
  const [mark] = rowsOf<{ xid: string }>(await db.execute(sql`select pg_current_xact_id()::text as xid`));
  return mark!.xid;
}

/**
 * What may still see a row deleted before `mark` (a 64-bit transaction id, as text): other sessions of this database
 * whose oldest snapshot or transaction is not newer, and — anywhere in the cluster — a transaction begun before it
 * and still running. The latter counts because every snapshot taken meanwhile, in this database too (an autoanalyze,
 * another request, the rewrite's own), treats that transaction as running and so keeps what was deleted after it.
 */
export async function olderThan(db: Db, mark: string): Promise<number> {
  const low = xid32(mark);
  const [row] = rowsOf<{ n: number }>(
    await db.execute(sql`
        select (select count(*)::int from pg_stat_activity
                where datname = current_database() and pid <> pg_backend_pid()
                  and (age(backend_xmin) >= age(${low}::xid) or age(backend_xid) >= age(${low}::xid)))
             + (pg_snapshot_xmin(pg_current_snapshot()) <= ${mark}::xid8)::int as n`),
  );
  return Number(row!.n);
}

/** age() compares 32-bit ids: the low half of the 64-bit one. */
const xid32 = (xid: string) => String(BigInt(xid) % 2n ** 32n);

/** Write-ahead log segment files beyond the one being written. */
export async function walSegmentsAhead(db: Db): Promise<number> {
  const [row] = rowsOf<{ n: number }>(
    await db.execute(sql`
      select count(*)::int as n from pg_ls_waldir()
      where name ~ '^[0-9A-F]{24}$' and name > pg_walfile_name(pg_current_wal_lsn())`),
  );
  return Number(row!.n);
}
