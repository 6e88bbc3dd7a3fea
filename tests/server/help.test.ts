// GET /api/help/support: the help screen's support contact is the server's SUPPORT_URL, or null without one.
import { expect, it } from 'vitest';
import { buildApp } from '../../server/app';
import { describeEachDatabase, testConfig } from './harness';

describeEachDatabase('help', (t) => {
  it('support_url is null without SUPPORT_URL, and needs sign-in', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/help/support' })).statusCode).toBe(401);
    const res = await t.app.inject({ method: 'GET', url: '/api/help/support', headers: t.headers() });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ support_url: null });
  });

  it('support_url is SUPPORT_URL when the operator set it', async () => {
    const app = await buildApp({
      database: t.database,
      config: testConfig({ SUPPORT_URL: 'https://t.me/help_desk/' }),
    });
    try {
      const res = await app.inject({ method: 'GET', url: '/api/help/support', headers: t.headers() });
      expect(res.json()).toEqual({ support_url: 'https://t.me/help_desk' });
    } finally {
      await app.close();
    }
  });
});
