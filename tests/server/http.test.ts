// HTTP-level behaviour: bad input → 400/413/422 with a Russian detail (never 500), unknown /api → 404 JSON,
// database down → 503, OpenAPI document, the /dev launcher only without BOT_TOKEN, the SPA fallback.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { validate } from '@telegram-apps/init-data-node';
import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app';
import { staticClient, viteClient } from '../../server/start/client';
import { ROOT } from '../../server/start/client-build';
import { openPostgres } from '../../server/db';
import { describeEachDatabase, freshPglite, testConfig } from './harness';

const cyrillic = /[а-яё]/i;

describeEachDatabase('http', (t) => {
  const patch = (payload: string, headers: Record<string, string> = {}) =>
    t.app.inject({
      method: 'PATCH',
      url: '/api/users/me/settings',
      headers: { ...t.headers(), 'content-type': 'application/json', ...headers },
      payload,
    });

  it('malformed JSON → 400', async () => {
    for (const body of ['{', '{"communication_style": }', 'nope', '{"a":1}}']) {
      const res = await patch(body);
      expect(res.statusCode, body).toBe(400);
      expect(res.json().detail).toBe('Некорректный JSON в теле запроса');
    }
  });

  it('wrong types and unknown fields → 422 naming the field', async () => {
    const wrong = await patch(JSON.stringify({ communication_style: 42 }));
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().detail).toMatch(/communication_style/);
    const unknown = await patch(JSON.stringify({ communication_style: 'direct', is_admin: true }));
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json().detail).toMatch(/is_admin/);
    expect(unknown.json().detail).toMatch(cyrillic);
    const notObject = await patch('"text"');
    expect(notObject.statusCode).toBe(422);
    expect(notObject.json().detail).toMatch(cyrillic);
  });

  it('oversized body → 413', async () => {
    const res = await patch(JSON.stringify({ personal_context: 'я'.repeat(100_000) }));
    expect(res.statusCode).toBe(413);
    expect(res.json().detail).toBe('Слишком большой запрос');
  });

  it('unsupported content type → 415 with a Russian detail', async () => {
    const res = await patch('communication_style=direct', { 'content-type': 'application/x-www-form-urlencoded' });
    expect(res.statusCode).toBe(415);
    expect(res.json().detail).toMatch(cyrillic);
  });

  it('POST /api/trial/activate accepts an empty JSON body', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/trial/activate',
      headers: { ...t.headers(), 'content-type': 'application/json' },
      payload: '',
    });
    expect(res.statusCode).toBe(200);
  });

  it('POST /api/trial/activate takes no parameters: no body or {} → 200, anything else → 422 in Russian', async () => {
    const activate = (user: number, payload?: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/trial/activate',
        headers: {
          ...t.headers({ id: user, first_name: 'П' }),
          ...(payload === undefined ? {} : { 'content-type': 'application/json' }),
        },
        payload,
      });
    for (const body of ['{"tier":"PREMIUM"}', '{"days":365}', '[]', '"PREMIUM"', '7', 'true']) {
      const res = await activate(8_000_001, body);
      expect(res.statusCode, body).toBe(422);
      expect(res.json().detail, body).toMatch(/не принимает параметров/);
    }
    expect((await activate(8_000_001, '{}')).statusCode).toBe(200);
    expect((await activate(8_000_002)).statusCode).toBe(200);
  });

  it('U+0000 in a text field → 422 (the contract), never a database 500', async () => {
    const res = await patch(JSON.stringify({ personal_context: 'a\u0000b' }));
    expect(res.statusCode).toBe(422);
    expect(res.json().detail).toMatch(/U\+0000/);
  });

  it('a value the database refuses (SQLSTATE class 22) is a 422 in Russian, not a 500', async () => {
    const app = await buildApp({
      database: t.database,
      config: testConfig(),
      extraRoutes: async (api) => {
        // Stand-ins for a route whose contract let a bad value through: the database's own refusals.
        api.get('/nul', async () => t.database.db.execute(sql`select ${'a\u0000b'}::text as x`)); // 22021
        api.get('/number', async () => t.database.db.execute(sql`select ${'x'}::int as x`)); // 22P02
        api.get('/division', async () => t.database.db.execute(sql`select 1 / ${0}::int as x`)); // 22012
      },
    });
    try {
      for (const url of ['/api/nul', '/api/number', '/api/division']) {
        const res = await app.inject({ method: 'GET', url, headers: t.headers() });
        expect(res.statusCode, url).toBe(422);
        expect(res.json(), url).toEqual({ detail: 'Некорректные данные в запросе: такое значение нельзя сохранить' });
      }
    } finally {
      await app.close();
    }
  });

  it('unknown /api path → 404 JSON (also without auth); no SPA fallback without a client', async () => {
    for (const url of ['/api/nope', '/api/users/nope', '/api']) {
      const res = await t.app.inject({ method: 'GET', url, headers: t.headers() });
      expect(res.statusCode, url).toBe(404);
      expect(res.json()).toEqual({ detail: 'Не найдено' });
    }
    expect((await t.app.inject({ method: 'GET', url: '/api/nope' })).statusCode).toBe(404);
  });

  it('wrong method on a known path → 404/405 JSON, never 500', async () => {
    const res = await t.app.inject({ method: 'PUT', url: '/api/users/me', headers: t.headers() });
    expect([404, 405]).toContain(res.statusCode);
    expect(res.json().detail).toMatch(cyrillic);
  });

  it('OpenAPI document at /api/docs/json lists every endpoint', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toMatch(/^3\./);
    for (const path of [
      '/api/users/me',
      '/api/users/me/settings',
      '/api/subscriptions/tiers',
      '/api/subscriptions/me',
      '/api/subscriptions/usage',
      '/api/trial/status',
      '/api/trial/activate',
      '/api/users/me/export',
      '/api/users/me/export-link',
      '/api/export/{token}',
      '/api/help/support',
    ]) {
      expect(doc.paths[path], path).toBeDefined();
    }
    expect(doc.paths['/api/users/me/settings'].patch.requestBody).toBeDefined();
    expect(doc.paths['/api/dev']).toBeUndefined();
  });

  it('OpenAPI declares the shared {detail} error responses where a route can give them', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    const statuses = (path: string, method: string) => Object.keys(doc.paths[path][method].responses).sort();
    for (const [path, method] of [
      ['/api/users/me', 'get'],
      ['/api/users/me/settings', 'get'],
      ['/api/subscriptions/tiers', 'get'],
      ['/api/subscriptions/me', 'get'],
      ['/api/subscriptions/usage', 'get'],
      ['/api/trial/status', 'get'],
    ]) {
      expect(statuses(path!, method!), path).toEqual(['200', '401', '429', '503']);
    }
    expect(statuses('/api/users/me/settings', 'patch')).toEqual([
      '200',
      '400',
      '401',
      '413',
      '415',
      '422',
      '429',
      '503',
    ]);
    expect(statuses('/api/trial/activate', 'post')).toEqual([
      '200',
      '400',
      '401',
      '409',
      '413',
      '415',
      '422',
      '429',
      '503',
    ]);
    expect(statuses('/api/diary/list', 'get')).toEqual(['200', '401', '422', '429', '503']);
    expect(statuses('/api/diary/{id}', 'get')).toEqual(['200', '401', '404', '429', '503']);
    expect(statuses('/api/diary/{id}/favorite', 'patch')).toEqual(['200', '401', '404', '429', '503']);
    expect(statuses('/api/diary/create', 'post')).toEqual([
      '200',
      '201',
      '400',
      '401',
      '402',
      '404',
      '413',
      '415',
      '422',
      '429',
      '503',
    ]);
    const error = doc.paths['/api/users/me'].get.responses['503'].content['application/json'].schema;
    expect(error).toEqual({ $ref: '#/components/schemas/Error' });
    expect(doc.components.schemas.Error).toMatchObject({
      type: 'object',
      properties: { detail: { type: 'string' } },
      required: ['detail'],
    });
  });

  it('rate limit per user on /api answers 429 with a Russian detail', async () => {
    const database = t.database;
    const app = await buildApp({ database, config: testConfig({ RATE_LIMIT_PER_MINUTE: '3' }) });
    try {
      const headers = t.headers();
      const codes: number[] = [];
      for (let i = 0; i < 5; i++)
        codes.push((await app.inject({ method: 'GET', url: '/api/trial/status', headers })).statusCode);
      expect(codes).toEqual([200, 200, 200, 429, 429]);
      const limited = await app.inject({ method: 'GET', url: '/api/trial/status', headers });
      expect(limited.json().detail).toMatch(cyrillic);
      // another user has their own budget
      expect(
        (await app.inject({ method: 'GET', url: '/api/trial/status', headers: t.headers({ id: 77, first_name: 'Б' }) }))
          .statusCode,
      ).toBe(200);
    } finally {
      await app.close();
    }
  });
});

