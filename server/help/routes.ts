// /api/help: what the help screen needs from the server's configuration — the support contact (SUPPORT_URL), the
// same one the bot's /paysupport names.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authErrors } from '../../contract/common';
import { supportSchema, type Support } from '../../contract/help';

const helpRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/support',
    { schema: { tags: ['help'], response: { 200: supportSchema, ...authErrors } } },
    async (): Promise<Support> => ({ support_url: app.config.supportUrl }),
  );
};

export default helpRoutes;
