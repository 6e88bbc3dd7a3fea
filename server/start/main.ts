// `npm start` (node --import tsx server/start/main.ts): build the client if needed, open and migrate the database, listen.
// `npm run dev` adds --dev: Vite in middleware mode with HMR instead of the built dist/.
// Two outputs: the JSON log (stdout, or LOG_FILE; ./server.log when stdout is a terminal) and, on stderr, the few
// lines for the person starting it — where to open the app, which database, where the log goes.
// SIGINT/SIGTERM are handled from the first line: whatever is open by then (server, database, pid lock) is closed.
// SIGTERM drains first (docs/deploy.md): /readyz turns 503 at once, the listener stays open DRAIN_GRACE_MS for the
// load balancer to notice, then closes; requests and streams in progress finish, the reminder loop stops claiming,
// the pool closes — all within SHUTDOWN_TIMEOUT_MS, after which the process exits anyway (code 1). SIGINT (Ctrl+C
// at a terminal) skips the grace.
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { FastifyInstance } from 'fastify';
import pino from 'pino';
import { buildApp } from '../app';
import { registerWebhook } from '../bot/register';
import { DIST, ensureClientBuilt, ROOT } from './client-build';
import { staticClient, viteClient } from './client';
import { ConfigError, loadConfig, type Config } from '../config';
import { createLogger } from '../http/logger';
import { CrisisLinesError } from '../safety/service';
import { migrateDatabase, openDatabase, type Database } from '../db';
import { DataKeyError, openDataKeys, type OpenedKeys } from '../privacy/keys';
import { acquirePidLock, LockedError, type PidLock } from './lock';
import { privateDataDir, tightenPermissions } from './private-dir';

/** What start-up has opened so far, and the step it is in; closeAll() closes them in reverse order. */
const open: { lock?: PidLock; database?: Promise<Database>; app?: Promise<FastifyInstance>; step?: Promise<unknown> } =
  {};
let stopping = false;
let config: Config | undefined;
let log: pino.Logger | undefined;
/** Set once the app listens: only then is there traffic to drain. */
let listening: FastifyInstance | undefined;

/** A line for the person at the terminal (stderr: stdout, when not a terminal, is the JSON log's). */
const say = (line: string) => void process.stderr.write(`${line}\n`);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

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
  await app?.close().catch((err) => log?.error({ err }, 'closing the server failed'));
  const database = await open.database?.catch(() => undefined);
  await database?.close().catch((err) => log?.error({ err }, 'closing the database failed'));
  open.lock?.release();
}

function shutdown(signal: string): void {
  if (stopping) return;
  stopping = true;
  say(`${signal}: остановка / shutting down`);
  const timeoutMs = config?.shutdownTimeoutMs ?? 25_000;
  setTimeout(() => {
    log?.error({ timeoutMs }, 'shutdown: SHUTDOWN_TIMEOUT_MS passed, exiting with work unfinished');
    say(`Остановка не уложилась в SHUTDOWN_TIMEOUT_MS=${timeoutMs} / shutdown timed out`);
    log?.flush();
    process.exit(1);
  }, timeoutMs).unref();
  void (async () => {
    if (listening && signal === 'SIGTERM') {
      listening.drain.start();
      log?.info({ graceMs: config?.drainGraceMs }, 'shutdown: draining (not ready)');
      await sleep(config?.drainGraceMs ?? 0);
    }
    await closeAll();
    log?.info('shutdown: closed');
    log?.flush();
    process.exit(0);
  })();
}

/** Where the JSON log goes: LOG_FILE; else stdout, unless that is a terminal (a person reads it): ./server.log. */
function logDestination(config: Config): { destination: pino.DestinationStream; where: string } {
  const file = config.logFile ?? (process.stdout.isTTY ? resolve('server.log') : null);
  if (file === null) return { destination: pino.destination({ dest: 1, sync: false }), where: 'stdout' };
  return {
    destination: pino.destination({ dest: file, append: true, mkdir: true, sync: false, mode: 0o600 }),
    where: file,
  };
}

