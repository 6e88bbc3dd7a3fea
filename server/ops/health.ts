// GET /healthz: the process is alive and serving (no database call) — for a supervisor that restarts a hung one.
// GET /readyz: this instance should get traffic — not draining, the database answers within READY_TIMEOUT_MS and
// has every migration this code knows — for the load balancer. Both unauthenticated, outside /api's rate limit,
// quiet in the request log, and say nothing about users.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import fp from 'fastify-plugin';
import type { Database } from '../db';
import { migrationsFolder } from '../db/migrate';
import { DETAILS } from '../http/errors';

/** A database slower than this is «not ready»: the balancer should try another instance. */
export const READY_TIMEOUT_MS = 2_000;

type NotReady = 'draining' | 'database' | 'migrations';

/** When the newest migration of this code was made (drizzle-kit's journal; the migrator stores it as created_at). */
const newestMigration = (): number => {
  const journal = JSON.parse(readFileSync(join(migrationsFolder, 'meta', '_journal.json'), 'utf8')) as {
    entries: Array<{ when: number }>;
  };
  return Math.max(...journal.entries.map((e) => e.when));
};

/** null when ready; otherwise what is missing. */
async function databaseReadiness(database: Database, newest: number): Promise<NotReady | null> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<'late'>((resolve) => (timer = setTimeout(() => resolve('late'), READY_TIMEOUT_MS)));
  // Both drivers answer execute() with { rows } (pg's QueryResult, PGlite's Results).
  const applied = database.db
    .execute(sql`select max(created_at)::text as newest from drizzle.__drizzle_migrations`)
    .then((result) => Number((result as unknown as { rows: Array<{ newest: string | null }> }).rows[0]?.newest ?? 0));
  try {
    const answer = await Promise.race([applied, late]);
    if (answer === 'late') return 'database';
    return answer >= newest ? null : 'migrations';
  } catch {
    return 'database';
  } finally {
    clearTimeout(timer);
    applied.catch(() => {}); // a late answer (or failure) lands here unheard
  }
}

export default fp(
  async (app) => {
    const newest = newestMigration();
    const config = { quiet: true };
    const schema = { hide: true };
    app.get('/healthz', { config, schema }, async () => ({ status: 'ok' }));
    app.get('/readyz', { config, schema }, async (_request, reply) => {
      const missing = app.drain.draining ? 'draining' : await databaseReadiness(app.database, newest);
      if (missing) return reply.code(503).send({ detail: DETAILS.dbUnavailable, status: missing });
      return { status: 'ready' };
    });
  },
  { name: 'health', dependencies: ['decorators', 'drain'] },
);
