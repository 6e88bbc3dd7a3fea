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
// The statements are in storage-repository.ts.
import { is } from 'drizzle-orm';
import { getTableConfig, PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../db';
import * as schema from '../db/schema';
import { isSealedColumn } from '../db/sealed';
import { open, sealForUser, type KeyRing } from '../db/cipher';
import { replaceSealed, rewriteTable, valuesToReseal, type Resealed, type SealedColumn } from './storage-repository';
import { userKey } from './user-keys';

const BATCH = 500;

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

const bytes = (value: unknown) => Buffer.from(value as Uint8Array);

/**
 * Seals with its user's key every value of every sealed column that is not (master-sealed or plain), using the
 * master keys of `ring` to read it; returns how many it sealed. A row whose user is gone is left alone.
 */
export async function resealAll(db: Db, ring: KeyRing): Promise<number> {
  let total = 0;
  const changed = new Set<string>();
  for (const target of sealedColumns()) {
    const aad = `${target.table}.${target.column}`;
    let after: unknown;
    for (;;) {
      const rows = await valuesToReseal(db, target, after, BATCH);
      if (rows.length === 0) break;
      after = rows.at(-1)!.k;
      const values: Resealed[] = [];
      for (const { k: id, u, v } of rows) {
        const owner = await userKey(db, Number(u));
        if (!owner) continue;
        const old = bytes(v);
        values.push({ id, old, sealed: sealForUser(owner, open(ring, old, aad), aad) });
      }
      if (values.length === 0) continue;
      await replaceSealed(db, target, values);
      total += values.length;
      changed.add(target.table);
    }
  }
  for (const table of changed) await rewriteTable(db, table);
  return total;
}
