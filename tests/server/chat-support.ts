// What the chat's server tests share: calls to /api/chat by a test user (JSON or event stream), the stream decoded
// with the contract's own decoder, and an app built on the test's database with a chosen model configuration.
import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import type { ChatMessagesResponse } from '../../contract/chat';
import { decodeChatStream, type ChatStreamEvent } from '../../contract/chat-stream';
import { buildApp } from '../../server/app';
import { testConfig, type TestContext, type TgUser } from './harness';

export const anna: TgUser = { id: 7_100_001, first_name: 'Анна' };
export const boris: TgUser = { id: 7_100_002, first_name: 'Борис' };

export interface SendOptions {
  user?: TgUser;
  stream?: boolean;
  clientId?: string;
}

/** Calls on `app()` (the harness's app, or one built by appWith) as `user`. */
export function chatCalls(t: TestContext, app: () => FastifyInstance = () => t.app) {
  const headers = (user: TgUser, stream = false) => t.headers(user, stream ? { accept: 'text/event-stream' } : {});
  const body = (content: string, clientId?: string) => (clientId ? { content, client_id: clientId } : { content });
  return {
    create: (content: string, o: SendOptions = {}) =>
      app().inject({
        method: 'POST',
        url: '/api/chat/create-and-send',
        headers: headers(o.user ?? anna, o.stream),
        payload: body(content, o.clientId),
      }),
    send: (chatId: string, content: string, o: SendOptions = {}) =>
      app().inject({
        method: 'POST',
        url: `/api/chat/${chatId}/send`,
        headers: headers(o.user ?? anna, o.stream),
        payload: body(content, o.clientId),
      }),
    messages: (chatId: string, query = '', user = anna) =>
      app().inject({ method: 'GET', url: `/api/chat/${chatId}/messages${query}`, headers: headers(user) }),
    list: (query = '', user = anna) =>
      app().inject({ method: 'GET', url: `/api/chat/list${query}`, headers: headers(user) }),
    get: (chatId: string, user = anna) =>
      app().inject({ method: 'GET', url: `/api/chat/${chatId}`, headers: headers(user) }),
    remove: (chatId: string, user = anna) =>
      app().inject({ method: 'DELETE', url: `/api/chat/${chatId}`, headers: headers(user) }),
    usage: (user = anna) => app().inject({ method: 'GET', url: '/api/subscriptions/usage', headers: headers(user) }),
  };
}

/** Every event of a complete stream body; throws if anything is left unfinished. */
export function events(body: string): ChatStreamEvent[] {
  const { events: all, rest } = decodeChatStream(body);
  if (rest.trim()) throw new Error(`unfinished event stream: ${rest}`);
  return all;
}

/**
 * Builds apps on the test's own database with extra configuration (a model at LLM_BASE_URL…); `closeAll` in an
 * afterEach registered after the harness's runs first (vitest runs after-hooks as a stack), before the database goes.
 */
export function appFactory(t: TestContext) {
  const apps: FastifyInstance[] = [];
  return {
    async build(env: Record<string, string>): Promise<FastifyInstance> {
      const app = await buildApp({ database: t.database, config: testConfig(env) });
      await app.ready();
      apps.push(app);
      return app;
    },
    async closeAll(): Promise<void> {
      await Promise.all(apps.splice(0).map((a) => a.close()));
    },
  };
}

/**
 * A streamed send over a real socket that the client destroys once the first words arrived — a person closing the
 * app mid-reply. Resolves when the socket is gone.
 */
export async function leaveAfterFirstDelta(
  app: FastifyInstance,
  headers: Record<string, string>,
  path: string,
  content: string,
): Promise<void> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as AddressInfo;
  await new Promise<void>((resolve, reject) => {
    const req = httpRequest(
      {
        host: '127.0.0.1',
        port,
        method: 'POST',
        path,
        headers: { ...headers, accept: 'text/event-stream', 'content-type': 'application/json' },
      },
      (res) => {
        res.on('data', (chunk: Buffer) => {
          if (chunk.toString().includes('event: delta')) {
            req.destroy(); // gone after the first words
            resolve();
          }
        });
      },
    );
    req.on('error', () => {});
    req.on('close', () => resolve());
    req.end(JSON.stringify({ content }));
    setTimeout(() => reject(new Error('no delta arrived')), 5_000);
  });
}

/** The chat's messages once there are `total` of them (a reply stored after its request ended), polled for 5 s. */
export async function messagesOnce(
  calls: ReturnType<typeof chatCalls>,
  chatId: string,
  total: number,
): Promise<ChatMessagesResponse> {
  let page: ChatMessagesResponse | undefined;
  for (let i = 0; i < 100 && page?.total !== total; i++) {
    await new Promise((r) => setTimeout(r, 50));
    page = (await calls.messages(chatId)).json() as ChatMessagesResponse;
  }
  return page!;
}
