/**
 * A small Bot API server on loopback speaking Telegram's protocol, for tests of the bot and payments (the real
 * Telegram is out of reach). Point the server at it with TELEGRAM_API_ROOT = `api.url`.
 *
 * ```ts
 * const api = await startBotApi();
 * api.calls                        // every call: { token, method, params }, in order
 * api.callsOf('createInvoiceLink') // the params of one method's calls
 * api.answer('createInvoiceLink', () => new BotApiError(400, 'Bad Request: CURRENCY_INVALID'));
 * api.answer('sendMessage', () => new BotApiError(429, 'Too Many Requests', { retry_after: 30 }));
 * api.answer('sendMessage', () => DROP_CONNECTION); // the request arrives, the answer never does
 * await api.offline(); …; await api.online();   // connections refused meanwhile (same port)
 * await api.close();
 * ```
 *
 * `POST /bot<token>/<method>` with a JSON body (what grammY sends without files) answers `{ ok: true, result }` or,
 * for a BotApiError, `{ ok: false, error_code, description }` with that status. Defaults: getMe → a bot,
 * createInvoiceLink → a fresh `https://t.me/$<slug>` (`api.links`), sendMessage → a message, anything else → true.
 */
import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface BotApiCall {
  token: string;
  method: string;
  params: Record<string, unknown>;
}

export class BotApiError {
  constructor(
    readonly errorCode: number,
    readonly description: string,
    /** Telegram's ResponseParameters, e.g. { retry_after: 30 } with a 429. */
    readonly parameters?: Record<string, unknown>,
  ) {}
}

/** An answer that destroys the connection instead: the call may have been carried out, the caller cannot know. */
export const DROP_CONNECTION = Symbol('drop connection');

type Answer = (params: Record<string, unknown>, call: BotApiCall) => unknown;

export interface FakeBotApi {
  /** The apiRoot: `http://127.0.0.1:<port>`, no trailing slash. */
  url: string;
  calls: BotApiCall[];
  /** Invoice links handed out by createInvoiceLink, in order. */
  links: string[];
  callsOf(method: string): Array<Record<string, unknown>>;
  /** Replaces the default answer of `method` until reset(). */
  answer(method: string, fn: Answer): void;
  /** Forgets calls, links and custom answers. */
  reset(): void;
  /** Stops listening (connections are refused) until online(), which listens on the same port again. */
  offline(): Promise<void>;
  online(): Promise<void>;
  close(): Promise<void>;
}

export const FAKE_BOT_INFO = {
  id: 1234567890,
  is_bot: true,
  first_name: 'Мой помощник',
  username: 'wellbeing_test_bot',
  can_join_groups: false,
  can_read_all_group_messages: false,
  supports_inline_queries: false,
  can_connect_to_business: false,
  has_main_web_app: true,
};

async function body(req: IncomingMessage): Promise<Record<string, unknown>> {
  const chunks: Buffer[] = [];
  for await (const c of req) chunks.push(c as Buffer);
  const text = Buffer.concat(chunks).toString('utf8');
  return text ? (JSON.parse(text) as Record<string, unknown>) : {};
}

export async function startBotApi(): Promise<FakeBotApi> {
  const calls: BotApiCall[] = [];
  const links: string[] = [];
  const custom = new Map<string, Answer>();
  let messageId = 0;

  const defaults: Record<string, Answer> = {
    getMe: () => FAKE_BOT_INFO,
    createInvoiceLink: () => {
      const link = `https://t.me/$${randomBytes(9).toString('base64url')}`;
      links.push(link);
      return link;
    },
    sendMessage: (p) => ({
      message_id: ++messageId,
      date: Math.floor(Date.now() / 1000),
      chat: { id: p.chat_id, type: 'private' },
      text: p.text,
    }),
  };

  const server = createServer((req, res) => {
    void (async () => {
      const match = /^\/bot([^/]+)\/([A-Za-z]+)$/.exec(req.url ?? '');
      const send = (status: number, payload: unknown) => {
        // No keep-alive: grammY's agent would reuse a socket this server is closing after its idle timeout, and a
        // test then sees a reset connection that has nothing to do with what it tests.
        res.writeHead(status, { 'content-type': 'application/json', connection: 'close' });
        res.end(JSON.stringify(payload));
      };
      if (!match || req.method !== 'POST') return send(404, { ok: false, error_code: 404, description: 'Not Found' });
      const call: BotApiCall = { token: decodeURIComponent(match[1]!), method: match[2]!, params: await body(req) };
      calls.push(call);
      try {
        const fn = custom.get(call.method) ?? defaults[call.method] ?? (() => true);
        const result = await fn(call.params, call);
        if (result === DROP_CONNECTION) return void req.socket.destroy();
        if (result instanceof BotApiError) {
          return send(result.errorCode, {
            ok: false,
            error_code: result.errorCode,
            description: result.description,
            ...(result.parameters ? { parameters: result.parameters } : {}),
          });
        }
        send(200, { ok: true, result });
      } catch (err) {
        send(500, { ok: false, error_code: 500, description: String(err) });
      }
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    calls,
    links,
    callsOf: (method) => calls.filter((c) => c.method === method).map((c) => c.params),
    answer: (method, fn) => void custom.set(method, fn),
    reset: () => {
      calls.length = 0;
      links.length = 0;
      custom.clear();
    },
    offline: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
    online: () => new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve)),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        if (!server.listening) return resolve();
        server.close(() => resolve());
      }),
  };
}
