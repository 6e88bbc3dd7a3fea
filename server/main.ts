// `npm start` (tsx server/main.ts): build the client if needed, open and migrate the database, listen.
// `npm run dev` adds --dev: Vite in middleware mode with HMR instead of the built dist/.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { buildApp } from './app';
import { DIST, ensureClientBuilt, ROOT } from './client-build';
import { staticClient, viteClient } from './client';
import { loadConfig } from './config';
import { migrateDatabase, openDatabase, type Database } from './db';
import { acquirePidLock, LockedError, type PidLock } from './lock';

async function main(): Promise<void> {
  const dev = process.argv.includes('--dev');
  // .env beside package.json, if any (variables already in the environment win).
  const envFile = join(ROOT, '.env');
  if (existsSync(envFile)) process.loadEnvFile(envFile);
  const config = loadConfig();
  if (!dev && process.env.SKIP_CLIENT_BUILD !== '1') await ensureClientBuilt();

  let lock: PidLock | undefined;
  if (!config.databaseUrl) {
    const { mkdirSync } = await import('node:fs');
    mkdirSync(config.dataDir, { recursive: true });
    try {
      lock = acquirePidLock(config.dataDir);
    } catch (e) {
      if (e instanceof LockedError) {
        console.error(e.message);
        process.exit(1);
      }
      throw e;
    }
  }

  let database: Database | undefined;
  try {
    database = await openDatabase(config);
    await migrateDatabase(database);
    const app = await buildApp({ database, config, client: dev ? viteClient(ROOT) : staticClient(DIST) });
    await app.listen({ port: config.port, host: config.host });

    const address = app.server.address();
    const port = typeof address === 'object' && address ? address.port : config.port;
    const host = config.host === '0.0.0.0' || config.host === '::' ? 'localhost' : config.host;
    console.log(`Открыть: http://${host}:${port}`);
    if (config.devLauncher) console.log(`Запуск для разработки (без BOT_TOKEN): http://${host}:${port}/dev`);
    console.log(`База данных: ${database.kind === 'pglite' ? `PGlite в ${config.dataDir}` : 'PostgreSQL (DATABASE_URL)'}`);

    let stopping = false;
    const stop = async (signal: string) => {
      if (stopping) return;
      stopping = true;
      app.log.info(`${signal}: shutting down`);
      setTimeout(() => process.exit(1), 10_000).unref();
      try {
        await app.close();
        await database?.close();
      } finally {
        lock?.release();
        process.exit(0);
      }
    };
    process.on('SIGINT', () => void stop('SIGINT'));
    process.on('SIGTERM', () => void stop('SIGTERM'));
  } catch (e) {
    await database?.close().catch(() => {});
    lock?.release();
    throw e;
  }
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
