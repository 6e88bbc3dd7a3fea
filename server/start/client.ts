// Serving the client: the built dist/ through @fastify/static with an SPA fallback, or (npm run dev) Vite in
// middleware mode with HMR on the same HTTP server. Both leave /api and /dev to the API.
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { basename, extname, join, sep } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { DEV_SERVER_HEADERS, pagePolicy, setSecurityHeaders } from '../http/security-headers';

type Fallback = (request: FastifyRequest, reply: FastifyReply) => unknown;

function ownedByApi(url: string): boolean {
  return (
    url === '/api' || url.startsWith('/api/') || url.startsWith('/api?') || url === '/dev' || url.startsWith('/dev?')
  );
}

/**
 * What the build leaves beside the app but no browser needs: Vite's manifest (.vite/manifest.json lists the source
 * paths; the bundle bench reads it from disk), any dot-file, and source maps.
 */
const notServed = (path: string) => /(^|\/)\./.test(path) || path.endsWith('.map');

/** The hashes (`sha256-…`) of a page's inline scripts, the way a Content-Security-Policy names them. */
function inlineScriptHashes(html: string): string[] {
  return [...html.matchAll(/<script(?![^>]*\ssrc=)[^>]*>([\s\S]*?)<\/script>/g)].map(
    ([, body]) => `sha256-${createHash('sha256').update(body!).digest('base64')}`,
  );
}

/** index.html's policy, allowing its inline scripts; read again when the build changes it. */
function indexPolicy(file: string): () => string {
  let cached: { mtimeMs: number; policy: string } | null = null;
  return () => {
    const { mtimeMs } = statSync(file);
    if (cached?.mtimeMs !== mtimeMs)
      cached = { mtimeMs, policy: pagePolicy(inlineScriptHashes(readFileSync(file, 'utf8'))) };
    return cached.policy;
  };
}

/**
 * dist/ with long-lived caching for hashed assets; any extension-less GET falls back to index.html. Each file goes
 * out as its build-time brotli or gzip copy (`x.js.br`, `x.js.gz`, vite-plugins/precompress.ts) when the request
 * accepts that encoding — brotli first — and as itself otherwise.
 */
export function staticClient(dist: string) {
  const assets = join(dist, 'assets') + sep;
  const policy = indexPolicy(join(dist, 'index.html'));
  return async (app: FastifyInstance): Promise<Fallback> => {
    await app.register(fastifyStatic, {
      root: dist,
      wildcard: true,
      index: ['index.html'],
      preCompressed: true,
      allowedPath: (path) => !notServed(path),
      cacheControl: false, // our own headers below
      // `path` is the file sent: the compressed copy when one was chosen.
      setHeaders(res, path) {
        if (path.startsWith(assets)) res.setHeader('cache-control', 'public, max-age=31536000, immutable');
        else res.setHeader('cache-control', 'no-cache');
        if (basename(path).startsWith('index.html')) res.setHeader('content-security-policy', policy());
        // Caches must key the body on the request's encodings (@fastify/static does not say so itself).
        res.setHeader('vary', 'Accept-Encoding');
      },
    });
    return (request, reply) => {
      const path = request.url.split('?')[0] ?? '/';
      // /dev without the launcher (a real BOT_TOKEN) must stay a 404, not become the app.
      if (extname(path) || ownedByApi(path) || notServed(path)) return reply.code(404).send({ detail: 'Не найдено' });
      if (!existsSync(join(dist, 'index.html'))) {
        return reply.code(503).send({ detail: 'Клиент не собран: выполните npm run build' });
      }
      return reply.header('cache-control', 'no-cache').sendFile('index.html');
    };
  };
}

/** Vite dev server in middleware mode (HMR websocket on the API's own server). */
export function viteClient(root: string) {
  return async (app: FastifyInstance): Promise<void> => {
    const { createServer } = await import('vite');
    const vite = await createServer({
      root,
      appType: 'spa',
      server: { middlewareMode: true, hmr: { server: app.server } },
    });
    app.addHook('onClose', async () => vite.close());
    app.addHook('onRequest', (request, reply, done) => {
      if (ownedByApi(request.url)) return done();
      setSecurityHeaders(reply.raw, DEV_SERVER_HEADERS); // Vite's inline preamble and HMR websocket
      reply.hijack();
      vite.middlewares(request.raw, reply.raw, () => {
        reply.raw.statusCode = 404;
        reply.raw.setHeader('content-type', 'application/json; charset=utf-8');
        reply.raw.end(JSON.stringify({ detail: 'Не найдено' }));
      });
    });
  };
}
