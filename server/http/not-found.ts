// Unknown paths answer 404 `{ detail }`. The /api scope has its own 404, so an unknown API path passes that
// scope's hooks (CORS) but never auth; the root's, registered last, may hand a GET the router does not know to the
// client's fallback (the SPA's index.html) — never an /api one, which stays JSON.
import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { isApiPath } from './api-path';
import { DETAILS } from './errors';

/** Answers a GET or HEAD outside /api that no route matched (server/start/client.ts provides it). */
export type ClientFallback = (request: FastifyRequest, reply: FastifyReply) => unknown;

const notFound = async (_request: FastifyRequest, reply: FastifyReply) =>
  reply.code(404).send({ detail: DETAILS.notFound });

/** The /api scope's 404 (register it there). */
export const apiNotFound = fp(async (api) => {
  api.setNotFoundHandler(notFound);
  // The client's catch-all GET at the root (@fastify/static's '/*') would otherwise take unknown API paths, out of
  // reach of this scope's hooks: claim every GET under /api here and hand it to the 404 above.
  const unknown = (_request: FastifyRequest, reply: FastifyReply) => {
    reply.callNotFound();
  };
  api.get('/', { schema: { hide: true }, prefixTrailingSlash: 'no-slash' }, unknown);
  api.get('/*', { schema: { hide: true } }, unknown);
});

/** The root's 404, registered after the client: its fallback for pages, JSON for everything else. */
export const rootNotFound = fp<{ fallback?: ClientFallback | void }>(async (app, { fallback }) => {
  app.setNotFoundHandler(async (request, reply) => {
    if (fallback && (request.method === 'GET' || request.method === 'HEAD') && !isApiPath(request.url)) {
      return fallback(request, reply);
    }
    return notFound(request, reply);
  });
});
