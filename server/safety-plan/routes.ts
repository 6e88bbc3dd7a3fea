// /api/safety-plan: the user's own safety plan — read it, save it whole. Free on every plan. Only the owner's row is
// ever read or written (the user comes from the init data, never from the request), so another user's plan cannot
// be reached at all.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authErrors, bodyErrors } from '../../contract/common';
import { safetyPlanSaveBodySchema, safetyPlanSavedSchema, safetyPlanSchema } from '../../contract/safety-plan';
import { getSafetyPlan, saveSafetyPlan } from './service';

const safetyPlanRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['safety-plan'];

  app.get(
    '/',
    {
      schema: {
        tags,
        description: 'The plan; an empty one with revision 0 until it is first saved.',
        response: { 200: safetyPlanSchema, ...authErrors },
      },
    },
    async (request) => getSafetyPlan(app.database.db, request.user.id),
  );

  app.put(
    '/',
    {
      schema: {
        tags,
        description:
          'Saves the whole plan. Sent with the revision the device last had; if the plan changed since, the two ' +
          'versions are merged (nothing written on either side is lost) and `merged` is true.',
        body: safetyPlanSaveBodySchema,
        response: { 200: safetyPlanSavedSchema, ...bodyErrors, ...authErrors },
      },
    },
    async (request) => saveSafetyPlan(app.database.db, request.user.id, request.body),
  );
};

export default safetyPlanRoutes;
