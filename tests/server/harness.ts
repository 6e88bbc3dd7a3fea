/**
 * Server test harness: `describeEachDatabase(title, (t) => { it(...) })` runs the block on PGlite and — when the
 * run's throwaway PostgreSQL cluster exists (`inject('pgUrl')`) — again on PostgreSQL.
 *
 * Every TEST gets a fresh app and an emptied migrated database: the tests of a file share one database of each kind,
 * every table truncated (identities restarted) and the data keys opened anew before each test; a test that closed it
 * or left it unusable gets a new one.
 * - PGlite: the migrated data directory is dumped once (cached in the OS temp dir, keyed by the migrations'
 *   content) and loaded into a new in-memory PGlite (≈0.4 s instead of ≈3.5 s for initdb+migrate).
 * - PostgreSQL: one migrated template database per test process, and `CREATE DATABASE … TEMPLATE` for the file's
 *   database, dropped after the file.
 * Both are opened with the test data key (TEST_DATA_KEY, `openDataKeys`), so the sealed columns work.
 *
 * `t` (read its fields inside tests/hooks, not at collection time):
 * - `t.app` — FastifyInstance (use `t.app.inject`), `t.database` — `{ db, kind, client, close }`, `t.kind`.
 * - `t.initData(user?, { authDate?, botToken? })` — init data signed for TEST_BOT_TOKEN (default user TEST_USER).
 * - `t.headers(user?, extra?)` — `{ 'x-init-data', 'x-time-zone': 'Europe/Moscow' }` + extra.
 * - `t.setTier(telegramId, tier, expiresAt?)` — grants a tier (default 30 days; START removes the subscription).
 *   The user row must exist: make one authenticated request first.
 * - `t.setDailyLimit(kind, tier, limit)` — overrides a plan's daily limit for the current test only.
 * - `t.userId(telegramId)` — internal users.id for a Telegram id.
 * - `t.asUser(telegramId, fn)` — runs `fn` in that user's scope (their data key: server/db/user-scope.ts), for
 *   rows a test writes straight into sealed columns; requests of the authenticated scope have it already.
 * A third argument `{ env: () => ({ … }) }` adds environment to every test's config (read in beforeEach);
 * `{ captureLog: true }` logs at info into memory: `t.log()` is every JSON line written so far, as text.
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { sign } from '@telegram-apps/init-data-node';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, afterEach, beforeAll, beforeEach, describe, inject } from 'vitest';
import { buildApp } from '../../server/app';
import { clearDailyLimitOverrides, overrideDailyLimit, type Tier, type UsageKind } from '../../server/billing/plans';
import { loadConfig, type Config } from '../../server/config';
import { migrateDatabase, openPostgres, PGLITE_START_PARAMS, wrapPglite, type Database } from '../../server/db';
import { migrationsFolder } from '../../server/db/migrate';
import { subscriptions, users } from '../../server/db/schema';
import { openDataKeys } from '../../server/privacy/keys';
import { createLogger } from '../../server/http/logger';
import { userKey } from '../../server/privacy/user-keys';
import { withUserKey } from '../../server/db/user-scope';

export const TEST_BOT_TOKEN = '1234567890:TEST-token-for-server-tests';
export const TEST_USER = { id: 1001, first_name: 'Тест' };

export interface TgUser {
  id: number;
  first_name: string;
  last_name?: string;
  username?: string;
  photo_url?: string;
  language_code?: string;
  /** Telegram sets it when the user allowed the bot to write to them. */
  allows_write_to_pm?: boolean;
}

export interface TestContext {
  readonly app: FastifyInstance;
  readonly database: Database;
  readonly config: Config;
  readonly kind: 'pglite' | 'postgres';
  initData(user?: TgUser, opts?: { authDate?: Date; botToken?: string }): string;
  headers(user?: TgUser, extra?: Record<string, string>): Record<string, string>;
  setTier(telegramId: number, tier: Tier, expiresAt?: Date | null): Promise<void>;
  setDailyLimit(kind: UsageKind, tier: Tier, limit: number | null): void;
  userId(telegramId: number): Promise<number>;
  /** The JSON log so far (with `captureLog: true`; else ''). */
  log(): string;
  asUser<T>(telegramId: number, fn: () => Promise<T>): Promise<T>;
}

