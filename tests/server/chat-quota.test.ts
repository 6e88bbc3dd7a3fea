// Token reservations for chat replies (server/billing/quota.ts reserveDaily / settleDaily) on both databases:
// the whole amount while it fits, then the rest, then a refusal; concurrent reservations never exceed the limit;
// settling gives back the unused part or records an excess past the limit.
import { expect, it } from 'vitest';
import { reserveDaily, settleDaily, usageToday } from '../../server/billing/quota';
import { anna, chatCalls } from './chat-support';
import { describeEachDatabase } from './harness';

describeEachDatabase('chat token reservations', (t) => {
  const chat = chatCalls(t);
  const setup = async (limit: number | null) => {
    await chat.list();
    t.setDailyLimit('tokens', 'START', limit);
    const userId = await t.userId(anna.id);
    const base = { userId, kind: 'tokens' as const, timeZone: 'Europe/Moscow' };
    const used = async () => (await usageToday(t.database.db, userId, 'Europe/Moscow')).used.tokens;
    return { base, used };
  };

  it('reserves the whole amount while it fits, then the rest, then refuses', async () => {
    const { base, used } = await setup(1_000);
    expect(await reserveDaily(t.database.db, { ...base, amount: 600 })).toEqual({ ok: true, reserved: 600 });
    expect(await reserveDaily(t.database.db, { ...base, amount: 600 })).toEqual({ ok: true, reserved: 400 });
    expect(await reserveDaily(t.database.db, { ...base, amount: 600 })).toEqual({
      ok: false,
      reason: 'limit_reached',
      limit: 1_000,
    });
    expect(await used()).toBe(1_000);
  });

  it('settles to what was used: the rest given back, an excess recorded past the limit', async () => {
    const { base, used } = await setup(1_000);
    await reserveDaily(t.database.db, { ...base, amount: 600 });
    expect(await settleDaily(t.database.db, { ...base, reserved: 600, used: 150 })).toBe(150);
    expect(await used()).toBe(150);
    const rest = await reserveDaily(t.database.db, { ...base, amount: 2_000 });
    expect(rest).toEqual({ ok: true, reserved: 850 });
    expect(await settleDaily(t.database.db, { ...base, reserved: 850, used: 1_200 })).toBe(1_350); // the reply happened
    expect(await settleDaily(t.database.db, { ...base, reserved: 10, used: 10 })).toBeNull();
    expect((await reserveDaily(t.database.db, { ...base, amount: 1 })).ok).toBe(false);
  });

  it('20 concurrent reservations take exactly the limit between them', async () => {
    const { base, used } = await setup(1_000);
    const results = await Promise.all(
      Array.from({ length: 20 }, () => reserveDaily(t.database.db, { ...base, amount: 300 })),
    );
    const reserved = results.reduce((n, r) => n + (r.ok ? r.reserved : 0), 0);
    expect(reserved).toBe(1_000);
    expect(await used()).toBe(1_000);
  });

  it('an unlimited plan always reserves the whole amount', async () => {
    const { base, used } = await setup(null);
    for (let i = 0; i < 3; i++)
      expect(await reserveDaily(t.database.db, { ...base, amount: 50_000 })).toEqual({ ok: true, reserved: 50_000 });
    expect(await used()).toBe(150_000);
  });
});
