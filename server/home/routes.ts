// /api/home: the summary home shows — streak, this week's moods, the insight — in the user's kept time zone.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authErrors } from '../../contract/common';
import { homeSummarySchema } from '../../contract/home';
import { requestNow } from '../http/clock';
import { homeSummary } from './service';

const homeRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/summary',
    { schema: { tags: ['home'], response: { 200: homeSummarySchema, ...authErrors } } },
    async (request) => homeSummary(app.database.db, request.user.id, request.timeZone, requestNow(request)),
  );
};

export default homeRoutes;
