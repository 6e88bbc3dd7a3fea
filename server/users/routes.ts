// /api/users: the signed-in user and their settings, and whether the bot may write to them. The user's own data —
// the export and erasing everything — is served under the same prefix by server/privacy/routes.ts.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { authErrors, bodyErrors } from '../../contract/common';
import { settingsPatchSchema, settingsReplySchema } from '../../contract/settings';
import { botAccessBodySchema, meSchema, type Me } from '../../contract/users';
import { DETAILS, httpError } from '../http/errors';
import { changeSettings, getUser, recordBotAccess, settingsReply } from './service';

/** What the server can do (app.ts asks the domains): the client reads it once at sign-in, with no call of its own. */
export interface UserRoutesOptions {
  voiceInput: boolean;
}

const userRoutes: FastifyPluginAsyncZod<UserRoutesOptions> = async (app, options) => {
  const tags = ['users'];
  const capabilities = { voice_input: options.voiceInput };

  app.get('/me', { schema: { tags, response: { 200: meSchema, ...authErrors } } }, async (request): Promise<Me> => {
    // A fresh primary-key read: request.user may come from the init-data cache.
    const user = await getUser(app.database.db, request.user.id);
    if (!user) throw httpError(404, DETAILS.notFound);
    return { ...user, capabilities };
  });

  app.get(
    '/me/settings',
    { schema: { tags, response: { 200: settingsReplySchema, ...authErrors } } },
    async (request) => settingsReply(app.database.db, request.user.id),
  );

  app.patch(
    '/me/settings',
    {
      schema: {
        tags,
        body: settingsPatchSchema,
        response: { 200: settingsReplySchema, ...bodyErrors, ...authErrors },
      },
    },
    async (request) => changeSettings(app.database.db, request.user.id, request.body ?? {}, app.config.defaultTimeZone),
  );

  // The app's requestWriteAccess answer (asked when reminders are switched on while the bot may not write).
  app.put(
    '/me/bot-access',
    { schema: { tags, body: botAccessBodySchema, response: { 204: z.null(), ...bodyErrors, ...authErrors } } },
    async (request, reply) => {
      await recordBotAccess(app.database.db, request.user.id, request.body.allowed, app.config.defaultTimeZone);
      return reply.code(204).send(null);
    },
  );
};

export default userRoutes;
