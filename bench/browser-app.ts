// What the browser benches (home-load, diary-scroll) run against: a production client built into a temp dir — never
// dist/, which `npm start` and the e2e runs read — served by the real app in-process on loopback, on PGlite in that
// dir, and the system Chromium. Everything is closed and the dir removed afterwards, also on Ctrl-C (which skips
// `finally`; Playwright kills its Chromium on exit, the temp dir is ours to remove).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { buildApp } from '../server/app';
import { staticClient } from '../server/start/client';
import { loadConfig } from '../server/config';
import { migrateDatabase, openDatabase, type Database } from '../server/db';
import { openDataKeys } from '../server/privacy/keys';
import { launchBrowser } from '../tests/e2e/harness';
import { loadAverage } from './support';

type App = Awaited<ReturnType<typeof buildApp>>;

export interface BrowserApp {
  app: App;
  database: Database;
  /** The server's base URL, `http://127.0.0.1:<port>`. */
  url: string;
  browser: Browser;
}

export interface BrowserAppOptions {
  /** The bench's name, for its temp dir and its log lines. */
  name: string;
  botToken: string;
  /** Builds the production client into `outDir`. */
  build: (outDir: string) => unknown;
  /** Rows the bench needs, written before the server listens. */
  seed?: (app: App, database: Database) => Promise<void>;
}

export async function withBrowserApp<T>(options: BrowserAppOptions, run: (ctx: BrowserApp) => Promise<T>): Promise<T> {
  const work = mkdtempSync(join(tmpdir(), `bench-${options.name}-`));
  const onSignal = () => {
    rmSync(work, { recursive: true, force: true });
    process.exit(130);
  };
  process.once('SIGINT', onSignal).once('SIGTERM', onSignal);
  let browser: Browser | undefined;
  let app: App | undefined;
  let database: Database | undefined;
  try {
    const outDir = join(work, 'client');
    const started = Date.now();
    await options.build(outDir);
    console.log(
      `[bench ${options.name}] client built into a temp dir in ${Date.now() - started} ms (load average ${loadAverage()})`,
    );

    const env: NodeJS.ProcessEnv = {
      ...process.env,
      DATA_DIR: join(work, 'data'),
      BOT_TOKEN: options.botToken,
      LOG_LEVEL: 'warn',
    };
    delete env.DATABASE_URL; // embedded PGlite: what the browser measures does not depend on the database
    const config = loadConfig(env);
    database = await openDatabase(config);
    await migrateDatabase(database);
    await openDataKeys(database, config);
    app = await buildApp({ database, config, client: staticClient(outDir) });
    await options.seed?.(app, database);
    const url = await app.listen({ port: 0, host: '127.0.0.1' });
    browser = await launchBrowser();
    return await run({ app, database, url, browser });
  } finally {
    await browser?.close().catch(() => {});
    await app?.close().catch(() => {});
    await database?.close().catch(() => {});
    rmSync(work, { recursive: true, force: true });
    process.off('SIGINT', onSignal).off('SIGTERM', onSignal);
  }
}
