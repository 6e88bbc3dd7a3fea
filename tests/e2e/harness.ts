/**
 * E2E harness: the REAL server (`node --import tsx server/start/main.ts`, as `npm start`) on a loopback port + the system Chromium via playwright-core,
 * opened with signed Telegram launch parameters exactly as Telegram passes them.
 *
 * ```ts
 * import { useServerAndBrowser, openApp, launchUrl, signInitData, setTier } from './harness';
 *
 * const e2e = useServerAndBrowser();                  // beforeAll: start both; afterAll: close both
 *
 * it('…', async () => {
 *   const page = await openApp(e2e.browser, launchUrl(e2e.server, { user: { id: 1001, first_name: 'Анна' } }));
 *   const home = await openHome(e2e, { id: 1002, first_name: 'Олег' });   // signed in, onboarding skipped
 *   // screenshotOnFailure is armed by openApp: a failing test saves <tmp>/e2e-shots/<test>.png and prints the path.
 *   await setTier(e2e.server, 1001, 'PRO');            // PostgreSQL only (see below)
 * });
 * ```
 *
 * - `startServer({ env? })` → `{ url, port, dataDir, databaseUrl, botToken, logs(), stop() }`. Env given to the
 *   server: PORT (free loopback port), HOST=127.0.0.1, DATA_DIR (fresh temp dir), BOT_TOKEN (`E2E_BOT_TOKEN`),
 *   and DATABASE_URL = a fresh database in the run's throwaway PostgreSQL cluster (tests/e2e/global-setup.ts)
 *   when PostgreSQL is installed; otherwise the server uses its embedded PGlite in DATA_DIR. Waits until the
 *   server answers HTTP; if it exits first, throws with its output. `E2E_SERVER_ENTRY=<file>` runs another entry
 *   instead of server/start/main.ts (only for debugging the tests against a stand-in).
 * - `useServerAndBrowser({ env?, microphone? })` → `{ server, browser }` started in beforeAll and closed in afterAll of
 *   the file (startServer + launchBrowser below); one server and one Chromium per test file. `env` is read when the
 *   server starts (a hook registered before may fill it in: a loopback stand-in's URL).
 * - `launchBrowser({ microphone? })` → playwright-core Chromium at CHROMIUM_PATH (npm test sets it) or
 *   /usr/bin/chromium; `microphone: true` gives it Chromium's fake microphone (and grants it without a prompt),
 *   `{ file }` makes that microphone play a WAV file.
 * - `signInitData(user?, { authDate?, botToken?, extra? })` → raw init data signed with the test bot token
 *   (@telegram-apps/init-data-node `sign`), e.g. `user=%7B…%7D&auth_date=…&hash=…`.
 * - `launchHash({ initData, version?, platform?, themeParams? })` (server/start/telegram-launch.ts, shared with /dev) /
 *   `launchUrl(server, { path?, user?, initData?, themeParams?, … })` (`TELEGRAM_THEMES.dark` for the dark theme) → `…/#tgWebAppData=<encodeURIComponent(initData)>&
 *   tgWebAppVersion=8.0&tgWebAppPlatform=android&tgWebAppThemeParams=<encodeURIComponent(JSON of Telegram's light
 *   theme)>` — the init data string URL-encoded once more, as Telegram does.
 * - `signLegacyInitData(user?, …)` → init data as Telegram clients before Bot API 8.0 send it: no `signature` field
 *   (the SDK refuses such launch parameters; the server accepts them).
 * - `forgeInitData(initData)` → the same init data with a wrong hash.
 * - `openApp(browser, url, { otherTheme? })` → a Page in a fresh context (phone viewport, ru-RU, Europe/Moscow),
 *   screenshot on failure, and the accessibility gate armed (./a11y.ts): axe-core checks every state the page
 *   shows, and each route once more in the other Telegram theme; any serious or critical violation fails the test.
 *   `expectAccessible(page)` checks the current state at once.
 * - `setTier(server, telegramId, tier, expiresAt?)` → grants a tier with SQL through `pg` on the server's database
 *   (the user must have opened the app once so its row exists). Needs PostgreSQL: PGlite has one connection and
 *   the server holds it.
 */
