// /api/safety: the crisis lines of this deployment (CRISIS_LINES_FILE, validated at start), for every place on the
// device that shows them — help, the chat's «Помощь рядом», the crisis help beside a diary entry or a practice, the
// safety plan's step of professionals and lines. The device keeps the last copy, so they show without a network.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authErrors } from '../../contract/common';
import { crisisLinesResponseSchema } from '../../contract/safety/crisis-lines-schema';

const safetyRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/lines',
    { schema: { tags: ['safety'], response: { 200: crisisLinesResponseSchema, ...authErrors } } },
    async () => app.config.crisisLines,
  );
};

export default safetyRoutes;
