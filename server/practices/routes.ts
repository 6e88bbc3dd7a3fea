// /api/practices: the catalogue with each practice's lock for the caller's plan, one practice, starting a session
// (advanced practices are locked on START: 402), completing it once with a rating (a second time: 409; someone
// else's or an unknown session: 404), and the caller's history, newest first.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authErrors, bodyErrors, errorSchema, paramErrors } from '../../contract/common';
import {
  practiceCompleteBodySchema,
  practiceHistoryQuerySchema,
  practiceHistorySchema,
  practiceListSchema,
  practiceParamsSchema,
  practiceSchema,
  practiceSessionParamsSchema,
  practiceSessionSchema,
  practiceStartBodySchema,
  practiceStartResponseSchema,
} from '../../contract/practices';
import { httpError } from '../http/errors';
import { finishPractice, getPractice, listPractices, PRACTICE_ERRORS, sessionHistory, startSession } from './service';

const practiceRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['practices'];

  app.get('/', { schema: { tags, response: { 200: practiceListSchema, ...authErrors } } }, async (request) =>
    listPractices(app.database.db, request.user.id),
  );

  app.get(
    '/history/me',
    {
      schema: {
        tags,
        querystring: practiceHistoryQuerySchema,
        response: { 200: practiceHistorySchema, ...paramErrors, ...authErrors },
      },
    },
    async (request) => sessionHistory(app.database.db, request.user.id, request.query),
  );

  app.get(
    '/:id',
    {
      schema: {
        tags,
        params: practiceParamsSchema,
        response: { 200: practiceSchema, 404: errorSchema, ...authErrors },
      },
    },
    async (request) => {
      const practice = await getPractice(app.database.db, request.user.id, request.params.id);
      if (!practice) throw httpError(404, PRACTICE_ERRORS.notFound);
      return practice;
    },
  );

  app.post(
    '/start',
    {
      schema: {
        tags,
        body: practiceStartBodySchema,
        response: { 201: practiceStartResponseSchema, 402: errorSchema, ...bodyErrors, ...authErrors },
      },
    },
    async (request, reply) => {
      const { practice_type, source_type, source_id } = request.body;
      const result = await startSession(app.database.db, request.user.id, {
        practiceType: practice_type,
        sourceType: source_type,
        sourceId: source_id,
      });
      if (!result.ok) {
        // The body schema already refuses unknown ids; this is the catalogue's own word on it.
        if (result.reason === 'unknown') throw httpError(422, PRACTICE_ERRORS.unknown);
        throw httpError(402, PRACTICE_ERRORS.locked(result.practice.name));
      }
      return reply.code(201).send({ session_id: result.sessionId, practice: result.practice });
    },
  );

  app.post(
    '/:session_id/complete',
    {
      schema: {
        tags,
        params: practiceSessionParamsSchema,
        body: practiceCompleteBodySchema,
        response: { 200: practiceSessionSchema, 404: errorSchema, 409: errorSchema, ...bodyErrors, ...authErrors },
      },
    },
    async (request) => {
      const user = { id: request.user.id, timeZone: request.timeZone };
      const result = await finishPractice(app.database.db, user, request.params.session_id, request.body);
      if (!result.ok) {
        if (result.reason === 'already_completed') throw httpError(409, PRACTICE_ERRORS.alreadyCompleted);
        throw httpError(404, PRACTICE_ERRORS.sessionNotFound);
      }
      return result.session;
    },
  );
};

export default practiceRoutes;