import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sign, signData } from '@telegram-apps/init-data-node';
import pg from 'pg';
import { chromium, type Browser, type Page } from 'playwright-core';
import { afterAll, beforeAll, inject, onTestFailed } from 'vitest';
import { freePort } from '../../scripts/pg-cluster';
import { spawnServer } from '../support/server-command';
import { launchHash, TELEGRAM_THEMES } from '../../server/start/telegram-launch';
import { armAccessibilityGate } from './a11y';

export { expectAccessible, expectLayoutHolds } from './a11y';

// The launch-hash format and Telegram's palettes live with the /dev launcher; tests open the app with the very
// same URLs.
export { launchHash, TELEGRAM_THEMES };

const root = join(import.meta.dirname, '..', '..');

export const E2E_BOT_TOKEN = '7000000001:E2E-test-token-not-a-real-bot';
/** DATA_ENCRYPTION_KEY of e2e servers on PostgreSQL (32 bytes, base64). */
export const E2E_DATA_KEY = Buffer.alloc(32, 5).toString('base64');

export interface TgUser {
  id: number;
  first_name: string;
  last_name?: string;
  username?: string;
  language_code?: string;
  is_premium?: boolean;
  allows_write_to_pm?: boolean;
  photo_url?: string;
}

export const defaultUser: TgUser = {
  id: 5_550_001,
  first_name: 'Анна',
  last_name: 'Смирнова',
  username: 'anna_e2e',
  language_code: 'ru',
  allows_write_to_pm: true,
};

export interface E2EServer {
  url: string;
  port: number;
  dataDir: string;
  databaseUrl: string | null;
  botToken: string;
  logs(): string;
  stop(): Promise<void>;
}

async function createDatabase(clusterUrl: string): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `e2e_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: clusterUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(clusterUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const c = new pg.Client({ connectionString: clusterUrl });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
}

function exited(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve();
    else child.once('exit', () => resolve());
  });
}

export async function startServer(options: { env?: Record<string, string> } = {}): Promise<E2EServer> {
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'e2e-data-'));
  const clusterUrl = inject('e2ePgUrl');
  const database = clusterUrl ? await createDatabase(clusterUrl) : null;
  // The server runs as `npm start` would: without vitest's NODE_ENV=test and VITEST* variables.
  const inherited = Object.fromEntries(
    Object.entries(process.env).filter(
      ([k, v]) => v !== undefined && k !== 'NODE_ENV' && !k.startsWith('VITEST') && k !== 'TEST',
    ),
  ) as Record<string, string>;
  const env: Record<string, string> = {
    ...inherited,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    BOT_TOKEN: E2E_BOT_TOKEN,
    // PostgreSQL needs the data key given; on PGlite the server makes one in DATA_DIR, as on a first `npm start`.
    ...(database ? { DATABASE_URL: database.url, DATA_ENCRYPTION_KEY: E2E_DATA_KEY } : {}),
    DRAIN_GRACE_MS: '0', // no load balancer to tell: a stopped test server closes at once
    ...options.env,
  };
  if (!database) delete env.DATABASE_URL;
  let output = '';
  // E2E_SERVER_ENTRY: another entry file to run instead (e.g. a stand-in while debugging the tests themselves).
  const entry = process.env.E2E_SERVER_ENTRY ?? 'server/start/main.ts';
  const child = spawnServer(root, env, entry);
  child.stdout!.on('data', (d) => (output += d));
  child.stderr!.on('data', (d) => (output += d));
  const url = `http://127.0.0.1:${port}`;

  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await exited(child);
      clearTimeout(timer);
    }
    await database?.drop().catch(() => {});
    rmSync(dataDir, { recursive: true, force: true });
  };

  const deadline = Date.now() + 90_000;
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null) {
      await stop();
      throw new Error(`[e2e] server exited (${child.exitCode ?? child.signalCode}) before listening:\n${output}`);
    }
    try {
      await fetch(`${url}/`, { signal: AbortSignal.timeout(2000) });
      break;
    } catch {
      if (Date.now() > deadline) {
        await stop();
        throw new Error(`[e2e] server did not listen on ${url} within 90 s:\n${output}`);
      }
      await new Promise((r) => setTimeout(r, 200));
    }
  }
  return { url, port, dataDir, databaseUrl: database?.url ?? null, botToken: E2E_BOT_TOKEN, logs: () => output, stop };
}

