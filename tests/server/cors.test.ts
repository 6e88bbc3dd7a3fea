// CORS for a client on another origin (VITE_API_BASE_URL): only CORS_ORIGINS get Access-Control-Allow-Origin,
// preflights allow exactly the client's headers and methods, and without CORS_ORIGINS nothing is sent.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app';
import { staticClient } from '../../server/start/client';
import { loadConfig } from '../../server/config';
import { describeEachDatabase, testConfig } from './harness';

const APP_ORIGIN = 'https://app.example.com';

describeEachDatabase('CORS', (t) => {
  async function withApp(
    env: Record<string, string>,
    fn: (app: Awaited<ReturnType<typeof buildApp>>) => Promise<void>,
    dist?: string,
  ) {
    const app = await buildApp({
      database: t.database,
      config: testConfig(env),
      client: dist ? staticClient(dist) : undefined,
    });
    try {
      await fn(app);
    } finally {
      await app.close();
    }
  }
  const preflight = (origin: string, method = 'PATCH') => ({
    method: 'OPTIONS' as const,
    url: '/api/users/me/settings',
    headers: {
      origin,
      'access-control-request-method': method,
      'access-control-request-headers': 'x-init-data,x-time-zone,content-type',
    },
  });

  it('a configured origin: the preflight allows the client’s headers and methods; answers carry the origin', async () => {
    await withApp({ CORS_ORIGINS: `${APP_ORIGIN}, https://other.example.org/` }, async (app) => {
      const pre = await app.inject(preflight(APP_ORIGIN));
      expect(pre.statusCode).toBe(204);
      expect(pre.headers['access-control-allow-origin']).toBe(APP_ORIGIN);
      // exactly what the client sends: its three headers, the methods of the API (DELETE for chats and diary entries)
      expect(String(pre.headers['access-control-allow-methods']).split(/,\s*/).sort()).toEqual([
        'DELETE',
        'GET',
        'PATCH',
        'POST',
      ]);
      expect(String(pre.headers['access-control-allow-headers']).toLowerCase().split(/,\s*/).sort()).toEqual([
        'content-type',
        'x-init-data',
        'x-time-zone',
      ]);
      expect(pre.headers['access-control-max-age']).toBe('600');
      expect(pre.headers['access-control-allow-credentials']).toBeUndefined();
      expect(pre.headers.vary).toMatch(/Origin/);

      const ok = await app.inject({
        method: 'GET',
        url: '/api/users/me',
        headers: { ...t.headers(), origin: APP_ORIGIN },
      });
      expect(ok.statusCode).toBe(200);
      expect(ok.headers['access-control-allow-origin']).toBe(APP_ORIGIN);
      expect(ok.headers.vary).toMatch(/Origin/);
      // errors too, or the client could not read their detail
      const denied = await app.inject({
        method: 'GET',
        url: '/api/users/me',
        headers: { origin: 'https://other.example.org' },
      });
      expect(denied.statusCode).toBe(401);
      expect(denied.headers['access-control-allow-origin']).toBe('https://other.example.org');
      const unknown = await app.inject({ method: 'GET', url: '/api/nope', headers: { origin: APP_ORIGIN } });
      expect(unknown.statusCode).toBe(404);
      expect(unknown.json()).toEqual({ detail: 'Не найдено' });
      expect(unknown.headers['access-control-allow-origin']).toBe(APP_ORIGIN);
      expect(unknown.headers.vary).toMatch(/Origin/);
    });
  });

  it('preflights are answered for /api only, before auth', async () => {
    await withApp({ CORS_ORIGINS: APP_ORIGIN }, async (app) => {
      // no X-Init-Data on a preflight (browsers never send it there), yet 204: auth does not see it
      for (const url of ['/api/diary/create', '/api/diary/12', '/api/nope']) {
        const pre = await app.inject({ ...preflight(APP_ORIGIN, 'DELETE'), url });
        expect(pre.statusCode, url).toBe(204);
        expect(pre.headers['access-control-allow-origin'], url).toBe(APP_ORIGIN);
      }
      // outside /api (the client's pages, and /apix…, which is not the API) there is nothing to preflight
      for (const url of ['/app/home', '/apix', '/dev']) {
        const pre = await app.inject({ ...preflight(APP_ORIGIN), url });
        expect(pre.statusCode, url).toBe(404);
        expect(pre.headers['access-control-allow-origin'], url).toBeUndefined();
        expect(pre.headers['access-control-allow-methods'], url).toBeUndefined();
      }
    });
  });

  it('with the built client served too, unknown /api paths still answer 404 JSON with CORS headers', async () => {
    const dist = mkdtempSync(join(tmpdir(), 'dist-'));
    writeFileSync(join(dist, 'index.html'), '<!doctype html><title>app</title>');
    try {
      await withApp(
        { CORS_ORIGINS: APP_ORIGIN },
        async (app) => {
          // @fastify/static's catch-all GET must not take them out of the /api scope (and its CORS hook)
          for (const [method, url] of [
            ['GET', '/api/nope'],
            ['HEAD', '/api/nope'],
            ['GET', '/api'],
            ['POST', '/api/nope'],
          ] as const) {
            const res = await app.inject({ method, url, headers: { origin: APP_ORIGIN } });
            expect(res.statusCode, `${method} ${url}`).toBe(404);
            expect(res.headers['access-control-allow-origin'], `${method} ${url}`).toBe(APP_ORIGIN);
            if (method !== 'HEAD') expect(res.json()).toEqual({ detail: 'Не найдено' });
          }
          const page = await app.inject({ method: 'GET', url: '/app/home', headers: { origin: APP_ORIGIN } });
          expect(page.body).toContain('<title>app</title>');
          expect(page.headers['access-control-allow-origin']).toBeUndefined(); // pages are not the API
        },
        dist,
      );
    } finally {
      rmSync(dist, { recursive: true, force: true });
    }
  });

  it('an origin not configured gets no CORS headers (the browser blocks it)', async () => {
    await withApp({ CORS_ORIGINS: APP_ORIGIN }, async (app) => {
      const pre = await app.inject(preflight('https://evil.example.net'));
      expect(pre.headers['access-control-allow-origin']).toBeUndefined();
      expect(pre.headers['access-control-allow-headers']).toBeUndefined();
      expect(pre.statusCode).toBe(404); // not a preflight answer: the browser refuses the call
      expect(pre.json()).toEqual({ detail: 'Не найдено' });
      const res = await app.inject({
        method: 'GET',
        url: '/api/users/me',
        headers: { ...t.headers(), origin: 'https://evil.example.net' },
      });
      expect(res.statusCode).toBe(200); // CORS is the browser's rule; the server just does not vouch for the origin
      expect(res.headers['access-control-allow-origin']).toBeUndefined();
    });
  });

  it('without CORS_ORIGINS: same-origin only, no CORS headers at all', async () => {
    await withApp({}, async (app) => {
      const pre = await app.inject(preflight(APP_ORIGIN));
      expect(pre.headers['access-control-allow-origin']).toBeUndefined();
      const res = await app.inject({
        method: 'GET',
        url: '/api/users/me',
        headers: { ...t.headers(), origin: APP_ORIGIN },
      });
      expect(res.headers['access-control-allow-origin']).toBeUndefined();
    });
  });
});

describe('CORS_ORIGINS and TRUST_PROXY parsing', () => {
  it('origins are normalised the way browsers send them; anything else is refused at start-up', () => {
    expect(loadConfig({ CORS_ORIGINS: ' HTTPS://App.Example.com/ ,http://localhost:5173' }).corsOrigins).toEqual([
      'https://app.example.com',
      'http://localhost:5173',
    ]);
    expect(loadConfig({}).corsOrigins).toEqual([]);
    for (const bad of ['*', 'app.example.com', 'https://app.example.com/path', 'ftp://x.example.com']) {
      expect(() => loadConfig({ CORS_ORIGINS: bad }), bad).toThrow(/CORS_ORIGINS/);
    }
  });

  it('TRUST_PROXY: loopback by default; true, false or a list', () => {
    expect(loadConfig({}).trustProxy).toBe('loopback');
    expect(loadConfig({ TRUST_PROXY: 'false' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'true' }).trustProxy).toBe(true);
    expect(loadConfig({ TRUST_PROXY: '203.0.113.0/24' }).trustProxy).toBe('203.0.113.0/24');
  });
});
