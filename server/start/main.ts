// `npm start` (node --import tsx server/start/main.ts): build the client if needed, open and migrate the database, listen.
// `npm run dev` adds --dev: Vite in middleware mode with HMR instead of the built dist/.
// SIGINT/SIGTERM are handled from the first line: whatever is open by then (server, database, pid lock) is closed.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app';
import { registerWebhook } from '../bot/register';
import { DIST, ensureClientBuilt, ROOT } from './client-build';
import { staticClient, viteClient } from './client';
import { ConfigError, loadConfig, type Config } from './config';
import { CrisisLinesError } from '../safety/lines';
import { migrateDatabase, openDatabase, type Database } from '../db';
import { DataKeyError, openDataKeys, type OpenedKeys } from '../privacy/keys';
import { acquirePidLock, LockedError, type PidLock } from './lock';
import { privateDataDir, tightenPermissions } from './private-dir';

/** What start-up has opened so far, and the step it is in; closeAll() closes them in reverse order. */
const open: { lock?: PidLock; database?: Promise<Database>; app?: Promise<FastifyInstance>; step?: Promise<unknown> } =
  {};
let stopping = false;

/** Makes `work` the current start-up step, so a shutdown waits for it before closing anything. */
function step<T>(work: Promise<T>): Promise<T> {
  open.step = work;
  return work;
}

/** Closes the server, the database and the lock, whichever are open; never throws. */
async function closeAll(): Promise<void> {
  // A step in progress (PGlite's first boot, a migration) finishes first: cutting it off could leave a
  // half-written data directory. The client build holds nothing and is simply abandoned.
  await open.step?.catch(() => {});
  const app = await open.app?.catch(() => undefined);
  await app?.close().catch((e) => console.error(e));
  const database = await open.database?.catch(() => undefined);
  await database?.close().catch((e) => console.error(e));
  open.lock?.release();
}

function shutdown(signal: string): void {
  if (stopping) return;
  stopping = true;
  console.log(`${signal}: остановка / shutting down`);
  setTimeout(() => process.exit(1), 10_000).unref();
  void closeAll().then(() => process.exit(0));
}

async function main(): Promise<void> {
  process.on('SIGINT', () => shutdown('SIGINT'));
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  const dev = process.argv.includes('--dev');
  // .env beside package.json, if any (variables already in the environment win).
  const envFile = join(ROOT, '.env');
  if (existsSync(envFile)) process.loadEnvFile(envFile);
  let config: Config;
  try {
    config = loadConfig();
  } catch (e) {
    if (!(e instanceof ConfigError)) throw e;
    console.error(e.message); // what to change, not a stack trace
    process.exit(1);
  }
  if (!dev && process.env.SKIP_CLIENT_BUILD !== '1') await ensureClientBuilt();
  if (stopping) return;

  if (!config.databaseUrl) {
    // Before PGlite (or the lock) creates a file: owner-only from here on; looser permissions found are tightened.
    const tightened = privateDataDir(config.dataDir, [config.dataKeyFile]);
    if (tightened)
      console.log(
        `Права доступа к ${config.dataDir} ужесточены (исправлено: ${tightened}): данные и ключ может читать только ` +
          'владелец / permissions tightened to owner-only',
      );
    try {
      open.lock = acquirePidLock(config.dataDir);
    } catch (e) {
      if (e instanceof LockedError) {
        console.error(e.message);
        process.exit(1);
      }
      throw e;
    }
  }

  // After each step: a signal meanwhile means shutdown is closing what is open, so go no further.
  const database = await step((open.database = openDatabase(config)));
  if (stopping) return;
  if (database.kind === 'pglite') tightenPermissions([config.dataDir]); // what a first boot unpacked (private-dir.ts)
  await step(migrateDatabase(database));
  if (stopping) return;
  let keys: OpenedKeys;
  try {
    keys = await step(openDataKeys(database, config));
  } catch (e) {
    if (!(e instanceof DataKeyError)) throw e;
    console.error(e.message);
    open.step = undefined;
    await closeAll();
    process.exit(1);
  }
  if (stopping) return;
  const app = await step(
    (open.app = buildApp({ database, config, client: dev ? viteClient(ROOT) : staticClient(DIST) })),
  );
  if (stopping) return;
  await step(app.listen({ port: config.port, host: config.host }));
  if (stopping) return;

  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  const host = config.host === '0.0.0.0' || config.host === '::' ? 'localhost' : config.host;
  console.log(`Открыть: http://${host}:${port}`);
  if (config.devLauncher) {
    console.log(
      `Режим разработки (без BOT_TOKEN): сервер доступен только с этого компьютера (${config.host}) — встроенный ` +
        'токен разработки открыт, с ним любой мог бы войти как кто угодно. Для Telegram задайте BOT_TOKEN / ' +
        'development mode: loopback only',
    );
    console.log(`Запуск для разработки (без BOT_TOKEN): http://${host}:${port}/dev`);
  }
  console.log(
    `База данных: ${database.kind === 'pglite' ? `PGlite в ${config.dataDir}` : 'PostgreSQL (DATABASE_URL)'}`,
  );
  reportKeys(keys);
  if (!config.devLauncher && !config.supportUrl)
    console.warn(
      'SUPPORT_URL не задан: экран «Помощь и поддержка» и /paysupport не могут назвать контакт поддержки, а Telegram ' +
        'требует его от ботов, продающих цифровые товары / SUPPORT_URL is unset: no support contact to show',
    );
  await telegramWebhook(app, config);
}