async function main(): Promise<void> {
  process.on('SIGINT', () => shutdown('SIGINT'));
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  const dev = process.argv.includes('--dev');
  // .env beside package.json, if any (variables already in the environment win).
  const envFile = join(ROOT, '.env');
  if (existsSync(envFile)) process.loadEnvFile(envFile);
  try {
    config = loadConfig();
  } catch (e) {
    if (!(e instanceof ConfigError)) throw e;
    say(e.message); // what to change, not a stack trace
    process.exit(1);
  }
  const logTo = logDestination(config);
  log = createLogger(config, logTo.destination);
  if (!dev && process.env.SKIP_CLIENT_BUILD !== '1') await ensureClientBuilt(undefined, say);
  if (stopping) return;

  if (!config.databaseUrl) {
    // Before PGlite (or the lock) creates a file: owner-only from here on; looser permissions found are tightened.
    const tightened = privateDataDir(config.dataDir, [config.dataKeyFile]);
    if (tightened)
      say(
        `Права доступа к ${config.dataDir} ужесточены (исправлено: ${tightened}): данные и ключ может читать только ` +
          'владелец / permissions tightened to owner-only',
      );
    try {
      open.lock = acquirePidLock(config.dataDir);
    } catch (e) {
      if (e instanceof LockedError) {
        say(e.message);
        process.exit(1);
      }
      throw e;
    }
  }

  // After each step: a signal meanwhile means shutdown is closing what is open, so go no further.
  const onPoolError = (err: Error) => log!.warn({ err }, 'PostgreSQL: an idle pooled connection failed');
  const database = await step((open.database = openDatabase(config, { onPoolError })));
  if (stopping) return;
  if (database.kind === 'pglite') tightenPermissions([config.dataDir]); // what a first boot unpacked (private-dir.ts)
  await step(migrateDatabase(database));
  if (stopping) return;
  let keys: OpenedKeys;
  try {
    keys = await step(openDataKeys(database, config));
  } catch (e) {
    if (!(e instanceof DataKeyError)) throw e;
    say(e.message);
    open.step = undefined;
    await closeAll();
    process.exit(1);
  }
  if (stopping) return;
  const app = await step(
    (open.app = buildApp({
      database,
      config,
      client: dev ? viteClient(ROOT) : staticClient(DIST),
      logger: log,
    })),
  );
  if (stopping) return;
  await step(app.listen({ port: config.port, host: config.host }));
  listening = app;
  if (stopping) return;

  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  const everywhere = config.host === '0.0.0.0' || config.host === '::';
  const host = everywhere ? 'localhost' : config.host;
  // The key lines before «Открыть»: whoever reads the terminal (or waits for that line) has them by then.
  reportKeys(keys);
  say(
    `Открыть: http://${host}:${port} — приложение в браузере` +
      (everywhere ? ` (сервер слушает все адреса этой машины, ${config.host}:${port})` : ''),
  );
  if (config.devLauncher) {
    say(
      `Режим разработки (без BOT_TOKEN): сервер доступен только с этого компьютера (${config.host}) — встроенный ` +
        'токен разработки открыт, с ним любой мог бы войти как кто угодно. Для Telegram задайте BOT_TOKEN / ' +
        'development mode: loopback only',
    );
    say(
      `Запуск для разработки (без BOT_TOKEN): http://${host}:${port}/dev — выбрать тариф и тему, открыть как в Telegram`,
    );
  }
  say(`База данных: ${database.kind === 'pglite' ? `PGlite в ${config.dataDir}` : 'PostgreSQL (DATABASE_URL)'}`);
  say(`Журнал (JSON, строка на событие): ${logTo.where}`);
  if (config.metricsToken)
    say(
      `Метрики Prometheus: http://${host}:${config.metricsPort ?? port}/metrics (Authorization: Bearer METRICS_TOKEN)`,
    );
  log.info({ port, host: config.host, database: database.kind, metrics: Boolean(config.metricsToken) }, 'started');
  if (!config.devLauncher && !config.supportUrl)
    say(
      'SUPPORT_URL не задан: экран «Помощь и поддержка» и /paysupport не могут назвать контакт поддержки, а Telegram ' +
        'требует его от ботов, продающих цифровые товары / SUPPORT_URL is unset: no support contact to show',
    );
  await telegramWebhook(app, config);
}

/** What the data key step did, when there is something to know (a new key file, values sealed, keys retired). */
function reportKeys(keys: OpenedKeys): void {
  if (keys.movedKeyFile)
    say(
      `Ключ шифрования данных перенесён из ${keys.movedKeyFile.from} в ${keys.movedKeyFile.to}: рядом с данными, а не ` +
        'внутри них — копия данных без ключа не читается / data key moved out of the data directory',
    );
  if (keys.generatedKeyFile)
    say(
      `Ключ шифрования данных создан: ${keys.generatedKeyFile} — без него данные не прочитать: храните его копию ` +
        'отдельно от резервных копий базы (docs/security.md) / data encryption key generated: back it up apart from ' +
        'the data',
    );
  if (keys.rewrapped)
    say(
      `Ключи пользователей зашифрованы ключом ${keys.current}: ${keys.rewrapped} / user keys re-wrapped with the ` +
        'current master key',
    );
  if (keys.resealed)
    say(`Зашифровано ключами пользователей: ${keys.resealed} значений / values sealed under their users' keys`);
  if (keys.retired.length)
    say(
      `Ключи ${keys.retired.join(', ')} больше не используются: их можно убрать из DATA_ENCRYPTION_PREVIOUS_KEYS / ` +
        'no data is sealed with them any more',
    );
}

/** setWebhook when PUBLIC_URL is set; a failure is reported, not fatal: the app itself still serves. */
async function telegramWebhook(app: FastifyInstance, config: Config): Promise<void> {
  if (config.publicUrl && config.devLauncher) {
    say('PUBLIC_URL задан, но без BOT_TOKEN вебхук Telegram не регистрируется / no webhook without BOT_TOKEN');
    return;
  }
  try {
    const url = await step(registerWebhook(app.bot, config));
    if (url) say(`Вебхук Telegram: ${url}`);
    else if (!config.devLauncher)
      say('PUBLIC_URL не задан: вебхук Telegram не зарегистрирован / webhook not registered');
  } catch (e) {
    say(`Не удалось зарегистрировать вебхук Telegram / setWebhook failed: ${(e as Error).message}`);
    app.log.error({ err: e }, 'setWebhook failed');
  }
}

main().catch(async (e) => {
  // A configuration the operator must fix (the crisis lines file) is said in one line, without a stack; stderr: the
  // person starting it must see why it stopped.
  console.error(e instanceof CrisisLinesError ? e.message : e);
  log?.fatal({ err: e }, 'start-up failed');
  open.step = undefined; // the step that failed is over
  await closeAll();
  process.exit(1);
});
