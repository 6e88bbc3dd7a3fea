// A bench's app on a throwaway PostgreSQL cluster, opened as production opens it (migrated, data keys loaded) and
// closed afterwards: app, database, cluster. PostgreSQL not installed → a note and null, so `npm run bench` goes on.
import type { FastifyInstance } from 'fastify';
import { findPgBin, startTempCluster, type TempCluster } from '../scripts/pg-cluster';
import { buildApp } from '../server/app';
import { migrateDatabase, openDatabase, type Database } from '../server/db';
import { openDataKeys } from '../server/privacy/keys';
import { loadConfig, type Config } from '../server/config';
import { BENCH_DATA_KEY } from './support';

export interface PostgresApp {
  app: FastifyInstance;
  database: Database;
  config: Config;
  cluster: TempCluster;
  /** The environment the config was read from (a bench may start a server process of its own with it). */
  env: NodeJS.ProcessEnv;
}

/** Runs `run` against the app; `env` adds to (or overrides) the bench defaults: bot token, data key, quiet logs. */
export async function withPostgresApp<T>(
  name: string,
  env: Record<string, string>,
  run: (ctx: PostgresApp) => Promise<T>,
): Promise<T | null> {
  const bin = findPgBin();
  if (!bin) {
    console.log(`[bench ${name}] PostgreSQL is not installed: skipped (apt-get install postgresql)`);
    return null;
  }
  const cluster = await startTempCluster(bin);
  try {
    const fullEnv = {
      ...process.env,
      DATA_ENCRYPTION_KEY: BENCH_DATA_KEY,
      LOG_LEVEL: 'warn',
      ...env,
      DATABASE_URL: cluster.url,
    };
    const config = loadConfig(fullEnv);
    const database = await openDatabase(config);
    try {
      await migrateDatabase(database);
      await openDataKeys(database, config);
      const app = await buildApp({ database, config });
      try {
        return await run({ app, database, config, cluster, env: fullEnv });
      } finally {
        await app.close();
      }
    } finally {
      await database.close().catch(() => {});
    }
  } finally {
    cluster.stop();
  }
}
