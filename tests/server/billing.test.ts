// Plans, subscriptions, usage, the trial and the daily quota on both databases: tiers shape, expiry → START,
// trial once per user (also under concurrency), 50 parallel spends at a limit of 20 → exactly 20, local days.
import { expect, it } from 'vitest';
import type { TiersResponse } from '../../contract/billing';
import { PLANS, TRIAL_DAYS } from '../../server/billing/plans';
import { effectiveTier, spendDaily, usageToday } from '../../server/billing/quota';
import { describeEachDatabase, type TgUser } from './harness';

const anna: TgUser = { id: 6_000_001, first_name: 'Анна' };
const boris: TgUser = { id: 6_000_002, first_name: 'Борис' };

describeEachDatabase('billing API', (t) => {
  const get = (url: string, user: TgUser = anna, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url, headers: t.headers(user, headers) });
  const activate = (user: TgUser = anna) =>
    t.app.inject({ method: 'POST', url: '/api/trial/activate', headers: t.headers(user) });
  const signIn = async (user: TgUser = anna) => {
    expect((await get('/api/users/me', user)).statusCode).toBe(200);
    return t.userId(user.id);
  };

  it('GET /subscriptions/tiers: START «Старт» free, PRO popular, PREMIUM featured; 1/3/6/12 months in RUB and STARS', async () => {
    const res = await get('/api/subscriptions/tiers');
    expect(res.statusCode).toBe(200);
    const { tiers } = res.json() as TiersResponse;
    expect(tiers.map((x) => [x.id, x.name, x.rank, x.is_free, x.is_popular, x.is_featured])).toEqual([
      ['START', 'Старт', 0, true, false, false],
      ['PRO', 'PRO', 1, false, true, false],
      ['PREMIUM', 'PREMIUM', 2, false, false, true],
    ]);
    expect(tiers[0]!.daily_limits).toMatchObject({ diary_entries: null, voice_seconds: null });
    for (const tier of tiers.slice(1)) {
      expect(tier.periods.map((p) => p.months)).toEqual([1, 3, 6, 12]);
      for (const p of tier.periods) {
        expect(p.prices.map((x) => x.currency).sort()).toEqual(['RUB', 'STARS']);
        for (const price of p.prices) expect(price.amount).toBeGreaterThan(0);
      }
      // a longer period never costs more per month
      const rubPerMonth = tier.periods.map((p) => p.prices.find((x) => x.currency === 'RUB')!.amount / p.months);
      expect([...rubPerMonth].sort((a, b) => b - a)).toEqual(rubPerMonth);
      expect(tier.benefits.length).toBeGreaterThan(0);
      for (const b of tier.benefits) expect(b).toMatch(/[а-яё]/i);
      expect(tier.daily_limits.diary_entries).toBeGreaterThan(0);
    }
    // the response is the configuration module, not a copy that can drift
    expect(tiers.map((x) => x.daily_limits)).toEqual(PLANS.map((p) => p.limits));
  });

  it('GET /subscriptions/me: START without a subscription; the tier with expires_at while valid; START once expired', async () => {
    await signIn();
    expect((await get('/api/subscriptions/me')).json()).toEqual({ tier: 'START', expires_at: null, source: null });
    const until = new Date(Date.now() + 5 * 86_400_000);
    await t.setTier(anna.id, 'PRO', until);
    expect((await get('/api/subscriptions/me')).json()).toEqual({
      tier: 'PRO',
      expires_at: until.toISOString(),
      source: 'manual',
    });
    await t.setTier(anna.id, 'PREMIUM', new Date(Date.now() - 1000));
    expect((await get('/api/subscriptions/me')).json()).toEqual({ tier: 'START', expires_at: null, source: null });
    expect((await get('/api/subscriptions/usage')).json()).toMatchObject({ tier: 'START', diary_entries_limit: null });
  });

  it('GET /subscriptions/usage: limits of the tier and today’s counters (START: diary and voice null)', async () => {
    const userId = await signIn();
    const start = PLANS[0]!.limits;
    expect((await get('/api/subscriptions/usage')).json()).toMatchObject({
      tier: 'START',
      diary_entries_limit: null,
      diary_entries_used: 0,
      voice_seconds_limit: null,
      voice_seconds_used: 0,
      tokens_limit: start.tokens,
      tokens_used: 0,
    });
    await t.setTier(anna.id, 'PRO');
    expect(
      await spendDaily(t.database.db, { userId, kind: 'tokens', amount: 1234, timeZone: 'Europe/Moscow' }),
    ).toMatchObject({ ok: true, used: 1234 });
    expect(
      await spendDaily(t.database.db, { userId, kind: 'voice_seconds', amount: 42, timeZone: 'Europe/Moscow' }),
    ).toMatchObject({ ok: true });
    const pro = PLANS[1]!.limits;
    expect((await get('/api/subscriptions/usage')).json()).toMatchObject({
      tier: 'PRO',
      diary_entries_limit: pro.diary_entries,
      diary_entries_used: 0,
      voice_seconds_limit: pro.voice_seconds,
      voice_seconds_used: 42,
      tokens_used: 1234,
    });
    // another user's counters are their own
    expect((await get('/api/subscriptions/usage', boris)).json()).toMatchObject({ tier: 'START', tokens_used: 0 });
  });

  it('usage follows the user’s local date in their kept zone (the first X-Time-Zone; invalid → Europe/Moscow)', async () => {
    const day = (zone: string, user = anna) =>
      get('/api/subscriptions/usage', user, { 'x-time-zone': zone }).then((r) => r.json().day as string);
    const fmt = (zone: string) => new Intl.DateTimeFormat('en-CA', { timeZone: zone }).format(new Date());
    expect(await day('Not/AZone')).toBe(fmt('Europe/Moscow'));
    expect(await day('Pacific/Kiritimati')).toBe(fmt('Pacific/Kiritimati'));
    expect(await day('Pacific/Pago_Pago')).toBe(fmt('Pacific/Kiritimati')); // kept for 24 hours
    expect(await day('Pacific/Pago_Pago', boris)).toBe(fmt('Pacific/Pago_Pago'));
  });

  it('trial: available for START, activation grants 7 days of PREMIUM, then unavailable; second activation → 409', async () => {
    await signIn();
    expect((await get('/api/trial/status')).json()).toEqual({ available: true, days: TRIAL_DAYS });
    const before = Date.now();
    const res = await activate();
    expect(res.statusCode).toBe(200);
    const sub = res.json();
    expect(sub).toMatchObject({ tier: 'PREMIUM', source: 'trial' });
    const exp = Date.parse(sub.expires_at);
    expect(exp - before).toBeGreaterThanOrEqual(7 * 86_400_000 - 5_000);
    expect(exp - before).toBeLessThanOrEqual(7 * 86_400_000 + 5_000);
    expect((await get('/api/subscriptions/me')).json()).toMatchObject({ tier: 'PREMIUM' });
    expect((await get('/api/trial/status')).json().available).toBe(false);
    const again = await activate();
    expect(again.statusCode).toBe(409);
    expect(again.json().detail).toMatch(/[а-яё]/i);
  });

  it('trial: once per user for ever — after it expires the user is START again but cannot re-activate', async () => {
    await signIn();
    expect((await activate()).statusCode).toBe(200);
    await t.setTier(anna.id, 'PREMIUM', new Date(Date.now() - 1000)); // the trial ran out
    expect((await get('/api/subscriptions/me')).json().tier).toBe('START');
    expect((await get('/api/trial/status')).json().available).toBe(false);
    const res = await activate();
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ detail: 'Пробный период уже был активирован' });
  });

  it('trial: not offered to PRO/PREMIUM users (409 «только на тарифе «Старт»»)', async () => {
    await signIn();
    await t.setTier(anna.id, 'PRO');
    expect((await get('/api/trial/status')).json().available).toBe(false);
    const res = await activate();
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ detail: 'Пробный период доступен только на тарифе «Старт»' });
    expect((await get('/api/subscriptions/me')).json().tier).toBe('PRO');
  });

  it('trial: 10 concurrent activations → exactly one succeeds', async () => {
    await signIn();
    const results = await Promise.all(Array.from({ length: 10 }, () => activate()));
    expect(results.filter((r) => r.statusCode === 200)).toHaveLength(1);
    expect(results.filter((r) => r.statusCode === 409)).toHaveLength(9);
  });

  it('spendDaily: 50 parallel spends against a limit of 20 grant exactly 20', async () => {
    const userId = await signIn();
    await t.setTier(anna.id, 'PRO');
    t.setDailyLimit('diary_entries', 'PRO', 20);
    const results = await Promise.all(
      Array.from({ length: 50 }, () =>
        spendDaily(t.database.db, { userId, kind: 'diary_entries', amount: 1, timeZone: 'Europe/Moscow' }),
      ),
    );
    expect(results.filter((r) => r.ok)).toHaveLength(20);
    expect(results.filter((r) => !r.ok && r.reason === 'limit_reached')).toHaveLength(30);
    expect(
      results
        .filter((r) => r.ok)
        .map((r) => (r.ok ? r.used : 0))
        .sort((a, b) => a - b),
    ).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
    expect((await get('/api/subscriptions/usage')).json()).toMatchObject({
      diary_entries_used: 20,
      diary_entries_limit: 20,
    });
  });

  it('spendDaily: not_available on START; larger-than-limit first spend refused; record mode; unlimited tokens', async () => {
    const userId = await signIn();
    const db = t.database.db;
    const z = 'Europe/Moscow';
    expect(await spendDaily(db, { userId, kind: 'diary_entries', amount: 1, timeZone: z })).toEqual({
      ok: false,
      reason: 'not_available',
      limit: null,
    });
    expect(await spendDaily(db, { userId, kind: 'voice_seconds', amount: 1, timeZone: z })).toEqual({
      ok: false,
      reason: 'not_available',
      limit: null,
    });
    t.setDailyLimit('tokens', 'START', 100);
    expect(await spendDaily(db, { userId, kind: 'tokens', amount: 101, timeZone: z })).toEqual({
      ok: false,
      reason: 'limit_reached',
      limit: 100,
    });
    expect(await spendDaily(db, { userId, kind: 'tokens', amount: 60, timeZone: z })).toEqual({
      ok: true,
      used: 60,
      limit: 100,
    });
    expect(await spendDaily(db, { userId, kind: 'tokens', amount: 60, timeZone: z })).toEqual({
      ok: false,
      reason: 'limit_reached',
      limit: 100,
    });
    // a finished model reply is recorded even past the limit; afterwards strict spends are refused
    expect(await spendDaily(db, { userId, kind: 'tokens', amount: 60, timeZone: z, mode: 'record' })).toEqual({
      ok: true,
      used: 120,
      limit: 100,
    });
    expect(await spendDaily(db, { userId, kind: 'tokens', amount: 1, timeZone: z })).toMatchObject({ ok: false });
    t.setDailyLimit('tokens', 'START', null);
    expect(await spendDaily(db, { userId, kind: 'tokens', amount: 1_000_000, timeZone: z })).toEqual({
      ok: true,
      used: 1_000_120,
      limit: null,
    });
  });

  it('spendDaily: a new local day starts from zero without any job; works inside a transaction and rolls back', async () => {
    const userId = await signIn();
    await t.setTier(anna.id, 'PRO');
    t.setDailyLimit('diary_entries', 'PRO', 2);
    const db = t.database.db;
    const day1 = new Date('2026-03-10T20:30:00Z'); // 23:30 in Moscow
    const day2 = new Date('2026-03-10T21:30:00Z'); // 00:30 next day in Moscow, still 10 March in UTC
    const spend = (now: Date, timeZone = 'Europe/Moscow') =>
      spendDaily(db, { userId, kind: 'diary_entries', amount: 1, timeZone, now });
    expect((await spend(day1)).ok).toBe(true);
    expect((await spend(day1)).ok).toBe(true);
    expect((await spend(day1)).ok).toBe(false);
    expect((await spend(day2, 'UTC')).ok).toBe(false); // in UTC it is still 10 March: that day is used up
    expect(await spend(day2)).toMatchObject({ ok: true, used: 1 }); // Moscow's 11 March
    // inside a transaction that rolls back, the spend is given back
    await expect(
      db.transaction(async (tx) => {
        expect(
          await spendDaily(tx, { userId, kind: 'diary_entries', amount: 1, timeZone: 'Europe/Moscow', now: day2 }),
        ).toMatchObject({ ok: true, used: 2 });
        throw new Error('rollback');
      }),
    ).rejects.toThrow('rollback');
    expect((await usageToday(db, userId, 'Europe/Moscow', day2)).used.diary_entries).toBe(1);
    expect(await effectiveTier(db, userId)).toBe('PRO');
  });
});
