// /api/users: the signed-in user and their settings, whether the bot may write to them, and their own data — the
// export (as a download, or a short-lived link for clients that cannot send X-Init-Data with one) and erasing
// everything (docs/privacy.md).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { authErrors, bodyErrors } from '../../contract/common';
import { settingsPatchSchema, settingsReplySchema, type Settings, type SettingsReply } from '../../contract/settings';
import { botAccessBodySchema, exportLinkSchema, meSchema, userExportSchema, type Me } from '../../contract/users';
import { API_PREFIX } from '../http/api-path';
import { forgetSignIns } from '../http/auth';
import { DETAILS, httpError } from '../http/errors';
import { eraseUser } from '../privacy/erase';
import { shredErasedKeys } from '../privacy/shred';
import { forgetUserKey } from '../privacy/user-keys';
import { exportFileName, exportUserData, sendExport } from '../privacy/export';
import { EXPORT_LINK_PATH, exportLinkToken } from '../privacy/export-link';
import { syncReminder } from '../reminders/schedule';
import { botCanWriteTo, recordBotAccess } from './bot-access';
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
      const settings = await updateSettings(app.database.db, request.user.id, request.body ?? {});
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

  app.get(
    '/me/export',
    {
      schema: {
        tags,
        description: 'Everything stored about the user, as a JSON file (Content-Disposition: attachment).',
        response: { 200: userExportSchema, ...authErrors },
      },
    },
    async (request, reply) => {
      const now = new Date();
      return sendExport(reply, exportFileName(now)).send(await exportUserData(app.database.db, request.user.id, now));
    },
  );

  app.post(
    '/me/export-link',
    { schema: { tags, response: { 200: exportLinkSchema, ...authErrors } } },
    async (request) => {
      const { token, expiresAt } = exportLinkToken(request.user.id);
      return { path: `${API_PREFIX}${EXPORT_LINK_PATH}/${token}`, expires_at: expiresAt.toISOString() };
    },
  );

  app.delete(
    '/me',
    {
      schema: {
        tags,
        description:
          'Erases every row of the user in one transaction. Payments stay as accounting records, detached from the ' +
          'account but with the payer’s Telegram id; the next account of the same Telegram user finds the trial ' +
          'used, today’s quota spent and reminders off.',
        response: { 204: z.null(), ...authErrors },
      },
    },
    async (request, reply) => {
      const { id } = request.user;
      const erased = await eraseUser(app.database.db, id);
      // At once on this instance (the app signs in again right away); the others hear of it (erase-notices.ts).
      forgetSignIns(app.initDataCache, id);
      forgetUserKey(app.database.db, id);
      // The account's key was deleted with it; now out of the table's file (and PGlite's log) too. Should that fail,
      // the account is still erased, and the next erase's rewrite takes this key along.
      if (erased)
        await shredErasedKeys(app.database).catch((err: unknown) =>
          request.log.error({ err }, 'erase: the deleted user key is not shredded yet'),
        );
      return reply.code(204).send(null);
    },
  );
};

export default userRoutes;
