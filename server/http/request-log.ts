// One JSON line per request, written when its answer is finished (a stream: at its last event): the request id,
// method, the route's pattern — never the raw URL, which may carry a token (/api/export/:token) or a query —,
// status and time. The id is the proxy's X-Request-Id when it sends a sane one, otherwise a new UUID, and every
// answer echoes it, so a user's report, the proxy's log and this log meet on one id. Routes marked `quiet`
// (health, readiness, metrics: polled every few seconds) are neither logged nor measured.
import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { LogController, type FastifyReply, type FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { observeRequest } from '../metrics/metrics';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Polled by machines (health, readiness, metrics): no request log line, no request metric. */
    quiet?: boolean;
  }
}

const REQUEST_ID = /^[A-Za-z0-9._:-]{1,64}$/;

/** Fastify's genReqId: the proxy's id when it is a plain token, else a fresh one. */
export function requestId(req: IncomingMessage): string {
  const given = req.headers['x-request-id'];
  return typeof given === 'string' && REQUEST_ID.test(given) ? given : randomUUID();
}

/** The route pattern the request matched; null for an unknown path (a 404, also the /api/* catch-all's). */
function patternOf(request: FastifyRequest): string | null {
  const pattern = request.routeOptions.url;
  return pattern && pattern !== '/api/*' ? pattern : null;
}

/** The pattern; an unknown path by the path itself, long segments (a token?) masked. */
function routeOf(request: FastifyRequest): string {
  const pattern = patternOf(request);
  if (pattern) return pattern;
  const path = (request.raw.url ?? '').split('?')[0]!.slice(0, 200);
  return `(unmatched) ${path.replace(/[^/]{24,}/g, '…')}`;
}

const quiet = (request: FastifyRequest) => request.routeOptions.config?.quiet === true;

/** Fastify's own request lines replaced by the one above; its error lines without the request object. */
export class RequestLog extends LogController {
  override incomingRequest(): void {}
  override routeNotFound(): void {}
  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    if (quiet(request)) return;
    const line = {
      method: request.method,
      route: routeOf(request),
      status: reply.statusCode,
      ms: Math.round(reply.elapsedTime),
    };
    if (error) reply.log.error({ ...line, err: error }, 'request failed');
    else reply.log.info(line, 'request');
  }
  override defaultErrorLog(error: Error, _request: FastifyRequest, reply: FastifyReply): void {
    reply.log[reply.statusCode >= 500 ? 'error' : 'info']({ err: error }, 'request error');
  }
  override writeHeadError(error: Error, _request: FastifyRequest, reply: FastifyReply): void {
    reply.log.warn({ err: error }, 'writeHead failed');
  }
}

export default fp(
  async (app) => {
    app.addHook('onRequest', async (request, reply) => {
      reply.header('x-request-id', request.id);
    });
    app.addHook('onResponse', async (request, reply) => {
      if (!quiet(request))
        observeRequest(patternOf(request) ?? '(unmatched)', request.method, reply.statusCode, reply.elapsedTime / 1000);
    });
  },
  { name: 'request-log' },
);