/**
 * One server and one Chromium for the calling test file: registers its beforeAll (start both) and afterAll
 * (close both). Read `e2e.server` / `e2e.browser` inside tests and hooks, after beforeAll has run.
 */
export function useServerAndBrowser(options: { env?: Record<string, string>; microphone?: FakeMicrophone } = {}): {
  readonly server: E2EServer;
  readonly browser: Browser;
} {
  const started: { server?: E2EServer; browser?: Browser } = {};
  beforeAll(async () => {
    started.server = await startServer(options);
    started.browser = await launchBrowser({ microphone: options.microphone });
  });
  afterAll(async () => {
    await started.browser?.close();
    await started.server?.stop();
  });
  const running = <T>(value: T | undefined, what: string): T => {
    if (!value) throw new Error(`[e2e] ${what} is not running (read it inside a test, after beforeAll)`);
    return value;
  };
  return {
    get server() {
      return running(started.server, 'the server');
    },
    get browser() {
      return running(started.browser, 'the browser');
    },
  };
}

export function signInitData(
  user: TgUser = defaultUser,
  options: { authDate?: Date; botToken?: string; extra?: Record<string, string> } = {},
): string {
  return sign(
    { user, query_id: 'AAHdF6IQAAAAAN0XohDhrOrc', chat_instance: '-1', chat_type: 'sender', ...options.extra } as never,
    options.botToken ?? E2E_BOT_TOKEN,
    options.authDate ?? new Date(),
  );
}

/** Init data without `signature` (clients before Bot API 8.0), hashed over the remaining fields as Telegram does. */
export function signLegacyInitData(
  user: TgUser = defaultUser,
  options: Parameters<typeof signInitData>[1] = {},
): string {
  const params = new URLSearchParams(signInitData(user, options));
  params.delete('signature');
  params.delete('hash');
  const dataCheckString = [...params]
    .map(([key, value]) => `${key}=${value}`)
    .sort()
    .join('\n');
  params.set('hash', signData(dataCheckString, options.botToken ?? E2E_BOT_TOKEN));
  return params.toString();
}

/** The same init data with its hash replaced: a forgery the server must reject. */
export function forgeInitData(initData: string): string {
  const params = new URLSearchParams(initData);
  params.set('hash', 'f'.repeat(64));
  return params.toString();
}

export function launchUrl(
  server: Pick<E2EServer, 'url'>,
  options: {
    path?: string;
    user?: TgUser;
    initData?: string;
    version?: string;
    platform?: string;
    /** Telegram's theme params; default its official light palette (TELEGRAM_THEMES.light). */
    themeParams?: Readonly<Record<string, string>>;
  } = {},
): string {
  const initData = options.initData ?? signInitData(options.user ?? defaultUser);
  const { version, platform, themeParams } = options;
  return `${server.url}${options.path ?? '/'}#${launchHash({ initData, version, platform, themeParams })}`;
}

export function chromiumPath(): string {
  return process.env.CHROMIUM_PATH && existsSync(process.env.CHROMIUM_PATH)
    ? process.env.CHROMIUM_PATH
    : '/usr/bin/chromium';
}

/** Chromium's fake microphone (a generated beep), or one that plays a WAV file. */
export type FakeMicrophone = boolean | { file: string };

export function launchBrowser(options: { microphone?: FakeMicrophone } = {}): Promise<Browser> {
  const { microphone } = options;
  return chromium.launch({
    executablePath: chromiumPath(),
    headless: true,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      // Chromium 156 loads its omnibox popup's WebUI (≈ 80 chrome:// modules, another renderer) in every new window,
      // headless too: CPU beside the page's own, which a Telegram WebView has no omnibox to spend (docs/client.md).
      '--disable-features=WebUIOmniboxPopup,WebUIOmniboxFullPopup,WebUIOmniboxAimPopup',
      ...(microphone ? ['--use-fake-ui-for-media-stream', '--use-fake-device-for-media-stream'] : []),
      ...(typeof microphone === 'object' ? [`--use-file-for-fake-audio-capture=${microphone.file}`] : []),
    ],
  });
}

const shotsDir = join(tmpdir(), 'e2e-shots');