describe('database unavailable → 503', () => {
  let cleanup: Array<() => Promise<unknown>> = [];
  afterEach(async () => {
    for (const c of cleanup.reverse()) await c();
    cleanup = [];
  });

  it('PostgreSQL on a closed port: 503 with a Russian detail, and the process keeps serving', async () => {
    const port = await new Promise<number>((resolve) => {
      const s = createServer().listen(0, '127.0.0.1', () => {
        const p = (s.address() as { port: number }).port;
        s.close(() => resolve(p));
      });
    });
    const database = openPostgres(`postgres://app@127.0.0.1:${port}/nowhere`, { max: 2 });
    const app = await buildApp({ database, config: testConfig() });
    cleanup.push(
      () => database.close(),
      () => app.close(),
    );
    const { signInitData } = await import('./harness');
    for (let i = 0; i < 2; i++) {
      const res = await app.inject({ method: 'GET', url: '/api/users/me', headers: { 'x-init-data': signInitData() } });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({ detail: 'Сервис временно недоступен, попробуйте позже' });
    }
    // routes that need no database still answer
    expect((await app.inject({ method: 'GET', url: '/api/docs/json' })).statusCode).toBe(200);
  });

  it('PGlite closed under the app → 503', async () => {
    const database = await freshPglite();
    const app = await buildApp({ database, config: testConfig() });
    cleanup.push(() => app.close());
    await database.close();
    const { signInitData } = await import('./harness');
    const res = await app.inject({ method: 'GET', url: '/api/users/me', headers: { 'x-init-data': signInitData() } });
    expect(res.statusCode).toBe(503);
    expect(res.json().detail).toMatch(cyrillic);
  });

  it('an unexpected failure → 500 in the user’s words, never the error’s own', async () => {
    const database = await freshPglite();
    const app = await buildApp({
      database,
      config: testConfig(),
      extraPublicRoutes: async (scope) => {
        scope.get('/test/fails', async () => {
          throw new Error('relation "x" does not exist at Parser.parseErrorMessage');
        });
      },
    });
    cleanup.push(
      () => database.close(),
      () => app.close(),
    );
    const res = await app.inject({ method: 'GET', url: '/api/test/fails' });
    expect(res.statusCode).toBe(500);
    // Issue 24: never «Внутренняя ошибка сервера» (nor the error itself) to the person using the app
    expect(res.json()).toEqual({ detail: 'Что-то пошло не так. Попробуйте, пожалуйста, позже' });
  });
});

