// Server configuration from the environment, read once at start-up. Every variable is documented in .env.example.
import { createHmac } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { resolve } from 'node:path';
import type { CrisisLines } from '../../contract/safety/crisis-lines';
import { DEFAULT_CRISIS_LINES_FILE, loadCrisisLines } from '../safety/service';

/**
 * Used when BOT_TOKEN is unset: init data is signed by the /dev launcher with this token. Never valid in Telegram —
 * and public in this source, so whoever reaches a server running it can sign in as anyone: such a server listens on
 * loopback only (HOST below).
 */
export const DEV_BOT_TOKEN = '0000000000:DEV-local-token-not-a-real-bot';

/** A configuration the server must not start with; main.ts prints the message alone and exits 1. */
export class ConfigError extends Error {
  override name = 'ConfigError';
}

export interface Config {
  port: number;
  /** Listen address; without BOT_TOKEN a loopback address only (127.0.0.1 by default). */
  host: string;
  /** Folder of the embedded PGlite database (used only without DATABASE_URL). */
  dataDir: string;
  /**
   * Where a key is generated on PGlite without DATA_ENCRYPTION_KEY(_FILE): beside the data directory, never in it
   * (`${DATA_DIR}.key`), so a copy of the data alone does not open.
   */
  dataKeyFile: string;
  /** PostgreSQL connection string; null → embedded PGlite in dataDir. */
  databaseUrl: string | null;
  /** Max connections of the pg pool per instance (default: DEFAULT_PG_POOL_MAX). */
  pgPoolMax: number;
  /** PostgreSQL statement timeout (ms) per query, so a stalled database answers 503 instead of hanging; 0: none. */
  pgQueryTimeoutMs: number;
  botToken: string;
  /** True when BOT_TOKEN is unset: the dev token is used and /dev serves the launcher. */
  devLauncher: boolean;
  /** Init data older than this (auth_date) is rejected; at least 1 (0 would mean "never expires"). */
  initDataMaxAgeS: number;
  /** Zone used when the client sends no (or an invalid) X-Time-Zone. */
  defaultTimeZone: string;
  /** JSON body limit in bytes. */
  bodyLimit: number;
  /** Requests per minute per user on /api; 0 disables the limiter. */
  rateLimitPerMinute: number;
  /** Failed authentications per minute per client IP before /api answers 429; 0 disables. */
  authFailuresPerMinute: number;
  /**
   * Fastify's trustProxy: which peers may set X-Forwarded-For (the client IP of logs and the failed-auth limit).
   * Default: loopback only — a proxy elsewhere is named explicitly.
   */
  trustProxy: boolean | string;
  /** Origins allowed to call /api from another site (CORS); empty: same-origin only. */
  corsOrigins: string[];
  logLevel: string;
  /** OpenAI-compatible chat API (…/v1); null → the built-in offline assistant. */
  llmBaseUrl: string | null;
  llmApiKey: string | null;
  /** The model's id at that API; required with llmBaseUrl. */
  llmModel: string | null;
  /** A reply that has not finished by then (or stalls between chunks for a third of it) is a 503. */
  llmTimeoutMs: number;
  /** The offline assistant's pause between the words of a streamed reply (OFFLINE_STREAM_WORD_MS); 0: no pause. */
  offlineStreamWordMs: number;
  /** OpenAI-compatible speech-to-text API (…/v1, POST /audio/transcriptions); null → voice input is not set up. */
  sttBaseUrl: string | null;
  sttApiKey: string | null;
  /** The transcription model's id there; required with sttBaseUrl. */
  sttModel: string | null;
  /** A transcription (its one retry included) not finished by then is a 503 and the seconds are given back. */
  sttTimeoutMs: number;
  /** The app's public https origin (PUBLIC_URL): the /start button opens it, setWebhook points at it; null: unset. */
  publicUrl: string | null;
  /**
   * X-Telegram-Bot-Api-Secret-Token the webhook requires (WEBHOOK_SECRET; default: derived from BOT_TOKEN, so the
   * webhook is never open).
   */
  webhookSecret: string;
  /** Bot API server (TELEGRAM_API_ROOT); null: Telegram's own, https://api.telegram.org. */
  telegramApiRoot: string | null;
  /** Payment-provider token for card payments in RUB (CARD_PROVIDER_TOKEN); null: card payments are off. */
  cardProviderToken: string | null;
  /** A Telegram link to human support (SUPPORT_URL), named by /paysupport and the help screen; null: unset. */
  supportUrl: string | null;
  /** How often each instance looks for due reminders (REMINDER_TICK_MS); 0: this instance sends none. */
  reminderTickMs: number;
  /**
   * How long the pre-checkout check may take (PRE_CHECKOUT_DEADLINE_MS) before the bot refuses with «temporarily
   * unavailable»: Telegram cancels a payment whose pre-checkout is not answered within 10 s.
   */
  preCheckoutDeadlineMs: number;
  /**
   * The master key (DATA_ENCRYPTION_KEY, or the file DATA_ENCRYPTION_KEY_FILE names; 32 bytes) that wraps every
   * user's data key (docs/security.md); null: unset — on PGlite a key generated into dataKeyFile, on PostgreSQL a
   * refusal to start (server/privacy/keys.ts).
   */
  dataEncryptionKey: Buffer | null;
  /** Keys data may still be sealed with after a rotation (DATA_ENCRYPTION_PREVIOUS_KEYS, comma-separated). */
  dataEncryptionPreviousKeys: Buffer[];
  /** Bearer token GET /metrics requires (METRICS_TOKEN); null: metrics are off (404). */
  metricsToken: string | null;
  /** A port of its own for GET /metrics (METRICS_PORT), on HOST; null: served on PORT beside the app. */
  metricsPort: number | null;
  /**
   * JSON log lines go here (LOG_FILE, appended, 0600); null: to stdout when it is not a terminal (journald, a
   * pipe), else to ./server.log — a person at the terminal reads the few human lines on stderr.
   */
  logFile: string | null;
  /** SIGTERM: how long the drain may take in all before the process exits anyway (SHUTDOWN_TIMEOUT_MS). */
  shutdownTimeoutMs: number;
  /**
   * SIGTERM: how long the listener stays open after /readyz turned false, for load balancers (DRAIN_GRACE_MS;
   * default 5 s on PostgreSQL, 0 on PGlite).
   */
  drainGraceMs: number;
  /**
   * The crisis lines every place shows (CRISIS_LINES_FILE, an operator's JSON; default: Russia's, shipped in
   * contract/safety/crisis-lines.ru.json), validated at start: an invalid file stops it (server/safety/service.ts).
   */
  crisisLines: CrisisLines;
  /**
   * How long the model's second opinion on a message may take (SAFETY_CLASSIFIER_TIMEOUT_MS, with LLM_BASE_URL):
   * a reply waits at most this long after it started for the verdict before it is stored without it. 0: no second
   * opinion (the detector alone; not recommended).
   */
  safetyClassifierTimeoutMs: number;
  /**
   * TEST_CLOCK=1: a request may name its instant in X-Test-Now (server/http/clock.ts), so an end-to-end test lives a
   * week of check-ins in a minute. Tests only: refused with NODE_ENV=production or on an address beyond loopback.
   */
  testClock: boolean;
}

