// Failed authentications are limited per client IP (the per-user limiter only runs after auth): past
// AUTH_FAILURES_PER_MINUTE an IP gets 429 in Russian before any HMAC is computed, sessions it already signed in
// keep working, other IPs are unaffected, X-Forwarded-For counts only from a trusted proxy (loopback unless TRUST_PROXY names others), memory is bounded.
import { describe, expect, it, vi } from 'vitest';
import { buildApp } from '../../server/app';
import { AUTH_FAILURE_WINDOW_MS, AuthFailureLimiter } from '../../server/http/auth-failures';
import { describeEachDatabase, signInitData, testConfig } from './harness';

describe('AuthFailureLimiter', () => {
  it('blocks a key after `limit` failures until the window turns; other keys are independent', () => {
    const limiter = new AuthFailureLimiter(2);
    const t0 = 1_000_000;
    limiter.record('a', t0);
    expect(limiter.blocked('a', t0)).toBe(false);
    limiter.record('a', t0 + 1);
    expect(limiter.blocked('a', t0 + 2)).toBe(true);
    expect(limiter.blocked('b', t0 + 2)).toBe(false);
    expect(limiter.retryAfterS(t0 + 2)).toBe(60);
    expect(limiter.blocked('a', t0 + AUTH_FAILURE_WINDOW_MS)).toBe(false);
  });

  it('holds at most maxKeys addresses however many fail', () => {
    const limiter = new AuthFailureLimiter(5, 100);
    for (let i = 0; i < 10_000; i++) limiter.record(`10.0.${i >> 8}.${i & 255}`, 1);
    expect(limiter.size).toBe(100);
  });

  it('0 disables it', () => {
    const limiter = new AuthFailureLimiter(0);
    for (let i = 0; i < 100; i++) limiter.record('a', 1);
    expect(limiter.blocked('a', 1)).toBe(false);
    expect(limiter.size).toBe(0);
  });
});

describeEachDatabase('failed authentications per IP', (t) => {
  const me = (
    app: Awaited<ReturnType<typeof buildApp>>,
    initData: string,
    remoteAddress = '127.0.0.1',
    extra: Record<string, string> = {},
  ) =>
    app.inject({ method: 'GET', url: '/api/users/me', remoteAddress, headers: { 'x-init-data': initData, ...extra } });

  it('past the limit: 429 in Russian with Retry-After, even for valid new init data; a signed-in session keeps working', async () => {
    const app = await buildApp({ database: t.database, config: testConfig({ AUTH_FAILURES_PER_MINUTE: '3' }) });
    try {
      const session = signInitData({ id: 6_000_001, first_name: 'Ира' });
      expect((await me(app, session, '198.51.100.7')).statusCode).toBe(200);
      const codes: number[] = [];
      for (let i = 0; i < 5; i++) codes.push((await me(app, `forged-${i}`, '198.51.100.7')).statusCode);
      expect(codes).toEqual([401, 401, 401, 429, 429]);
      const limited = await me(app, signInitData({ id: 6_000_002, first_name: 'Олег' }), '198.51.100.7');
      expect(limited.statusCode).toBe(429);
      expect(limited.json().detail).toBe('Слишком много неудачных попыток авторизации, попробуйте через минуту');
      expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
      expect((await me(app, session, '198.51.100.7')).statusCode).toBe(200); // cached: no HMAC, not blocked
      expect((await me(app, 'forged', '198.51.100.8')).statusCode).toBe(401); // another IP
      vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + AUTH_FAILURE_WINDOW_MS });
      try {
        expect((await me(app, 'forged', '198.51.100.7')).statusCode).toBe(401); // a new window
      } finally {
        vi.useRealTimers();
      }
    } finally {
      await app.close();
    }
  });

  it('X-Forwarded-For names the client only from loopback by default (a private-network peer cannot dodge it); TRUST_PROXY names other proxies', async () => {
    const failures = async (app: Awaited<ReturnType<typeof buildApp>>, peer: string) => {
      const codes = [];
      for (let i = 0; i < 4; i++)
        codes.push((await me(app, 'forged', peer, { 'x-forwarded-for': `192.0.2.${i}` })).statusCode);
      return codes;
    };
    const app = await buildApp({ database: t.database, config: testConfig({ AUTH_FAILURES_PER_MINUTE: '2' }) });
    try {
      expect(await failures(app, '203.0.113.9')).toEqual([401, 401, 429, 429]); // the internet
      expect(await failures(app, '10.0.0.2')).toEqual([401, 401, 429, 429]); // a neighbour on a private network
      expect(await failures(app, '127.0.0.1')).toEqual([401, 401, 401, 401]); // a proxy on this host
    } finally {
      await app.close();
    }
    const behindProxy = await buildApp({
      database: t.database,
      config: testConfig({ AUTH_FAILURES_PER_MINUTE: '2', TRUST_PROXY: '10.0.0.0/8' }),
    });
    try {
      expect(await failures(behindProxy, '10.0.0.2')).toEqual([401, 401, 401, 401]);
    } finally {
      await behindProxy.close();
    }
  });

  it('the default allows a few dozen mistakes; AUTH_FAILURES_PER_MINUTE=0 never limits', async () => {
    expect(t.config.authFailuresPerMinute).toBe(60);
    const app = await buildApp({ database: t.database, config: testConfig({ AUTH_FAILURES_PER_MINUTE: '0' }) });
    try {
      for (let i = 0; i < 100; i++) expect((await me(app, 'forged')).statusCode).toBe(401);
    } finally {
      await app.close();
    }
  });
});
