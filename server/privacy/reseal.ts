// The start-up job that puts every stored value of the sealed columns under its user's own key (cipher.ts): rows
// written before encryption existed (plain UTF-8) and rows sealed with a master key directly (before per-user keys,
// or by an instance of an earlier version during a rolling upgrade). The sealed columns are found in the schema
// itself (server/db/sealed.ts), so a new one needs nothing here — as long as its table has a `user_id` column, which
// says whose key seals it (checked: a sealed column without one fails every start and the tests).
//
// Batches of 500 in primary-key order; each batch is one UPDATE that replaces a value only if it is still the one
// read (compare-and-swap), so a row another instance changed meanwhile is never overwritten with older text.
// An UPDATE leaves the old version of the row in the table's pages until they are reused, so a table the job changed
// is then rewritten (VACUUM FULL): plain text, or what a master key sealed, does not linger in the data files. It
// takes the table's exclusive lock for the rewrite — the first starts after upgrading, not every start.
import { is, sql, type SQL } from 'drizzle-orm';
import { getTableConfig, PgTable, type PgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../db';
import * as schema from '../db/schema';
import { isSealedColumn } from '../db/sealed';
import { open, sealForUser, USER_SEALED_PREFIX, type KeyRing } from '../db/cipher';
import { userKey } from './user-keys';

const BATCH = 500;

interface SealedColumn {
  table: string;
  column: string;
  key: PgColumn;
}

/** Every sealed column of the schema with its table's (single-column) primary key. */
export function sealedColumns(): SealedColumn[] {
  const found: SealedColumn[] = [];
  for (const value of Object.values(schema)) {
    if (!is(value, PgTable)) continue;
    const { name, columns } = getTableConfig(value);
    const key = columns.find((c) => c.primary);
    for (const column of columns) {
      if (!isSealedColumn(name, column.name)) continue;
      if (!key) throw new Error(`reseal: ${name} has a sealed column but no single-column primary key`);
      if (!columns.some((c) => c.name === 'user_id'))
        throw new Error(`reseal: ${name} has a sealed column but no user_id column to say whose key seals it`);
      found.push({ table: name, column: column.name, key });
    }
  }
  return found;
}

const rowsOf = (result: unknown) => (result as { rows: Array<Record<string, unknown>> }).rows;
const bytes = (value: unknown) => Buffer.from(value as Uint8Array);

/**
 * Seals with its user's key every value of every sealed column that is not (master-sealed or plain), using the
 * master keys of `ring` to read it; returns how many it sealed. A row whose user is gone is left alone.
 */
export async function resealAll(db: Db, ring: KeyRing): Promise<number> {
  let total = 0;
  const changed = new Set<string>();
  for (const { table, column, key } of sealedColumns()) {
    const t = sql.identifier(table);
    const c = sql.identifier(column);
    const k = sql.identifier(key.name);
    const keyType = sql.raw(key.getSQLType());
    const aad = `${table}.${column}`;
    let after: unknown;
    for (;;) {
      const from: SQL = after === undefined ? sql`` : sql`and ${k} > ${after}::${keyType}`;
      const rows = rowsOf(
        await db.execute(sql`
          select ${k} as k, user_id as u, ${c} as v from ${t}
          where ${c} is not null and substring(${c} from 1 for 2) <> ${USER_SEALED_PREFIX}::bytea ${from}
          order by ${k} limit ${BATCH}`),
      );
      if (rows.length === 0) break;
      after = rows.at(-1)!.k;
      const values: SQL[] = [];
      for (const { k: id, u, v } of rows) {
        const owner = await userKey(db, Number(u));
        if (!owner) continue;
        const old = bytes(v);
        values.push(sql`(${id}::${keyType}, ${old}::bytea, ${sealForUser(owner, open(ring, old, aad), aad)}::bytea)`);
      }
      if (values.length === 0) continue;
      await db.execute(sql`
        update ${t} set ${c} = v.new from (values ${sql.join(values, sql`, `)}) as v(k, old, new)
        where ${t}.${k} = v.k and ${t}.${c} = v.old`);
      total += values.length;
      changed.add(table);
    }
  }
  for (const table of changed) await db.execute(sql`vacuum full ${sql.identifier(table)}`);
  return total;
}