function int(env: NodeJS.ProcessEnv, name: string, fallback: number, min = 0): number {
  const raw = env[name];
  if (raw === undefined || raw.trim() === '') return fallback;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < min)
    throw new ConfigError(
      `${name} must be ${min ? `an integer of at least ${min}` : 'a non-negative integer'}, got "${raw}"`,
    );
  return n;
}

function str(env: NodeJS.ProcessEnv, name: string): string | null {
  const v = env[name]?.trim();
  return v ? v : null;
}

/** TRUST_PROXY: true | false | comma-separated addresses, CIDRs or the names loopback, linklocal, uniquelocal. */
function trustProxy(env: NodeJS.ProcessEnv): boolean | string {
  const v = str(env, 'TRUST_PROXY');
  // Default: a proxy on this host only. Trusting whole private ranges would let any machine of a shared network (a
  // neighbour container, a VPN peer) name itself someone else and dodge the failed-sign-in limit.
  if (v === null) return 'loopback';
  return v === 'true' || v === 'false' ? v === 'true' : v;
}

/** 127.0.0.0/8, ::1 or localhost: the only addresses a server with the public development token may listen on. */
export const isLoopbackHost = (host: string) => /^(127(\.\d{1,3}){3}|::1|\[::1\]|localhost)$/i.test(host);

