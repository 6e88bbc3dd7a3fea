// /api/diary: list (with the check-ins' mood marks), one entry, create (spends today's diary quota; an entry from a
// practice names the caller's own session), edit, favourite toggle, delete — HTTP only, the rules are service.ts's.
// Only the owner sees or changes an entry; everyone else — and any malformed id — gets 404.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  diaryCreateBodySchema,
  diaryEntryParamsSchema,
  diaryEntrySchema,
  diaryListQuerySchema,
  diaryListResponseSchema,
  diaryUpdateBodySchema,
} from '../../contract/diary';
import { dailyRefusalSchema } from '../../contract/billing';
import { authErrors, bodyErrors, errorSchema, paramErrors } from '../../contract/common';
import { requestNow } from '../http/clock';
import { httpError } from '../http/errors';
import { PRACTICE_ERRORS } from '../practices/service';
import { deleteEntry, editEntry, getEntry, listDiary, toggleFavorite, writeEntry } from './service';

export const DIARY_ERRORS = {
  notFound: 'Запись не найдена',
  notAvailable: 'Дневник недоступен на вашем тарифе',
  limitReached: 'Дневной лимит записей в дневнике исчерпан. Лимит обновится завтра',
} as const;

const diaryRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['diary'];

  app.get(
    '/list',
    {
      schema: {
        tags,
        querystring: diaryListQuerySchema,
        response: { 200: diaryListResponseSchema, ...paramErrors, ...authErrors },
      },
    },
    async (request) => listDiary(app.database.db, request.user.id, request.query, requestNow(request)),
  );

  app.get(
    '/:id',
    {
      schema: {
        tags,
        params: diaryEntryParamsSchema,
        response: { 200: diaryEntrySchema, 404: errorSchema, ...authErrors },
      },
    },
    async (request) => {
      const entry = await getEntry(app.database.db, request.user.id, request.params.id);
      if (!entry) throw httpError(404, DIARY_ERRORS.notFound);
      return entry;
    },
  );

  app.post(
    '/create',
    {
      schema: {
        tags,
        body: diaryCreateBodySchema,
        // 201: created; 200: an entry with this client_id already existed (a repeated create) and is returned.
        response: {
          200: diaryEntrySchema,
          201: diaryEntrySchema,
          402: dailyRefusalSchema,
          404: errorSchema,
          ...bodyErrors,
          ...authErrors,
        },
      },
    },
    async (request, reply) => {
      const result = await writeEntry(app.database.db, request.user.id, request.body, request.timeZone);
      if (!result.ok && result.reason === 'session_not_found') throw httpError(404, PRACTICE_ERRORS.sessionNotFound);
      if (!result.ok) {
        // `code` lets the client open the matching upgrade dialog without parsing the Russian detail.
        const detail = result.reason === 'not_available' ? DIARY_ERRORS.notAvailable : DIARY_ERRORS.limitReached;
        return reply.code(402).send({ detail, code: result.reason });
      }
      return reply.code(result.created ? 201 : 200).send(result.entry);
    },
  );

  app.patch(
    '/:id',
    {
      schema: {
        tags,
        description: 'Changes the entry’s title, content or mood (not a new entry: no quota). Another user’s → 404.',
        params: diaryEntryParamsSchema,
        body: diaryUpdateBodySchema,
        response: { 200: diaryEntrySchema, 404: errorSchema, ...bodyErrors, ...authErrors },
      },
    },
    async (request) => {
      const entry = await editEntry(app.database.db, request.user.id, request.params.id, request.body);
      if (!entry) throw httpError(404, DIARY_ERRORS.notFound);
      return entry;
    },
  );

  app.patch(
    '/:id/favorite',
    {
      schema: {
        tags,
        params: diaryEntryParamsSchema,
        response: { 200: diaryEntrySchema, 404: errorSchema, ...authErrors },
      },
    },
    async (request) => {
      const entry = await toggleFavorite(app.database.db, request.user.id, request.params.id);
      if (!entry) throw httpError(404, DIARY_ERRORS.notFound);
      return entry;
    },
  );

  app.delete(
    '/:id',
    {
      schema: {
        tags,
        description: 'Deletes the entry for good (204). Today’s diary quota is not given back.',
        params: diaryEntryParamsSchema,
        response: { 204: z.null(), 404: errorSchema, ...authErrors },
      },
    },
    async (request, reply) => {
      if (!(await deleteEntry(app.database.db, request.user.id, request.params.id)))
        throw httpError(404, DIARY_ERRORS.notFound);
      return reply.code(204).send(null);
    },
  );
};

export default diaryRoutes;
