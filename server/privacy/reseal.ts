// The start-up job that seals, with the current key, every stored value not already sealed with it: rows written
// before encryption existed (plain UTF-8, see cipher.ts) and rows sealed with a previous key after a rotation. The
// sealed columns are found in the schema itself (server/db/sealed.ts), so a new one needs nothing here.
//
// Batches of 500 in primary-key order; each batch is one UPDATE that replaces a value only if it is still the one
// read (compare-and-swap), so a row another instance changed meanwhile is never overwritten with older text.
// An UPDATE leaves the old version of the row in the table's pages until they are reused, so a table the job changed
// is then rewritten (VACUUM FULL): plain text, or what a retired key sealed, does not linger in the data files. It
// takes the table's exclusive lock for the rewrite — a first start after upgrading or a key rotation, not every start.
import { is, sql, type SQL } from 'drizzle-orm';
import { getTableConfig, PgTable, type PgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../db';
import * as schema from '../db/schema';
import { isSealedColumn } from '../db/sealed';
import { open, seal, sealedHeader, type KeyRing } from './cipher';

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
      found.push({ table: name, column: column.name, key });
    }
  }
  return found;
}

const rowsOf = (result: unknown) => (result as { rows: Array<Record<string, unknown>> }).rows;
const bytes = (value: unknown) => Buffer.from(value as Uint8Array);

/** Seals every value of every sealed column that the current key did not seal; returns how many it sealed. */
export async function resealAll(db: Db, ring: KeyRing): Promise<number> {
  const header = sealedHeader(ring.current);
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
          select ${k} as k, ${c} as v from ${t}
          where ${c} is not null and substring(${c} from 1 for ${header.length}) <> ${header} ${from}
          order by ${k} limit ${BATCH}`),
      );
      if (rows.length === 0) break;
      const values = rows.map(({ k: id, v }) => {
        const old = bytes(v);
        return sql`(${id}::${keyType}, ${old}::bytea, ${seal(ring, open(ring, old, aad), aad)}::bytea)`;
      });
      await db.execute(sql`
        update ${t} set ${c} = v.new from (values ${sql.join(values, sql`, `)}) as v(k, old, new)
        where ${t}.${k} = v.k and ${t}.${c} = v.old`);
      total += rows.length;
      changed.add(table);
      after = rows.at(-1)!.k;
    }
  }
  for (const table of changed) await db.execute(sql`vacuum full ${sql.identifier(table)}`);
  return total;
}