/** The data key of server tests (32 bytes, base64). */
export const TEST_DATA_KEY = Buffer.alloc(32, 7).toString('base64');

export function testConfig(overrides: Record<string, string> = {}): Config {
  return loadConfig({
    BOT_TOKEN: TEST_BOT_TOKEN,
    DATA_ENCRYPTION_KEY: TEST_DATA_KEY,
    LOG_LEVEL: 'silent',
    DATA_DIR: join(tmpdir(), 'unused'),
    // Tests drive the reminder scheduler themselves (tests/server/reminders*.test.ts), with a clock of their own.
    REMINDER_TICK_MS: '0',
    // The offline assistant's streamed replies still come word by word, without a second of pauses per send.
    OFFLINE_STREAM_WORD_MS: '1',
    ...overrides,
  });
}

export function signInitData(user: TgUser = TEST_USER, opts: { authDate?: Date; botToken?: string } = {}): string {
  return sign(
    { user, query_id: 'AAH-test' } as Parameters<typeof sign>[0],
    opts.botToken ?? TEST_BOT_TOKEN,
    opts.authDate ?? new Date(),
  );
}

// ---- PGlite template -------------------------------------------------------------------------------------------

function migrationsHash(): string {
  const h = createHash('sha256');
  const walk = (dir: string) => {
    for (const name of readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
      const p = join(dir, name.name);
      if (name.isDirectory()) walk(p);
      else h.update(name.name).update(readFileSync(p));
    }
  };
  walk(migrationsFolder);
  return h.digest('hex').slice(0, 16);
}

let pgliteTemplate: Promise<Blob> | undefined;
function pgliteTemplateDump(): Promise<Blob> {
  pgliteTemplate ??= (async () => {
    const file = join(tmpdir(), `wellbeing-pglite-template-${migrationsHash()}.tar`);
    if (existsSync(file)) return new Blob([readFileSync(file)]);
    const pgl = await PGlite.create({ startParams: PGLITE_START_PARAMS });
    const database = wrapPglite(pgl);
    await migrateDatabase(database);
    const dump = await pgl.dumpDataDir('none');
    await database.close();
    const tmp = `${file}.${process.pid}.tmp`;
    writeFileSync(tmp, Buffer.from(await dump.arrayBuffer()));
    renameSync(tmp, file); // atomic: parallel workers never read a half-written template
    return dump;
  })();
  return pgliteTemplate;
}

/**
 * A fresh migrated in-memory PGlite, as a first start finds it: no data key checked yet. With the server's own start
 * parameters (a 16 MB buffer cache): PGlite's 128 MB default makes every instance take twice as long to start.
 */
export async function migratedPglite(): Promise<Database> {
  return wrapPglite(await PGlite.create({ loadDataDir: await pgliteTemplateDump(), startParams: PGLITE_START_PARAMS }));
}

/**
 * A migrated PGlite kept in the directory `dir` (created), as a first start leaves it but with no data key checked yet:
 * the template loaded there as a restore does (scripts/backups.ts), not PGlite's initdb and the migrations — for tests
 * of what is done with a data directory, not of its first boot (docs/testing.md «Where the suite's time goes»).
 */
export async function migratedPgliteAt(dir: string): Promise<Database> {
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  return wrapPglite(
    await PGlite.create({ dataDir: dir, loadDataDir: await pgliteTemplateDump(), startParams: PGLITE_START_PARAMS }),
  );
}

/** A fresh migrated in-memory PGlite whose data keys are open (the test key, installed for the process). */
export async function freshPglite(): Promise<Database> {
  const database = await migratedPglite();
  await openDataKeys(database, testConfig());
  return database;
}

