// Every error becomes `{ detail }` in Russian with the right status: what a route throws (HttpError), request
// validation (422 naming the field), the database being away (503) or refusing a value (422), and Fastify's own
// refusals (bad JSON, body too large, wrong content type, rate limit). Anything else is a bug: 500, logged.
// A fastify-plugin, so the handler is the root's and every scope inherits it.
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { isDatabaseUnavailable, isDataException } from '../db';
import { DETAILS, HttpError } from './errors';
import { validationDetail } from './validation';

export default fp(
  async (app) => {
    app.setErrorHandler(sendError);
  },
  { name: 'error-handler' },
);

function sendError(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  if (error instanceof HttpError) return reply.code(error.statusCode).send({ detail: error.detail });
  if (hasZodFastifySchemaValidationErrors(error)) {
    return reply.code(422).send({ detail: validationDetail(error.validation, error.validationContext) });
  }
  if (isDatabaseUnavailable(error)) {
    request.log.error({ err: error }, 'database unavailable');
    return reply.code(503).send({ detail: DETAILS.dbUnavailable });
  }
  if (isDataException(error)) {
    // A safety net: the contract should have refused the value (e.g. storableString); warn so it gets a rule.
    request.log.warn({ err: error }, 'database refused a value');
    return reply.code(422).send({ detail: DETAILS.unstorableValue });
  }
  const status = error.statusCode ?? 500;
  if (status === 429) return reply.code(429).send({ detail: DETAILS.rateLimited });
  if (status === 413 || error.code === 'FST_ERR_CTP_BODY_TOO_LARGE')
    return reply.code(413).send({ detail: DETAILS.tooLarge });
  if (status === 415 || error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') {
    return reply.code(415).send({ detail: DETAILS.unsupportedMedia });
  }
  if (
    error instanceof SyntaxError ||
    error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' ||
    error.code === 'FST_ERR_CTP_EMPTY_JSON_BODY'
  ) {
    return reply.code(400).send({ detail: DETAILS.badJson });
  }
  if (status === 405) return reply.code(405).send({ detail: DETAILS.methodNotAllowed });
  if (status >= 400 && status < 500) return reply.code(status).send({ detail: DETAILS.badRequest });
  request.log.error({ err: error }, 'unhandled error');
  return reply.code(500).send({ detail: DETAILS.internal });
}
