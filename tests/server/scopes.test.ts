// The two /api scopes: the public one (routes that prove their caller another way, like the bot webhook) runs
// without init data and without the per-user rate limit but with the same JSON parser, body limit and Russian
// errors; the authenticated one still refuses requests without X-Init-Data; unknown /api paths stay 404 JSON.
import type { FastifyInstance } from 'fastify';
import { type ZodTypeProvider } from 'fastify-type-provider-zod';
import { expect, it } from 'vitest';
import { z } from 'zod';
import { buildApp } from '../../server/app';
import { httpError } from '../../server/http/errors';
import { describeEachDatabase, testConfig } from './harness';

/** A stand-in for the webhook: a strict JSON body, a caller check of its own, and what it saw of auth. */
async function publicRoutes(scope: FastifyInstance) {
  const api = scope.withTypeProvider<ZodTypeProvider>();
  const body = z.strictObject({ update_id: z.number().int() }).nullable();
  api.post('/test/hook', { schema: { body } }, async (request) => {
    if (request.headers['x-test-secret'] === 'wrong') throw httpError(403, 'Неверный секрет');
    return { update: request.body?.update_id ?? null, user: request.user ?? null, zone: request.timeZone };
  });
}

describeEachDatabase('/api scopes', (t) => {
  async function withApp(env: Record<string, string>, fn: (app: FastifyInstance) => Promise<void>) {
    const app = await buildApp({
      database: t.database,
      config: testConfig(env),
      extraPublicRoutes: publicRoutes,
      extraRoutes: async (api) => {
        api.get('/test/private', async (request) => ({ user: request.user.telegramId }));
      },
    });
    try {
      await fn(app);
    } finally {
      await app.close();
    }
  }
  const hook = (app: FastifyInstance, payload: string | undefined, headers: Record<string, string> = {}) =>
    app.inject({
      method: 'POST',
      url: '/api/test/hook',
      headers: { 'content-type': 'application/json', ...headers },
      payload,
    });

  it('a public route answers without X-Init-Data; with forged init data auth still never runs', async () => {
    await withApp({}, async (app) => {
      const res = await hook(app, '{"update_id":7}');
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ update: 7, user: null, zone: '' });
      const forged = await hook(app, '{"update_id":8}', { 'x-init-data': 'forged' });
      expect(forged.statusCode).toBe(200);
      expect(app.authFailures.size).toBe(0); // no failed authentication was counted
    });
  });

  it('authenticated routes still answer 401 without X-Init-Data; unknown /api paths 404 either way', async () => {
    await withApp({}, async (app) => {
      for (const url of ['/api/test/private', '/api/users/me']) {
        const res = await app.inject({ method: 'GET', url });
        expect(res.statusCode, url).toBe(401);
        expect(res.json().detail, url).toMatch(/Требуется авторизация/);
      }
      expect((await app.inject({ method: 'GET', url: '/api/test/private', headers: t.headers() })).json()).toEqual({
        user: 1001,
      });
      for (const url of ['/api/test/nope', '/api/telegram/nope', '/api/test/hook/x']) {
        const res = await app.inject({ method: 'POST', url });
        expect(res.statusCode, url).toBe(404);
        expect(res.json(), url).toEqual({ detail: 'Не найдено' });
      }
      expect((await app.inject({ method: 'GET', url: '/api/test/hook' })).statusCode).toBe(404); // POST only
    });
  });

  it('the root’s JSON parser, body limit and Russian errors hold in the public scope', async () => {
    await withApp({ BODY_LIMIT_BYTES: '1024' }, async (app) => {
      expect((await hook(app, '')).json()).toEqual({ update: null, user: null, zone: '' }); // empty body = no body
      const cases: Array<[string, number, RegExp]> = [
        ['{"update_id":', 400, /^Некорректный JSON/],
        [JSON.stringify({ update_id: 1, pad: 'x'.repeat(2000) }), 413, /^Слишком большой запрос$/],
        ['{"update_id":"7"}', 422, /update_id/],
        ['{"update_id":7,"extra":1}', 422, /Неизвестное поле «extra»/],
      ];
      for (const [payload, status, detail] of cases) {
        const res = await hook(app, payload);
        expect(res.statusCode, payload.slice(0, 20)).toBe(status);
        expect(res.json().detail, payload.slice(0, 20)).toMatch(detail);
      }
      const form = await hook(app, 'update_id=7', { 'content-type': 'application/x-www-form-urlencoded' });
      expect(form.statusCode).toBe(415);
      const refused = await hook(app, '{"update_id":7}', { 'x-test-secret': 'wrong' });
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toEqual({ detail: 'Неверный секрет' });
    });
  });

  it('no per-user rate limit in the public scope; the authenticated one keeps its own', async () => {
    await withApp({ RATE_LIMIT_PER_MINUTE: '2' }, async (app) => {
      const publicCodes: number[] = [];
      for (let i = 0; i < 5; i++) publicCodes.push((await hook(app, `{"update_id":${i}}`)).statusCode);
      expect(publicCodes).toEqual([200, 200, 200, 200, 200]);
      const headers = t.headers();
      const privateCodes: number[] = [];
      for (let i = 0; i < 3; i++)
        privateCodes.push((await app.inject({ method: 'GET', url: '/api/test/private', headers })).statusCode);
      expect(privateCodes).toEqual([200, 200, 429]);
    });
  });

  it('OpenAPI: public routes need no X-Init-Data, every other route keeps the document’s initData requirement', async () => {
    await withApp({}, async (app) => {
      const doc = (await app.inject({ method: 'GET', url: '/api/docs/json' })).json();
      expect(doc.security).toEqual([{ initData: [] }]);
      expect(doc.paths['/api/test/hook'].post.security).toEqual([]);
      expect(doc.paths['/api/test/hook'].post.requestBody).toBeDefined();
      expect(doc.paths['/api/test/private'].get.security).toBeUndefined();
      expect(doc.paths['/api/users/me'].get.security).toBeUndefined();
      expect(Object.keys(doc.paths).filter((path) => path === '/api' || path.includes('*'))).toEqual([]); // 404 plumbing stays out
    });
  });
});