/** The tables a test may write to: every table of ours (Drizzle's migration journal is in a schema of its own). */
const TABLES_OF_OURS = `select string_agg(format('%I', tablename), ', ') as list from pg_tables where schemaname = 'public'`;

/** PGlite and pg.Pool both answer one statement with `{ rows }`. */
type Queryable = { query<R>(sql: string): Promise<{ rows: R[] }> };

/** Empties a database as a fresh one starts: every table truncated (identities restarted), the data keys opened anew. */
async function empty(database: Database): Promise<void> {
  const client = database.client as unknown as Queryable;
  const { rows } = await client.query<{ list: string }>(TABLES_OF_OURS);
  await client.query(`truncate ${rows[0]!.list} restart identity cascade`);
  await openDataKeys(database, testConfig());
}

/** A database the tests of a file share, with what removes it after the file. */
interface Reusable {
  database: Database;
  closed(): boolean;
  drop(): Promise<void>;
}
const reusable: Partial<Record<'pglite' | 'postgres', Reusable>> = {};

/**
 * The file's database of this kind, emptied (`empty`), or a new one when a test closed it or left it unusable.
 * Creating one costs far more than emptying it (PGlite: 0.4 s idle, over 1 s busy; PostgreSQL: `CREATE DATABASE …
 * TEMPLATE` and its drop, 0.2–0.7 s), and most server tests are short, so the tests of a file share one.
 */
async function emptiedDatabase(kind: 'pglite' | 'postgres', pgUrl: string | null): Promise<Database> {
  const current = reusable[kind];
  if (current) {
    try {
      if (!current.closed()) {
        await empty(current.database);
        return current.database;
      }
    } catch {
      /* unusable: replaced below */
    }
    await current.drop().catch(() => undefined);
  }
  let next: Reusable;
  if (kind === 'pglite') {
    const database = await freshPglite();
    next = { database, closed: () => (database.client as PGlite).closed, drop: () => database.close() };
  } else {
    const fresh = await freshPostgres(pgUrl!);
    next = { database: fresh.database, closed: () => (fresh.database.client as pg.Pool).ended, drop: fresh.drop };
  }
  reusable[kind] = next;
  return next.database;
}

// ---- PostgreSQL template ---------------------------------------------------------------------------------------

function dbUrl(base: string, name: string): string {
  const u = new URL(base);
  u.pathname = `/${name}`;
  return u.toString();
}

function randomName(prefix: string): string {
  return `${prefix}_${process.pid}_${Math.random().toString(36).slice(2, 10)}`;
}

async function admin<T>(pgUrl: string, fn: (c: pg.Client) => Promise<T>): Promise<T> {
  const c = new pg.Client({ connectionString: pgUrl });
  await c.connect();
  try {
    return await fn(c);
  } finally {
    await c.end();
  }
}

let pgTemplate: Promise<string> | undefined;
function pgTemplateName(pgUrl: string): Promise<string> {
  pgTemplate ??= (async () => {
    const name = randomName('tpl');
    await admin(pgUrl, (c) => c.query(`create database ${name}`));
    const database = openPostgres(dbUrl(pgUrl, name), { max: 2 });
    await migrateDatabase(database);
    await database.close();
    return name;
  })();
  return pgTemplate;
}

/** A fresh migrated PostgreSQL database with its data keys open (the test key); `drop()` removes it. */
export async function freshPostgres(
  pgUrl: string,
): Promise<{ database: Database; url: string; drop(): Promise<void> }> {
  const template = await pgTemplateName(pgUrl);
  const name = randomName('t');
  await admin(pgUrl, (c) => c.query(`create database ${name} template ${template}`));
  const url = dbUrl(pgUrl, name);
  const database = openPostgres(url, { max: 10 });
  await openDataKeys(database, testConfig());
  return {
    database,
    url,
    async drop() {
      await database.close();
      await admin(pgUrl, (c) => c.query(`drop database if exists ${name} with (force)`));
    },
  };
}

