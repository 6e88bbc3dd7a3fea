// X-Init-Data auth on /api: Telegram's HMAC-SHA256 with BOT_TOKEN, max age, future auth_date, every malformed
// shape → 401 with a Russian detail; the validated-init-data cache never lets a bad string through.
import { expect, it, vi } from 'vitest';
import { describeEachDatabase, signInitData, TEST_BOT_TOKEN, type TgUser } from './harness';

const anna: TgUser = { id: 4_000_001, first_name: 'Анна', username: 'anna' };

function tamper(initData: string, key: string, value: string): string {
  const p = new URLSearchParams(initData);
  p.set(key, value);
  return p.toString();
}

describeEachDatabase('auth', (t) => {
  const me = (initData?: string) =>
    t.app.inject({
      method: 'GET',
      url: '/api/users/me',
      headers: initData === undefined ? {} : { 'x-init-data': initData },
    });
  const expect401 = async (initData: string | undefined, detail: RegExp) => {
    const res = await me(initData);
    expect(res.statusCode, String(initData)).toBe(401);
    expect(res.json().detail).toMatch(detail);
    expect(res.json().detail).toMatch(/[а-яё]/i);
  };

  it('valid init data authenticates and creates the user', async () => {
    const res = await me(t.initData(anna));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ telegram_id: anna.id, first_name: 'Анна', username: 'anna' });
  });

  it('missing or empty header → 401', async () => {
    await expect401(undefined, /авторизац/i);
    await expect401('', /авторизац/i);
  });

  it('forged hash → 401', async () => {
    await expect401(tamper(t.initData(anna), 'hash', 'a'.repeat(64)), /Недействительн/);
  });

  it('one field tampered (user, auth_date, query_id) → 401', async () => {
    const good = t.initData(anna);
    await expect401(tamper(good, 'user', JSON.stringify({ ...anna, id: 4_000_999 })), /Недействительн/);
    // One second before the signed date, not before now: signed in the second before, now - 1 was the same date.
    const signedAt = Number(new URLSearchParams(good).get('auth_date'));
    await expect401(tamper(good, 'auth_date', String(signedAt - 1)), /Недействительн/);
    await expect401(tamper(good, 'query_id', 'other'), /Недействительн/);
  });

  it('signed with another bot token → 401', async () => {
    await expect401(signInitData(anna, { botToken: '999:another-bot' }), /Недействительн/);
  });

  it('expired (auth_date older than INIT_DATA_MAX_AGE_S) → 401; just inside the window → 200', async () => {
    const maxAge = t.config.initDataMaxAgeS;
    await expect401(signInitData(anna, { authDate: new Date(Date.now() - (maxAge + 60) * 1000) }), /истёк/);
    expect((await me(signInitData(anna, { authDate: new Date(Date.now() - (maxAge - 60) * 1000) }))).statusCode).toBe(
      200,
    );
  });

  it('auth_date in the future → 401', async () => {
    await expect401(signInitData(anna, { authDate: new Date(Date.now() + 3_600_000) }), /дата/);
  });

  it('garbage → 401 (never 500)', async () => {
    const garbage = [
      'garbage',
      'hash=abc',
      'auth_date=abc&hash=abc',
      '%%%%',
      'user=%7Bnot-json&auth_date=1&hash=00',
      'x'.repeat(9000),
      '\u0001\u0002',
    ];
    for (const g of garbage) {
      const res = await t.app.inject({ method: 'GET', url: '/api/users/me', headers: { 'x-init-data': encodeURI(g) } });
      expect(res.statusCode, g.slice(0, 40)).toBe(401);
      expect(res.json().detail).toMatch(/[а-яё]/i);
    }
  });

  it('correctly signed init data without a usable user → 401', async () => {
    const { sign } = await import('@telegram-apps/init-data-node');
    const noUser = sign({ query_id: 'q' } as Parameters<typeof sign>[0], TEST_BOT_TOKEN, new Date());
    await expect401(noUser, /Некорректные/);
    const badUser = sign(
      { user: { id: -5, first_name: 'X' } } as Parameters<typeof sign>[0],
      TEST_BOT_TOKEN,
      new Date(),
    );
    await expect401(badUser, /Некорректные/);
  });

  it('the validated-init-data cache: a cached good string does not make a tampered one pass', async () => {
    const good = t.initData(anna);
    expect((await me(good)).statusCode).toBe(200);
    expect((await me(good)).statusCode).toBe(200); // served from the cache
    await expect401(tamper(good, 'hash', 'b'.repeat(64)), /Недействительн/);
  });

  it('a cached init data string never outlives auth_date + INIT_DATA_MAX_AGE_S', async () => {
    const maxAge = t.config.initDataMaxAgeS;
    const expiresSoon = signInitData(anna, { authDate: new Date(Date.now() - (maxAge - 5) * 1000) });
    expect((await me(expiresSoon)).statusCode).toBe(200); // validated and cached (the cache's own TTL is 60 s)
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 10_000 });
    try {
      await expect401(expiresSoon, /истёк/);
    } finally {
      vi.useRealTimers();
    }
  });

  it('auth_date up to 60 s in the future is accepted (clock skew), beyond that refused', async () => {
    expect((await me(signInitData(anna, { authDate: new Date(Date.now() + 50_000) }))).statusCode).toBe(200);
    await expect401(signInitData(anna, { authDate: new Date(Date.now() + 75_000) }), /дата/);
  });

  it('U+0000 in the signed names does not break sign-in: it is dropped before the upsert', async () => {
    const res = await me(
      t.initData({ id: 4_000_002, first_name: 'Ан\u0000на', last_name: '\u0000', username: 'nul\u0000l' }),
    );
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ telegram_id: 4_000_002, first_name: 'Анна', last_name: '', username: 'null' });
  });

  it('every /api domain route needs auth', async () => {
    for (const [method, url] of [
      ['GET', '/api/users/me/settings'],
      ['PATCH', '/api/users/me/settings'],
      ['GET', '/api/subscriptions/tiers'],
      ['GET', '/api/subscriptions/me'],
      ['GET', '/api/subscriptions/usage'],
      ['GET', '/api/trial/status'],
      ['POST', '/api/trial/activate'],
    ] as const) {
      const res = await t.app.inject({ method, url });
      expect(res.statusCode, url).toBe(401);
    }
  });
});
