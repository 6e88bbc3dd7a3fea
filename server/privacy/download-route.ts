// GET /api/export/:token in the public /api scope: the data export by a short-lived signed link (export-link.ts),
// for Telegram's downloadFile and external browsers, which cannot send X-Init-Data. A forged, malformed or expired
// token is a 404, like a path that does not exist.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorSchema } from '../../contract/common';
import { userExportSchema } from '../../contract/users';
import { httpError } from '../http/errors';
import { asUser, EXPORT_LINK_PATH, exportFileName, exportLinkUser, exportUserData, sendExport } from './service';

export const DOWNLOAD_DETAILS = { expired: 'Ссылка на файл с данными недействительна или устарела' } as const;

const downloadRoute: FastifyPluginAsyncZod = async (scope) => {
  scope.get(
    `${EXPORT_LINK_PATH}/:token`,
    {
      schema: {
        tags: ['users'],
        description: 'The data export by the link of POST /api/users/me/export-link (valid 10 minutes).',
        params: z.object({ token: z.string() }),
        response: { 200: userExportSchema, 404: errorSchema, 503: errorSchema },
      },
    },
    async (request, reply) => {
      const now = new Date();
      const userId = exportLinkUser(request.params.token, now);
      const { db } = scope.database;
      // Outside the authenticated scope: the link's user is the one whose key opens the text.
      const document = userId === null ? null : await asUser(db, userId, () => exportUserData(db, userId, now));
      // An erased account's link finds no profile: nothing to give.
      if (!document?.profile) throw httpError(404, DOWNLOAD_DETAILS.expired);
      return sendExport(reply, exportFileName(now)).send(document);
    },
  );
};

export default downloadRoute;
