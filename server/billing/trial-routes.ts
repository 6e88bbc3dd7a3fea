// /api/trial: is the free PREMIUM trial available, and activating it (409 with a Russian detail otherwise; it takes
// no parameters: no body or `{}`, anything else is a 422).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { trialActivateBodySchema, trialActivateResponseSchema, trialStatusSchema } from '../../contract/billing';
import { authErrors, bodyErrors, errorSchema } from '../../contract/common';
import { TRIAL_DAYS } from './plans';
import { activateTrial, trialAvailable } from './trial';
import { httpError } from '../http/errors';

const trialRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['trial'];

  app.get('/status', { schema: { tags, response: { 200: trialStatusSchema, ...authErrors } } }, async (request) => ({
    available: await trialAvailable(app.database.db, request.user.id),
    days: TRIAL_DAYS,
  }));

  app.post(
    '/activate',
    {
      schema: {
        tags,
        body: trialActivateBodySchema,
        response: { 200: trialActivateResponseSchema, 409: errorSchema, ...bodyErrors, ...authErrors },
      },
    },
    async (request) => {
      const result = await activateTrial(app.database.db, request.user.id);
      if (!result.ok) throw httpError(409, result.detail);
      return result.subscription;
    },
  );
};

export default trialRoutes;
