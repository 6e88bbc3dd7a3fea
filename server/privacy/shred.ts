// After an erase, the account's wrapped key must be gone from the database's files, not only from the table: a
// deleted row stays in its page until the page is rewritten, and the insert that made it, like the delete, is in the
// write-ahead log. Whoever has those files and the master key could unwrap the key and open every copy of the
// account's text that lingers (dead rows, the log, backups). So:
//
// - user_keys is rewritten (VACUUM FULL: a new file without the deleted row; the old one is removed) — a small
//   table, one row per user, locked for that moment (key reads are cached, cheap to wait for);
// - on PGlite, the log is moved on past everything written so far (pg_switch_wal) and a checkpoint removes the
//   segments before it — with wal_recycle off, so that old segments are deleted, never renamed for reuse with their
//   old bytes still in them (keepWalFromRecycling, set at every start).
//
// On PostgreSQL the log is the operator's: checkpoints, archives and replicas follow its settings, and taking a
// checkpoint needs a role the app should not have — docs/security.md says what erasing guarantees there. There, a
// rewrite also copies a deleted row that some snapshot may still see: one taken before the delete (another request's
// query, an autoanalyze), or one taken after it while a transaction older than the delete still runs anywhere in the
// cluster (every snapshot counts that transaction as running). The key would move into the new file. So the rewrite
// waits, a few seconds at most, until neither is left. The statements are in storage-repository.ts.
import type { Database } from '../db';
import {
  currentXid,
  rewriteUserKeys,
  olderThan,
  switchWalAndCheckpoint,
  walRecycleOff,
  walSegmentsAhead,
} from './storage-repository';

/** PGlite: old write-ahead log segments are deleted at a checkpoint, never kept for reuse. */
export async function keepWalFromRecycling(database: Database): Promise<void> {
  if (database.kind === 'pglite') await walRecycleOff(database.db);
}

/** PostgreSQL: how long an erase waits for older snapshots to end before it rewrites the key table anyway. */
export const OLDER_SNAPSHOTS_WAIT_MS = 5_000;
const POLL_MS = 50;

/**
 * Removes deleted user keys from the table's file, and on PGlite from the write-ahead log. False when, on
 * PostgreSQL, a snapshot older than the erase outlived the wait: the rewrite may then have kept the key, and the next
 * erase's rewrite takes it along.
 */
export async function shredErasedKeys(database: Database): Promise<boolean> {
  const { db } = database;
  const settled = database.kind === 'pglite' || (await olderSnapshotsEnded(database));
  await rewriteUserKeys(db);
  if (database.kind !== 'pglite') return settled;
  await keepWalFromRecycling(database);
  // Leave the segment written so far; the checkpoint removes it. Segments recycled by an earlier version (renamed
  // ahead of the log, old bytes inside) are used up and removed the same way, one a round.
  const ahead = await walSegmentsAhead(db);
  for (let round = 0; round <= ahead; round++) await switchWalAndCheckpoint(db);
  return true;
}

/**
 * Waits until nothing can still see the deleted rows (olderThan: no other session of this database with a snapshot,
 * and no transaction of the cluster, older than a transaction id taken after the erase committed), so a rewrite drops
 * them; false on timeout.
 */
async function olderSnapshotsEnded(database: Database): Promise<boolean> {
  const mark = await currentXid(database.db);
  for (const deadline = Date.now() + OLDER_SNAPSHOTS_WAIT_MS; ;) {
    if ((await olderThan(database.db, mark)) === 0) return true;
    if (Date.now() >= deadline) return false;
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
}
