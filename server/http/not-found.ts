// Unknown paths answer 404 `{ detail }`. Registered in the /api scope, so an unknown API path passes that scope's
// hooks (CORS) but never auth; and last at the root, where a GET the router does not know may go to the client's
// fallback (the SPA's index.html) — never an /api one, which stays JSON.
import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { isApiPath } from './api-path';
import { DETAILS } from './errors';

/** Answers a GET or HEAD outside /api that no route matched (server/start/client.ts provides it). */
export type ClientFallback = (request: FastifyRequest, reply: FastifyReply) => unknown;

export default fp<{ fallback?: ClientFallback | void }>(async (app, { fallback }) => {
  app.setNotFoundHandler(async (request, reply) => {
    if (fallback && (request.method === 'GET' || request.method === 'HEAD') && !isApiPath(request.url)) {
      return fallback(request, reply);
    }
    return reply.code(404).send({ detail: DETAILS.notFound });
  });
});
