// /api/chat: the chat list, one chat, its messages, sending (JSON or Server-Sent Events) and deleting.
// Only the owner sees or changes a chat; everyone else — and any malformed id — gets 404 «Чат не найден».
// The contract, with the event stream's format, is contract/chat.ts; how a send runs is service.ts.
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  chatCreateAndSendResponseSchema,
  chatIdParamsSchema,
  chatLimitSchema,
  chatListQuerySchema,
  chatListResponseSchema,
  chatMessagesQuerySchema,
  chatMessagesResponseSchema,
  chatSchema,
  chatSendBodySchema,
  chatSendResponseSchema,
  chatUnavailableSchema,
  type ChatSendInput,
} from '../../contract/chat';
import { authErrors, bodyErrors, errorSchema, paramErrors } from '../../contract/common';
import { httpError } from '../http/errors';
import { countStreamed } from '../metrics/metrics';
import { applyAddressRequest } from '../users/service';
import { openEventStream, wantsEventStream } from './sse';
import {
  CHAT_ERRORS,
  chatModels,
  chatOf,
  deleteChat,
  listChats,
  messagesPage,
  replyFailure,
  startTurn,
  TokensExhausted,
  type ChatDeps,
  type Turn,
} from './service';

const STREAM_NOTE =
  'С заголовком `Accept: text/event-stream` ответ — поток Server-Sent Events (chat, user_message, delta…, done | error; contract/chat.ts).';

const chatRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['chat'];
  const { model, classifier } = chatModels(app.config, app.log);
  // Replies outlive their requests (a client may leave mid-stream); closing the server waits for them.
  const running = new Set<Promise<unknown>>();
  app.addHook('onClose', async () => {
    await Promise.allSettled([...running]);
  });
  const deps = (log: ChatDeps['log']): ChatDeps => ({
    db: app.database.db,
    model,
    classifier,
    config: app.config,
    log,
    track: (reply) => {
      running.add(reply);
      void reply.catch(() => {}).finally(() => running.delete(reply));
    },
    draining: app.drain.signal,
  });

  app.get(
    '/list',
    {
      schema: {
        tags,
        querystring: chatListQuerySchema,
        response: { 200: chatListResponseSchema, ...paramErrors, ...authErrors },
      },
    },
    async (request) => listChats(app.database.db, request.user.id, request.query),
  );

  app.get(
    '/:id',
    { schema: { tags, params: chatIdParamsSchema, response: { 200: chatSchema, 404: errorSchema, ...authErrors } } },
    async (request) => {
      const chat = await chatOf(app.database.db, request.user.id, request.params.id);
      if (!chat) throw httpError(404, CHAT_ERRORS.notFound);
      return chat;
    },
  );

  app.get(
    '/:id/messages',
    {
      schema: {
        tags,
        params: chatIdParamsSchema,
        querystring: chatMessagesQuerySchema,
        response: { 200: chatMessagesResponseSchema, 404: errorSchema, ...paramErrors, ...authErrors },
      },
    },
    async (request) => {
      const page = await messagesPage(app.database.db, request.user.id, request.params.id, request.query);
      if (!page) throw httpError(404, CHAT_ERRORS.notFound);
      return page;
    },
  );

  app.delete(
    '/:id',
    { schema: { tags, params: chatIdParamsSchema, response: { 204: z.null(), 404: errorSchema, ...authErrors } } },
    async (request, reply) => {
      if (!(await deleteChat(app.database.db, request.user.id, request.params.id)))
        throw httpError(404, CHAT_ERRORS.notFound);
      return reply.code(204).send(null);
    },
  );

  // 503: the model failed after the user message was stored (chatUnavailableSchema), or — like every route — the
  // database is unavailable (the shared {detail}).
  const sendErrors = {
    ...authErrors,
    ...bodyErrors,
    402: chatLimitSchema,
    404: errorSchema,
    409: errorSchema,
    503: z.union([chatUnavailableSchema, errorSchema]),
  };

  app.post(
    '/:id/send',
    {
      schema: {
        tags,
        description: STREAM_NOTE,
        params: chatIdParamsSchema,
        body: chatSendBodySchema,
        response: { 200: chatSendResponseSchema, ...sendErrors },
      },
    },
    async (request, reply) => send(request.params.id, request.body, request, reply),
  );

  app.post(
    '/create-and-send',
    {
      schema: {
        tags,
        description: STREAM_NOTE,
        body: chatSendBodySchema,
        // 201: a new chat; 200: a repeated send (same client_id) answered from what was stored.
        response: { 200: chatCreateAndSendResponseSchema, 201: chatCreateAndSendResponseSchema, ...sendErrors },
      },
    },
    async (request, reply) => send(null, request.body, request, reply),
  );

  async function send(chatId: string | null, body: ChatSendInput, request: FastifyRequest, reply: FastifyReply) {
    // «Давай на ты» is kept for every chat and model, from this reply on.
    await applyAddressRequest(app.database.db, request.user.id, body.content);
    let turn: Turn;
    try {
      turn = await startTurn(deps(request.log), {
        userId: request.user.id,
        timeZone: request.timeZone,
        chatId,
        content: body.content,
        clientId: body.client_id,
        streamed: wantsEventStream(request),
      });
    } catch (error) {
      if (error instanceof TokensExhausted)
        return reply.code(402).send({ detail: CHAT_ERRORS.tokensExhausted, code: 'limit_reached' });
      throw error;
    }
    if (wantsEventStream(request)) return stream(turn, chatId === null, request, reply);
    try {
      const { chat, message } = await turn.reply.done;
      if (chatId !== null) return reply.code(200).send({ ...message, user_message: turn.userMessage });
      return reply.code(turn.created ? 201 : 200).send({ chat, message, user_message: turn.userMessage });
    } catch (error) {
      const failure = replyFailure(error, turn);
      if (failure.status === 500) throw error;
      return reply.code(failure.status).send(failure.body);
    }
  }

  async function stream(turn: Turn, create: boolean, request: FastifyRequest, reply: FastifyReply) {
    const events = openEventStream(reply);
    if (create) events.send('chat', turn.chat);
    events.send('user_message', turn.userMessage);
    const unsubscribe = turn.reply.subscribe((text) => events.send('delta', { text }));
    events.onGone(unsubscribe); // the reply goes on and is stored; only the writing stops
    try {
      events.send('done', await turn.reply.done);
      countStreamed('done');
    } catch (error) {
      countStreamed('error');
      const failure = replyFailure(error, turn);
      if (failure.status === 500) request.log.error({ err: error }, 'chat reply failed unexpectedly');
      events.send('error', failure.body);
    } finally {
      unsubscribe();
      events.end();
    }
    return reply;
  }
};

export default chatRoutes;