// ---- describeEachDatabase ----------------------------------------------------------------------------------------

export interface EachDatabaseOptions {
  /** Extra environment for each test's config, read in beforeEach (e.g. a loopback TELEGRAM_API_ROOT). */
  env?: () => Record<string, string>;
  /** Log at info into memory (`t.log()`). */
  captureLog?: boolean;
}

export function describeEachDatabase(
  title: string,
  fn: (t: TestContext) => void,
  options: EachDatabaseOptions = {},
): void {
  const pgUrl = inject('pgUrl');
  const kinds: Array<'pglite' | 'postgres'> = pgUrl ? ['pglite', 'postgres'] : ['pglite'];
  for (const kind of kinds) {
    describe(`${title} [${kind}]`, () => {
      let current:
        | { app: FastifyInstance; database: Database; config: Config; log: string[]; cleanup: () => Promise<void> }
        | undefined;
      const need = () => {
        if (!current) throw new Error('harness: t.app/t.database are only available inside tests and hooks');
        return current;
      };

      const t: TestContext = {
        get app() {
          return need().app;
        },
        get database() {
          return need().database;
        },
        get config() {
          return need().config;
        },
        kind,
        log: () => need().log.join(''),
        initData: (user, opts) => signInitData(user, opts),
        headers: (user, extra = {}) => ({
          'x-init-data': signInitData(user),
          'x-time-zone': 'Europe/Moscow',
          ...extra,
        }),
        async setTier(telegramId, tier, expiresAt) {
          const db = need().database.db;
          const id = await t.userId(telegramId);
          if (tier === 'START') {
            await db.delete(subscriptions).where(eq(subscriptions.userId, id));
            return;
          }
          const exp = expiresAt === undefined ? new Date(Date.now() + 30 * 86_400_000) : expiresAt;
          await db
            .insert(subscriptions)
            .values({ userId: id, tier, expiresAt: exp, source: 'manual' })
            .onConflictDoUpdate({ target: subscriptions.userId, set: { tier, expiresAt: exp, source: 'manual' } });
        },
        setDailyLimit: (usageKind, tier, limit) => overrideDailyLimit(tier, usageKind, limit),
        async userId(telegramId) {
          const [row] = await need()
            .database.db.select({ id: users.id })
            .from(users)
            .where(eq(users.telegramId, telegramId));
          if (!row)
            throw new Error(`harness: no user with telegram id ${telegramId} — make an authenticated request first`);
          return row.id;
        },
        async asUser(telegramId, fn) {
          const key = await userKey(need().database.db, await t.userId(telegramId));
          if (!key) throw new Error(`harness: no data key for telegram id ${telegramId}`);
          return withUserKey(key, async () => await fn()); // a Drizzle query is built when awaited: in the scope
        },
      };

      beforeAll(async () => {
        // Warm the template once per file so the first test is not slower than the rest.
        if (kind === 'pglite') await pgliteTemplateDump();
        else await pgTemplateName(pgUrl!);
      });

      beforeEach(async () => {
        const config = testConfig(options.env?.());
        const database = await emptiedDatabase(kind, pgUrl);
        const log: string[] = [];
        const logger = options.captureLog
          ? createLogger({ ...config, logLevel: 'info' }, { write: (line: string) => void log.push(line) })
          : undefined;
        const app = await buildApp({ database, config, logger });
        await app.ready();
        current = {
          app,
          database,
          config,
          log,
          cleanup: () => app.close(), // the database is emptied by the next test and dropped after the file
        };
      });

      afterEach(async () => {
        clearDailyLimitOverrides();
        const c = current;
        current = undefined;
        await c?.cleanup();
      });

      afterAll(async () => {
        clearDailyLimitOverrides();
        await reusable[kind]?.drop();
        reusable[kind] = undefined;
      });

      fn(t);
    });
  }
}
