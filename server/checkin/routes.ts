// /api/checkin: today's mood check-in — read it, make or change it. Free on every plan.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { checkInBodySchema, checkInSchema, checkInTodaySchema } from '../../contract/checkin';
import { authErrors, bodyErrors } from '../../contract/common';
import { requestNow } from '../http/clock';
import { checkInToday, saveCheckIn } from './service';

const checkInRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['checkin'];

  app.get('/today', { schema: { tags, response: { 200: checkInTodaySchema, ...authErrors } } }, async (request) =>
    checkInToday(app.database.db, request.user.id, request.timeZone, requestNow(request)),
  );

  app.put(
    '/today',
    {
      schema: {
        tags,
        description: 'Makes today’s check-in or changes it (one a day per user, in their local day).',
        body: checkInBodySchema,
        response: { 200: checkInSchema, ...bodyErrors, ...authErrors },
      },
    },
    async (request) =>
      saveCheckIn(app.database.db, request.user.id, request.timeZone, requestNow(request), request.body),
  );
};

export default checkInRoutes;
