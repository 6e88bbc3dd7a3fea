// The embedded database's memory: PostgreSQL's buffer cache in PGlite is 16 MB, not its 128 MB default (server/db,
// docs/server.md "Memory"), and the setting survives a restart of the same data directory.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../server/db';

const dataDir = mkdtempSync(join(tmpdir(), 'pglite-memory-'));
const config = { dataDir: join(dataDir, 'db'), databaseUrl: null, pgPoolMax: 4, pgQueryTimeoutMs: 0 };

afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

const sharedBuffers = async () => {
  const database = await openDatabase(config);
  try {
    const { rows } = await (database.client as PGlite).query<{ shared_buffers: string }>('SHOW shared_buffers');
    return rows[0]!.shared_buffers;
  } finally {
    await database.close();
  }
};

describe('PGlite memory', () => {
  it('opens a new data directory and an existing one with a 16 MB buffer cache', async () => {
    expect(await sharedBuffers()).toBe('16MB');
    expect(await sharedBuffers()).toBe('16MB');
  }, 120_000);
});
