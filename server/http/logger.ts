// The JSON log: one line per event (pino), ISO time, the request id on every line written for a request. What may
// never reach it — init data, tokens and secrets, export links, anything a user wrote — is kept out three ways:
// requests are logged by route pattern (request-log.ts), errors by an allow-list of their fields (a database error
// names the statement, never its parameters; a provider's error never its prompt), and every line is scrubbed of
// the configured secrets and of token-bearing URLs as it is written.
import type { FastifyBaseLogger } from 'fastify';
import pino, { type DestinationStream, type Logger } from 'pino';
import type { Config } from '../config';

type Secrets = Pick<
  Config,
  'botToken' | 'webhookSecret' | 'metricsToken' | 'llmApiKey' | 'sttApiKey' | 'cardProviderToken' | 'databaseUrl'
>;

/** Token-bearing URL parts: the Bot API's /bot<token>/ and the export download link /api/export/<token>. */
const TOKEN_URLS: Array<[RegExp, string]> = [
  [/bot\d+:[A-Za-z0-9_-]+/g, 'bot[redacted]'],
  [/\/api\/export\/(?!:)[^\s"'?#/\\]+/g, '/api/export/[redacted]'], // (not the pattern /api/export/:token)
];

/** Every configured secret (with its JSON-escaped form, as it would appear inside a log line). */
function secretsOf(config: Secrets): string[] {
  const password = config.databaseUrl && URL.canParse(config.databaseUrl) ? new URL(config.databaseUrl).password : '';
  return [
    config.botToken,
    config.webhookSecret,
    config.metricsToken,
    config.llmApiKey,
    config.sttApiKey,
    config.cardProviderToken,
    password && decodeURIComponent(password),
  ]
    .filter((s): s is string => typeof s === 'string' && s.length >= 6)
    .flatMap((s) => [s, JSON.stringify(s).slice(1, -1)]);
}

export function scrubber(config: Secrets): (line: string) => string {
  const secrets = [...new Set(secretsOf(config))].sort((a, b) => b.length - a.length);
  return (line) => {
    let out = line;
    for (const secret of secrets) out = out.split(secret).join('[redacted]');
    for (const [pattern, replacement] of TOKEN_URLS) out = out.replace(pattern, replacement);
    return out;
  };
}

interface SafeError {
  type: string;
  message: string;
  stack?: string;
  code?: string;
  [field: string]: unknown;
}

/** Fields of an error that never hold a value from a request: a status, a code, where a database error happened. */
const SAFE_FIELDS = ['code', 'statusCode', 'status', 'errno', 'syscall', 'method', 'error_code', 'description'];
const DB_FIELDS = ['severity', 'routine', 'table', 'column', 'constraint', 'schema'];

/** What may be said of an error: the allow-listed fields, a message without values, its causes (a few deep). */
export function safeError(error: unknown, depth = 0): SafeError | string {
  if (!(error instanceof Error)) return typeof error === 'string' ? '[a string was thrown]' : String(typeof error);
  const e = error as Error & Record<string, unknown>;
  let message = e.message;
  // Drizzle's «Failed query: … params: …»: the statement has placeholders; the parameters are what users wrote.
  if (typeof e.query === 'string' && 'params' in e) message = `Failed query: ${e.query}`;
  // SQLSTATE class 22 (a data exception) quotes the value it could not take.
  if (typeof e.code === 'string' && /^22/.test(e.code)) message = `data exception (${e.code})`;
  const out: SafeError = { type: e.name, message };
  for (const field of [...SAFE_FIELDS, ...DB_FIELDS])
    if (typeof e[field] === 'string' || typeof e[field] === 'number') out[field] = e[field];
  if (typeof e.stack === 'string') {
    const frames = e.stack.indexOf('\n    at ');
    out.stack = `${e.name}: ${message}${frames >= 0 ? e.stack.slice(frames) : ''}`;
  }
  const cause = e.cause ?? e.reason ?? e.error; // Error.cause; our ProviderUnavailable.reason; grammY's HttpError.error
  if (cause !== undefined && cause !== error && depth < 3) out.cause = safeError(cause, depth + 1);
  return out;
}

/** What Fastify takes as its logger (a pino logger). */
export type AppLogger = FastifyBaseLogger;

/** The app's logger: JSON lines of `config.logLevel` to `destination` (default: stdout). */
export function createLogger(
  config: Pick<Config, 'logLevel'> & Secrets,
  destination: DestinationStream = pino.destination({ dest: 1, sync: false }),
): Logger {
  const scrub = scrubber(config);
  return pino(
    {
      level: config.logLevel,
      timestamp: pino.stdTimeFunctions.isoTime,
      base: { pid: process.pid },
      serializers: { err: (error: unknown) => safeError(error) },
      // Headers never reach the log (requests are logged by route), but a stray `req` object must not carry them.
      redact: { paths: ['req.headers', 'headers', 'request.headers'], remove: true },
      hooks: { streamWrite: scrub },
    },
    destination,
  );
}
