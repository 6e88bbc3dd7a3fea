// /api/users: the signed-in user and their settings, and whether the bot may write to them. The user's own data —
// the export and erasing everything — is served under the same prefix by server/privacy/routes.ts.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { authErrors, bodyErrors } from '../../contract/common';
import { settingsPatchSchema, settingsReplySchema, type Settings, type SettingsReply } from '../../contract/settings';
import { botAccessBodySchema, meSchema, type Me } from '../../contract/users';
import { DETAILS, httpError } from '../http/errors';
import { botCanWriteTo, recordBotAccess } from './bot-access';
import { syncReminder } from './reminder-schedule';
import { getSettings, updateSettings, withAddressFromAbout } from './settings';
import { getUser } from './service';

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

  /** The settings with whether the bot can write to the user (the app tells when reminders cannot arrive). */
  const reply = async (settings: Settings, userId: number): Promise<SettingsReply> => ({
    ...settings,
    bot_can_write: await botCanWriteTo(app.database.db, userId),
  });

  app.get(
    '/me/settings',
    { schema: { tags, response: { 200: settingsReplySchema, ...authErrors } } },
    async (request) => reply(await getSettings(app.database.db, request.user.id), request.user.id),
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
    async (request) => {
      const patch = await withAddressFromAbout(app.database.db, request.user.id, request.body ?? {});
      const settings = await updateSettings(app.database.db, request.user.id, patch);
      if (request.body?.reminder_time !== undefined)
        await syncReminder(app.database.db, request.user.id, app.config.defaultTimeZone);
      return reply(settings, request.user.id);
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
