// CORS for a client hosted on another origin (VITE_API_BASE_URL): only the origins listed in CORS_ORIGINS.
// X-Init-Data is not a simple header, so every cross-origin call is preflighted; the answer allows exactly the
// headers and methods the client uses. No cookies are involved, so no credentials are allowed.
import type { FastifyReply, FastifyRequest } from 'fastify';

const ALLOW_HEADERS = 'X-Init-Data, X-Time-Zone, Content-Type';
const ALLOW_METHODS = 'GET, POST, PATCH';
/** Browsers cap it anyway (Chromium at 2 h); 10 min keeps a changed policy from lingering. */
const MAX_AGE_S = 600;

/** An onRequest hook for /api: answers preflights from allowed origins, marks their actual requests. */
export function corsHook(origins: readonly string[]) {
  const allowed = new Set(origins);
  return async function cors(request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply | undefined> {
    reply.header('vary', 'Origin'); // the answer depends on Origin: shared caches must not mix them
    const origin = request.headers.origin;
    if (typeof origin !== 'string' || !allowed.has(origin)) return undefined; // the browser then blocks the call
    reply.header('access-control-allow-origin', origin);
    if (request.method !== 'OPTIONS' || !request.headers['access-control-request-method']) return undefined;
    return reply
      .code(204)
      .header('access-control-allow-methods', ALLOW_METHODS)
      .header('access-control-allow-headers', ALLOW_HEADERS)
      .header('access-control-max-age', String(MAX_AGE_S))
      .send();
  };
}
