// The user's own data under /api/users (docs/privacy.md): the export, as a download or a short-lived link for clients
// that cannot send X-Init-Data with one (GET /api/export/:token, download-route.ts), and erasing everything.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { authErrors } from '../../contract/common';
import { exportLinkSchema, userExportSchema } from '../../contract/users';
import { API_PREFIX } from '../http/api-path';
import { forgetSignIns } from '../http/auth';
import {
  eraseUser,
  EXPORT_LINK_PATH,
  exportFileName,
  exportLinkToken,
  exportUserData,
  forgetUserKey,
  sendExport,
  shredErasedKeys,
} from './service';

const privacyRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['users'];

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
        await shredErasedKeys(app.database).then(
          (settled) => settled || request.log.warn('erase: an older snapshot outlived the wait; the key may linger'),
          (err: unknown) => request.log.error({ err }, 'erase: the deleted user key is not shredded yet'),
        );
      return reply.code(204).send(null);
    },
  );
};

export default privacyRoutes;