/**
 * On failure of the current test, saves a screenshot of `page` and prints where, with the last errors the page threw
 * or logged: a blank page in a screenshot says little by itself.
 */
export function screenshotOnFailure(page: Page, name?: string) {
  const errors: string[] = [];
  page.on('pageerror', (err) => errors.push(`page error: ${err.message}`));
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(`console error: ${message.text()}`);
  });
  onTestFailed(async ({ task }) => {
    for (const line of errors.slice(-10)) console.error(`[e2e] ${line}`);
    mkdirSync(shotsDir, { recursive: true });
    const file = join(
      shotsDir,
      `${(name ?? task.name).replace(/[^\p{L}\p{N}_-]+/gu, '_').slice(0, 80)}-${Date.now()}.png`,
    );
    try {
      await page.screenshot({ path: file, fullPage: true });
      console.error(`[e2e] screenshot of the failed test: ${file}\n[e2e] page URL: ${page.url()}`);
    } catch (err) {
      console.error(`[e2e] could not take a screenshot: ${(err as Error).message}`);
    }
  });
}

/** The phone the app is opened on (browser tests and bench/diary-scroll.ts). */
export const PHONE_CONTEXT = {
  viewport: { width: 390, height: 844 },
  deviceScaleFactor: 2,
  isMobile: true,
  hasTouch: true,
  locale: 'ru-RU',
  timezoneId: 'Europe/Moscow',
} as const;

/**
 * A fresh browser context (own localStorage) with a phone viewport, the page navigated to `url`, with the
 * accessibility gate armed (./a11y.ts): every state the page shows is checked with axe-core, each route in the
 * other Telegram theme too, and the test fails on any serious or critical violation. `otherTheme: false` skips
 * the second theme (a test that opens both itself).
 */
export async function openApp(browser: Browser, url: string, options: { otherTheme?: boolean } = {}): Promise<Page> {
  const context = await browser.newContext(PHONE_CONTEXT);
  const page = await context.newPage();
  screenshotOnFailure(page);
  await armAccessibilityGate(context, page, options);
  await page.goto(url);
  return page;
}

/** Opens the app as `user` (openApp) and skips onboarding: the page is on /app/home. */
export async function openHome(e2e: { browser: Browser; server: Pick<E2EServer, 'url'> }, user: TgUser): Promise<Page> {
  const page = await openApp(e2e.browser, launchUrl(e2e.server, { user }));
  await page.waitForURL('**/onboarding', { timeout: 20_000 });
  await page.getByRole('button', { name: 'Пропустить' }).click();
  await page.waitForURL('**/app/home');
  return page;
}

export type Tier = 'START' | 'PRO' | 'PREMIUM';

/**
 * Grants `tier` to the user with this Telegram id until `expiresAt` (default: in 30 days; null: never expires),
 * as a manual subscription row (server/db/schema.ts `subscriptions`); START removes the subscription.
 */
export async function setTier(
  server: E2EServer,
  telegramId: number,
  tier: Tier,
  expiresAt?: Date | null,
): Promise<void> {
  if (!server.databaseUrl) throw new Error('[e2e] setTier needs PostgreSQL (apt-get install postgresql)');
  const client = new pg.Client({ connectionString: server.databaseUrl });
  await client.connect();
  try {
    const user = await client.query<{ id: number }>('SELECT id FROM users WHERE telegram_id = $1', [telegramId]);
    const userId = user.rows[0]?.id;
    if (userId === undefined)
      throw new Error(`[e2e] setTier: no user ${telegramId} yet — open the app as that user first`);
    if (tier === 'START') {
      await client.query('DELETE FROM subscriptions WHERE user_id = $1', [userId]);
      return;
    }
    const until = expiresAt === undefined ? new Date(Date.now() + 30 * 86_400_000) : expiresAt;
    await client.query(
      `INSERT INTO subscriptions (user_id, tier, expires_at, source, updated_at) VALUES ($1, $2, $3, 'manual', now())
       ON CONFLICT (user_id) DO UPDATE SET tier = EXCLUDED.tier, expires_at = EXCLUDED.expires_at, source = 'manual', updated_at = now()`,
      [userId, tier, until],
    );
  } finally {
    await client.end();
  }
}