describe('closing the server', () => {
  it('waits for a handler whose client has gone before it resolves (the database closes after it)', async () => {
    const database = await freshPglite();
    let finish!: () => void;
    let handlerDone = false;
    let entered!: () => void;
    const inHandler = new Promise<void>((resolve) => (entered = resolve));
    const app = await buildApp({
      database,
      config: testConfig(),
      extraPublicRoutes: async (scope) => {
        scope.post('/slow-store', async () => {
          entered();
          await new Promise<void>((resolve) => (finish = resolve));
          handlerDone = true;
          return { stored: true };
        });
      },
    });
    const address = await app.listen({ port: 0, host: '127.0.0.1' });
    const abort = new AbortController();
    const request = fetch(`${address}/api/slow-store`, { method: 'POST', signal: abort.signal }).catch(() => null);
    await inHandler;
    abort.abort(); // the phone lost its signal: the connection is gone, the handler still runs
    await request;
    let closed = false;
    const closing = app.close().then(() => (closed = true));
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(closed).toBe(false);
    finish();
    await closing;
    expect(handlerDone).toBe(true);
    await database.close();
  });
});

describe('/dev launcher and the static client', () => {
  let cleanup: Array<() => Promise<unknown> | unknown> = [];
  afterEach(async () => {
    for (const c of cleanup.reverse()) await c();
    cleanup = [];
  });

  async function appWith(env: Record<string, string>, dist?: string) {
    const database = await freshPglite();
    const config = { ...testConfig(env) };
    const app = await buildApp({ database, config, client: dist ? staticClient(dist) : undefined });
    cleanup.push(
      () => database.close(),
      () => app.close(),
    );
    return { app, config };
  }

  it('without BOT_TOKEN /dev signs init data for a demo user and opens the Telegram launch hash', async () => {
    const { app, config } = await appWith({ BOT_TOKEN: '' });
    expect(config.devLauncher).toBe(true);
    const res = await app.inject({ method: 'GET', url: '/dev?tier=PRO&name=%D0%9C%D0%B0%D1%80%D0%B8%D1%8F' });
    expect(res.statusCode).toBe(302);
    const page = await app.inject({ method: 'GET', url: '/dev?stay&name=%D0%9C%D0%B0%D1%80%D0%B8%D1%8F' });
    expect(page.headers['content-type']).toMatch(/text\/html/);
    expect(page.body).toMatch(/Запуск для разработки/);
    const target = res.headers.location!;
    const hash = new URLSearchParams(target.replace(/^\/#/, ''));
    expect(hash.get('tgWebAppVersion')).toBe('8.0');
    expect(hash.get('tgWebAppPlatform')).toBe('tdesktop');
    expect(JSON.parse(hash.get('tgWebAppThemeParams')!)).toMatchObject({ bg_color: expect.any(String) });
    const initData = hash.get('tgWebAppData')!;
    expect(() => validate(initData, config.botToken)).not.toThrow();
    expect(JSON.parse(new URLSearchParams(initData).get('user')!)).toMatchObject({ first_name: 'Мария' });
    // the signed init data works against the API, and ?tier=PRO gave the demo user PRO
    const sub = await app.inject({ method: 'GET', url: '/api/subscriptions/me', headers: { 'x-init-data': initData } });
    expect(sub.json().tier).toBe('PRO');
    // ?tier=START takes the plan away again
    expect((await app.inject({ method: 'GET', url: '/dev?tier=START' })).statusCode).toBe(302);
    const start = await app.inject({
      method: 'GET',
      url: '/api/subscriptions/me',
      headers: { 'x-init-data': initData },
    });
    expect(start.json().tier).toBe('START');
    expect((await app.inject({ method: 'GET', url: '/dev?tier=GOLD' })).statusCode).toBe(422);
  });

  it('with a BOT_TOKEN /dev does not exist (also not as an SPA fallback)', async () => {
    const dist = mkdtempSync(join(tmpdir(), 'dist-'));
    writeFileSync(join(dist, 'index.html'), '<!doctype html><title>app</title>');
    cleanup.push(() => rmSync(dist, { recursive: true, force: true }));
    for (const client of [undefined, dist]) {
      const { app, config } = await appWith({ BOT_TOKEN: '123:real' }, client);
      expect(config.devLauncher).toBe(false);
      for (const url of ['/dev', '/dev?tier=PRO']) {
        const res = await app.inject({ method: 'GET', url });
        expect(res.statusCode, url).toBe(404);
        expect(res.json()).toEqual({ detail: 'Не найдено' });
      }
    }
  });

  it('static client: files served, extension-less GETs fall back to index.html, /api stays JSON', async () => {
    const dist = mkdtempSync(join(tmpdir(), 'dist-'));
    mkdirSync(join(dist, 'assets'));
    writeFileSync(join(dist, 'index.html'), '<!doctype html><title>app</title>');
    writeFileSync(join(dist, 'assets', 'main-abc.js'), 'console.log(1)');
    cleanup.push(() => rmSync(dist, { recursive: true, force: true }));
    const { app } = await appWith({}, dist);
    const page = await app.inject({ method: 'GET', url: '/app/diary/123' });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<title>app</title>');
    expect((await app.inject({ method: 'GET', url: '/' })).body).toContain('<title>app</title>');
    const asset = await app.inject({ method: 'GET', url: '/assets/main-abc.js' });
    expect(asset.body).toBe('console.log(1)');
    expect(asset.headers['cache-control']).toMatch(/immutable/);
    expect((await app.inject({ method: 'GET', url: '/assets/missing.js' })).statusCode).toBe(404);
    const api = await app.inject({ method: 'GET', url: '/api/unknown' });
    expect(api.statusCode).toBe(404);
    expect(api.json()).toEqual({ detail: 'Не найдено' });
  });

  it('--dev: Vite middleware serves the app (HMR client injected) and leaves /api to the API', async () => {
    const database = await freshPglite();
    const app = await buildApp({ database, config: testConfig(), client: viteClient(ROOT) });
    cleanup.push(
      () => database.close(),
      () => app.close(),
    );
    const base = await app.listen({ port: 0, host: '127.0.0.1' });
    const page = await fetch(`${base}/app/diary`, { headers: { accept: 'text/html' } });
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('/@vite/client');
    const api = await fetch(`${base}/api/nope`);
    expect(api.status).toBe(404);
    expect(await api.json()).toEqual({ detail: 'Не найдено' });
    expect((await fetch(`${base}/api/users/me`)).status).toBe(401);
  }, 60_000);
});