/**
 * HOST: anything with a real BOT_TOKEN (default 0.0.0.0); without one, loopback only (default 127.0.0.1) — the
 * development token is public, so on any other address everyone who can reach the server could be anyone.
 */
function host(env: NodeJS.ProcessEnv, devToken: boolean): string {
  const v = str(env, 'HOST');
  if (!devToken) return v ?? '0.0.0.0';
  if (v === null) return '127.0.0.1';
  if (!isLoopbackHost(v))
    throw new ConfigError(
      `HOST=${v} без BOT_TOKEN не разрешён: без токена бота сервер работает со встроенным токеном разработки, который ` +
        'открыт в исходном коде, и любой, кто дотянется до сервера, сможет войти как любой пользователь. Поэтому он ' +
        'слушает только 127.0.0.1. Задайте BOT_TOKEN (от @BotFather) или уберите HOST / HOST=' +
        `${v} needs BOT_TOKEN: without it the server runs the public development token and listens on loopback only`,
    );
  return v;
}

function origins(env: NodeJS.ProcessEnv): string[] {
  return (str(env, 'CORS_ORIGINS') ?? '')
    .split(',')
    .map((o) => o.trim().replace(/\/+$/, ''))
    .filter(Boolean)
    .map((o) => {
      // Browsers send the origin as the URL API spells it (lower-case scheme and host, no default port).
      const origin = URL.canParse(o) ? new URL(o).origin : 'null';
      if (!/^https?:/.test(origin) || origin.toLowerCase() !== o.toLowerCase()) {
        throw new ConfigError(`CORS_ORIGINS: "${o}" is not an origin such as https://app.example.com`);
      }
      return origin;
    });
}

/**
 * The pool's default size: 2 × this machine's cores, at least 4 — PostgreSQL's rule of thumb (about twice the
 * database's cores in all) for the usual case of the database beside the server. More connections than the cores
 * can serve only make backends queue for the CPU: on a 2-core machine a pool of 20 gave the diary list p99 30–48 ms,
 * a pool of 4 gave 19–28 ms at higher throughput (bench/diary.ts). With several instances, split the database's share.
 */
export const DEFAULT_PG_POOL_MAX = Math.max(4, 2 * availableParallelism());
/** PG_QUERY_TIMEOUT_MS's default: far beyond any request's query, short enough that a stalled database answers 503. */
export const DEFAULT_PG_QUERY_TIMEOUT_MS = 10_000;

/** Telegram accepts 1–256 characters of A–Z, a–z, 0–9, _ and - as a webhook secret. */
const WEBHOOK_SECRET_FORMAT = /^[A-Za-z0-9_-]{1,256}$/;

function webhookSecret(env: NodeJS.ProcessEnv, botToken: string): string {
  const v = str(env, 'WEBHOOK_SECRET');
  if (v === null) return createHmac('sha256', botToken).update('telegram-webhook-secret').digest('base64url');
  if (!WEBHOOK_SECRET_FORMAT.test(v))
    throw new ConfigError('WEBHOOK_SECRET: 1–256 characters of A–Z, a–z, 0–9, _ and -');
  return v;
}

/** An http(s) URL without a trailing slash, or null when unset. */
function baseUrl(env: NodeJS.ProcessEnv, name: string): string | null {
  const v = str(env, name);
  if (v === null) return null;
  if (!URL.canParse(v) || !/^https?:$/.test(new URL(v).protocol))
    throw new ConfigError(`${name}: "${v}" is not an http(s) URL`);
  return v.replace(/\/+$/, '');
}

