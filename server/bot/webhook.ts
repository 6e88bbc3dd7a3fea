// POST /api/telegram/webhook in the public /api scope: Telegram's updates for the bot. The caller proves itself with
// X-Telegram-Bot-Api-Secret-Token = WEBHOOK_SECRET (compared in constant time before the body is read), else 401.
// A handler that fails (the database is away) fails the request, so Telegram delivers the update again; the
// payment handlers are idempotent, which makes those retries safe.
import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { BotError } from 'grammy';
import type { Update } from 'grammy/types';
import { z } from 'zod';
import { bodyErrors, errorSchema } from '../../contract/common';
import { httpError } from '../http/errors';

export const WEBHOOK_PATH = '/telegram/webhook';
export const SECRET_HEADER = 'x-telegram-bot-api-secret-token';
export const WEBHOOK_DETAILS = { secret: 'Неверный секретный токен вебхука' } as const;

/** An update as Telegram sends it; fields beyond update_id are the handlers' business (grammY's types). */
const updateSchema = z.looseObject({ update_id: z.number().int() });

const digest = (s: string) => createHash('sha256').update(s).digest();

const webhook: FastifyPluginAsyncZod = async (scope) => {
  const { bot, config } = scope;
  const expected = digest(config.webhookSecret);
  scope.post(
    WEBHOOK_PATH,
    {
      schema: {
        tags: ['telegram'],
        description: 'Telegram Bot API updates (setWebhook with secret_token); not for clients of the app.',
        body: updateSchema,
        response: { 200: z.object({}), 401: errorSchema, ...bodyErrors, 503: errorSchema },
      },
      onRequest: async (request) => {
        const given = request.headers[SECRET_HEADER];
        // Hashing first makes the comparison constant-time whatever the lengths.
        if (typeof given !== 'string' || !timingSafeEqual(digest(given), expected))
          throw httpError(401, WEBHOOK_DETAILS.secret);
      },
    },
    async (request) => {
      await bot.init(); // getMe once (concurrent first updates share it); the dev bot already knows itself
      try {
        await bot.handleUpdate(request.body as unknown as Update);
      } catch (err) {
        throw err instanceof BotError ? err.error : err; // the cause decides the status (503 for the database)
      }
      return {}; // Telegram reads only the status
    },
  );
};

export default webhook;
