// CORS for a client hosted on another origin (VITE_API_BASE_URL): only the origins listed in CORS_ORIGINS, none by
// default. X-Init-Data is not a simple header, so every cross-origin call is preflighted; the answer allows exactly
// the headers and methods the client uses. No cookies are involved, so no credentials are allowed.
// Registered in the /api scope (a fastify-plugin, so @fastify/cors's onRequest hook is that scope's): preflights
// are answered there, before the auth scope's hook, and paths outside /api never get CORS headers or preflights.
import fastifyCors, { type FastifyCorsOptions } from '@fastify/cors';
import fp from 'fastify-plugin';
import { isApiPath } from './api-path';

const POLICY = {
  allowedHeaders: ['X-Init-Data', 'X-Time-Zone', 'Content-Type'],
  methods: ['GET', 'POST', 'PATCH', 'DELETE'], // DELETE: the client deletes chats and diary entries
  maxAge: 600, // browsers cap it anyway (Chromium at 2 h); 10 min keeps a changed policy from lingering
  credentials: false,
  // An OPTIONS without Access-Control-Request-Method gets the same 204 rather than a text/plain 400.
  strictPreflight: false,
} satisfies FastifyCorsOptions;

export default fp(
  async (app) => {
    const allowed = new Set(app.config.corsOrigins);
    if (allowed.size === 0) return; // same-origin only: no headers, no preflight route
    await app.register(fastifyCors, {
      // Decided per request, which also makes the plugin send Vary: Origin on every answer (shared caches must not
      // mix origins). Any other origin, or none, gets no CORS headers at all and its preflight falls through to
      // the 404. The path check: the plugin's preflight route, '*' under the /api prefix, also matches /apix….
      delegator: (request, callback) => {
        const { origin } = request.headers;
        const vouched = origin !== undefined && allowed.has(origin) && isApiPath(request.url);
        callback(null, { ...POLICY, origin: vouched ? origin : false });
      },
    });
  },
  { name: 'cors' },
);