/** LLM_BASE_URL and LLM_MODEL go together. */
function llm(env: NodeJS.ProcessEnv): Pick<Config, 'llmBaseUrl' | 'llmApiKey' | 'llmModel'> {
  const url = baseUrl(env, 'LLM_BASE_URL');
  const model = str(env, 'LLM_MODEL');
  if (url && !model) throw new ConfigError('LLM_MODEL must name the model when LLM_BASE_URL is set');
  return { llmBaseUrl: url, llmApiKey: str(env, 'LLM_API_KEY'), llmModel: url ? model : null };
}

/** STT_BASE_URL and STT_MODEL go together, like the chat model's. */
function stt(env: NodeJS.ProcessEnv): Pick<Config, 'sttBaseUrl' | 'sttApiKey' | 'sttModel'> {
  const url = baseUrl(env, 'STT_BASE_URL');
  const model = str(env, 'STT_MODEL');
  if (url && !model) throw new ConfigError('STT_MODEL must name the transcription model when STT_BASE_URL is set');
  return { sttBaseUrl: url, sttApiKey: str(env, 'STT_API_KEY'), sttModel: url ? model : null };
}

/** 32 bytes written as base64 (standard or URL-safe, with or without padding) or as 64 hex digits. */
export function parseDataKey(raw: string, name: string): Buffer {
  const v = raw.trim();
  const key = /^[0-9a-f]{64}$/i.test(v)
    ? Buffer.from(v, 'hex')
    : /^[A-Za-z0-9+/_-]{43}={0,1}$/.test(v)
      ? Buffer.from(v, 'base64')
      : null;
  if (key?.length !== 32)
    throw new ConfigError(
      `${name}: a key of 32 bytes in base64 or hex is expected (make one: openssl rand -base64 32) / ` +
        `нужен ключ из 32 байт в base64 или hex`,
    );
  return key;
}

/** DATA_ENCRYPTION_KEY_FILE's key: a file holding the key as DATA_ENCRYPTION_KEY would (a container secret). */
function keyFromFile(file: string): Buffer {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    throw new ConfigError(`DATA_ENCRYPTION_KEY_FILE: cannot read ${file} (${(error as Error).message})`);
  }
  return parseDataKey(text, `DATA_ENCRYPTION_KEY_FILE (${file})`);
}

function dataKeys(env: NodeJS.ProcessEnv): Pick<Config, 'dataEncryptionKey' | 'dataEncryptionPreviousKeys'> {
  const current = str(env, 'DATA_ENCRYPTION_KEY');
  const file = str(env, 'DATA_ENCRYPTION_KEY_FILE');
  if (current && file) throw new ConfigError('DATA_ENCRYPTION_KEY and DATA_ENCRYPTION_KEY_FILE: set one of them');
  const previous = (str(env, 'DATA_ENCRYPTION_PREVIOUS_KEYS') ?? '').split(',').filter((k) => k.trim());
  if (previous.length && !current && !file)
    throw new ConfigError(
      'DATA_ENCRYPTION_PREVIOUS_KEYS needs DATA_ENCRYPTION_KEY (or _FILE): the key data is sealed with from now on',
    );
  return {
    dataEncryptionKey: current
      ? parseDataKey(current, 'DATA_ENCRYPTION_KEY')
      : file
        ? keyFromFile(resolve(file))
        : null,
    dataEncryptionPreviousKeys: previous.map((k) => parseDataKey(k, 'DATA_ENCRYPTION_PREVIOUS_KEYS')),
  };
}