/** What the data key step did, when there is something to know (a new key file, values sealed, keys retired). */
function reportKeys(keys: OpenedKeys): void {
  if (keys.movedKeyFile)
    console.log(
      `Ключ шифрования данных перенесён из ${keys.movedKeyFile.from} в ${keys.movedKeyFile.to}: рядом с данными, а не ` +
        'внутри них — копия данных без ключа не читается / data key moved out of the data directory',
    );
  if (keys.generatedKeyFile)
    console.log(
      `Ключ шифрования данных создан: ${keys.generatedKeyFile} — без него данные не прочитать: храните его копию ` +
        'отдельно от резервных копий базы (docs/security.md) / data encryption key generated: back it up apart from ' +
        'the data',
    );
  if (keys.rewrapped)
    console.log(
      `Ключи пользователей зашифрованы ключом ${keys.current}: ${keys.rewrapped} / user keys re-wrapped with the ` +
        'current master key',
    );
  if (keys.resealed)
    console.log(`Зашифровано ключами пользователей: ${keys.resealed} значений / values sealed under their users' keys`);
  if (keys.retired.length)
    console.log(
      `Ключи ${keys.retired.join(', ')} больше не используются: их можно убрать из DATA_ENCRYPTION_PREVIOUS_KEYS / ` +
        'no data is sealed with them any more',
    );
}

/** setWebhook when PUBLIC_URL is set; a failure is reported, not fatal: the app itself still serves. */
async function telegramWebhook(app: FastifyInstance, config: Config): Promise<void> {
  if (config.publicUrl && config.devLauncher) {
    console.log('PUBLIC_URL задан, но без BOT_TOKEN вебхук Telegram не регистрируется / no webhook without BOT_TOKEN');
    return;
  }
  try {
    const url = await step(registerWebhook(app.bot, config));
    if (url) console.log(`Вебхук Telegram: ${url}`);
    else if (!config.devLauncher)
      console.log('PUBLIC_URL не задан: вебхук Telegram не зарегистрирован / webhook not registered');
  } catch (e) {
    console.error(`Не удалось зарегистрировать вебхук Telegram / setWebhook failed: ${(e as Error).message}`);
  }
}

main().catch(async (e) => {
  // A configuration the operator must fix (the crisis lines file) is said in one line, without a stack.
  console.error(e instanceof CrisisLinesError ? e.message : e);
  open.step = undefined; // the step that failed is over
  await closeAll();
  process.exit(1);
});
