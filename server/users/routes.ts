// /api/users: the signed-in user, their settings, and whether the bot may write to them.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { authErrors, bodyErrors } from '../../contract/common';
import { settingsPatchSchema, settingsSchema } from '../../contract/settings';
import { botAccessBodySchema, meSchema, type Me } from '../../contract/users';
import { DETAILS, httpError } from '../http/errors';
import { syncReminder } from '../reminders/schedule';
import { recordBotAccess } from './bot-access';
import { getSettings, updateSettings } from './settings';
import { voiceInputReady } from '../voice/stt';
import { getUser } from './user';

const userRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['users'];

  // The client reads this once at sign-in, so what the server can do rides along (no call of its own).
  const capabilities = { voice_input: voiceInputReady(app.config) };

  app.get('/me', { schema: { tags, response: { 200: meSchema, ...authErrors } } }, async (request): Promise<Me> => {
    // A fresh primary-key read: request.user may come from the init-data cache.
    const user = await getUser(app.database.db, request.user.id);
    if (!user) throw httpError(404, DETAILS.notFound);
    return { ...user, capabilities };
  });

  app.get('/me/settings', { schema: { tags, response: { 200: settingsSchema, ...authErrors } } }, async (request) =>
    getSettings(app.database.db, request.user.id),
  );

  app.patch(
    '/me/settings',
    { schema: { tags, body: settingsPatchSchema, response: { 200: settingsSchema, ...bodyErrors, ...authErrors } } },
    async (request) => {
      const settings = await updateSettings(app.database.db, request.user.id, request.body ?? {});
      if (request.body?.reminder_time !== undefined)
        await syncReminder(app.database.db, request.user.id, app.config.defaultTimeZone);
      return settings;
    },
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