/** TEST_CLOCK: only for a test's own server, never one anybody else can reach. */
function testClock(env: NodeJS.ProcessEnv, host: string): boolean {
  if (str(env, 'TEST_CLOCK') !== '1') return false;
  if (env.NODE_ENV === 'production')
    throw new ConfigError('TEST_CLOCK is for tests: it is refused with NODE_ENV=production');
  if (!isLoopbackHost(host))
    throw new ConfigError(`TEST_CLOCK is for tests: it needs HOST on loopback (127.0.0.1), not ${host}`);
  return true;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  // The development token given as BOT_TOKEN is still the public development token.
  const given = str(env, 'BOT_TOKEN');
  const botToken = given === DEV_BOT_TOKEN ? null : given;
  const hostName = host(env, botToken === null);
  const dataDir = resolve(str(env, 'DATA_DIR') ?? './data');
  return {
    port: int(env, 'PORT', 3000),
    host: hostName,
    dataDir,
    dataKeyFile: `${dataDir}.key`,
    databaseUrl: str(env, 'DATABASE_URL'),
    pgPoolMax: int(env, 'PG_POOL_MAX', DEFAULT_PG_POOL_MAX),
    pgQueryTimeoutMs: int(env, 'PG_QUERY_TIMEOUT_MS', DEFAULT_PG_QUERY_TIMEOUT_MS),
    botToken: botToken ?? DEV_BOT_TOKEN,
    devLauncher: botToken === null,
    // 0 used to switch expiry off: stolen init data would then sign in forever. Refused rather than clamped, so an
    // operator who wrote 0 learns that it does not mean what they wanted.
    initDataMaxAgeS: int(env, 'INIT_DATA_MAX_AGE_S', 86_400, 1),
    defaultTimeZone: str(env, 'DEFAULT_TIME_ZONE') ?? 'Europe/Moscow',
    bodyLimit: int(env, 'BODY_LIMIT_BYTES', 64 * 1024),
    rateLimitPerMinute: int(env, 'RATE_LIMIT_PER_MINUTE', 600),
    authFailuresPerMinute: int(env, 'AUTH_FAILURES_PER_MINUTE', 60),
    trustProxy: trustProxy(env),
    corsOrigins: origins(env),
    logLevel: str(env, 'LOG_LEVEL') ?? 'info',
    ...llm(env),
    llmTimeoutMs: int(env, 'LLM_TIMEOUT_MS', 60_000),
    // About a fast typist's pace: the reply grows as a model's would, ≈ 1 s for a two-sentence answer.
    offlineStreamWordMs: int(env, 'OFFLINE_STREAM_WORD_MS', 35),
    ...stt(env),
    // Under the client's 30 s timeout for a call, which also covers uploading the recording.
    sttTimeoutMs: int(env, 'STT_TIMEOUT_MS', 25_000),
    publicUrl: baseUrl(env, 'PUBLIC_URL'),
    webhookSecret: webhookSecret(env, botToken ?? DEV_BOT_TOKEN),
    telegramApiRoot: baseUrl(env, 'TELEGRAM_API_ROOT'),
    cardProviderToken: str(env, 'CARD_PROVIDER_TOKEN'),
    supportUrl: baseUrl(env, 'SUPPORT_URL'),
    reminderTickMs: int(env, 'REMINDER_TICK_MS', 30_000),
    preCheckoutDeadlineMs: int(env, 'PRE_CHECKOUT_DEADLINE_MS', 7_000),
    ...dataKeys(env),
    metricsToken: str(env, 'METRICS_TOKEN'),
    metricsPort: str(env, 'METRICS_PORT') === null ? null : int(env, 'METRICS_PORT', 0),
    logFile: str(env, 'LOG_FILE'),
    // Inside systemd's default stop timeout (90 s) and a Kubernetes pod's grace (30 s); a chat reply that would
    // take longer (LLM_TIMEOUT_MS 60 s) is cut off and the user is told to send it again.
    shutdownTimeoutMs: int(env, 'SHUTDOWN_TIMEOUT_MS', 25_000),
    // Two of the readiness checks docs/deploy.md configures (every 2 s) see /readyz turn false in that time. On
    // PGlite there is one instance and no other to send to: no grace.
    drainGraceMs: int(env, 'DRAIN_GRACE_MS', str(env, 'DATABASE_URL') ? 5_000 : 0),
    testClock: testClock(env, hostName),
    crisisLines: loadCrisisLines(resolve(str(env, 'CRISIS_LINES_FILE') ?? DEFAULT_CRISIS_LINES_FILE)),
    safetyClassifierTimeoutMs: int(env, 'SAFETY_CLASSIFIER_TIMEOUT_MS', 8_000),
  };
}
