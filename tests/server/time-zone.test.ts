// X-Time-Zone: canonicalised before it is cached (Intl accepts any letter case, so spellings must not each get
// an entry), the cache is bounded, an unauthenticated request never reaches it, and the user's kept zone — the
// first canonical one, changed at most once per 24 hours — is what request.timeZone, and so the daily quota, uses.
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app';
import { users } from '../../server/db/schema';
import { TIME_ZONE_KEEP_MS } from '../../server/users/time-zone';
import { canonicalTimeZone, timeZoneCacheSize } from '../../server/http/time-zone';
import { describeEachDatabase, testConfig } from './harness';

/** The i-th of 2^n letter-case spellings of `zone`. */
function spelling(zone: string, i: number): string {
  let bit = 0;
  return zone.replace(/[a-z]/gi, (c) => ((i >> bit++) & 1 ? c.toUpperCase() : c.toLowerCase()));
}

describe('canonicalTimeZone', () => {
  it('5 000 spellings of one zone are one cache entry, and all resolve to the canonical name', () => {
    expect(canonicalTimeZone('Asia/Yekaterinburg')).toBe('Asia/Yekaterinburg');
    const before = timeZoneCacheSize();
    const seen = new Set<string>();
    for (let i = 0; i < 5000; i++) {
      const s = spelling('Asia/Yekaterinburg', i);
      seen.add(s);
      expect(canonicalTimeZone(s)).toBe('Asia/Yekaterinburg');
    }
    expect(seen.size).toBe(5000);
    expect(timeZoneCacheSize()).toBe(before);
  });

  it('unknown zones are refused and never cached', () => {
    const before = timeZoneCacheSize();
    for (let i = 0; i < 2000; i++) expect(canonicalTimeZone(`Mars/Colony${i}`)).toBeNull();
    expect(canonicalTimeZone('')).toBeNull();
    expect(canonicalTimeZone(`Europe/${'x'.repeat(100)}`)).toBeNull();
    expect(timeZoneCacheSize()).toBe(before);
    expect(canonicalTimeZone('asia/kolkata')).toBe(canonicalTimeZone('Asia/Kolkata')); // links resolve alike
  });
});

describeEachDatabase('X-Time-Zone', (t) => {
  it('unauthenticated requests never touch the zone cache', async () => {
    // The failed-auth limit off: every request reaches the auth check.
    const app = await buildApp({ database: t.database, config: testConfig({ AUTH_FAILURES_PER_MINUTE: '0' }) });
    try {
      const before = timeZoneCacheSize();
      for (let i = 0; i < 300; i++) {
        const res = await app.inject({
          method: 'GET',
          url: '/api/subscriptions/usage',
          headers: { 'x-init-data': 'forged', 'x-time-zone': spelling('America/Argentina/Buenos_Aires', i) },
        });
        expect(res.statusCode).toBe(401);
      }
      expect(timeZoneCacheSize()).toBe(before);
    } finally {
      await app.close();
    }
  });

  it('the first canonical zone is kept; request.timeZone is the kept zone and the day of the quota', async () => {
    const app = await buildApp({
      database: t.database,
      config: testConfig(),
      extraRoutes: async (api) => {
        api.get('/zone', async (request) => ({ zone: request.timeZone }));
      },
    });
    try {
      const zone = async (header: string | null, user = { id: 5_500_001, first_name: 'Зоя' }) =>
        (
          await app.inject({
            method: 'GET',
            url: '/api/zone',
            headers:
              header === null
                ? { 'x-init-data': t.initData(user) }
                : { 'x-init-data': t.initData(user), 'x-time-zone': header },
          })
        ).json().zone;
      expect(await zone('Not/AZone')).toBe('Europe/Moscow'); // nothing kept yet: DEFAULT_TIME_ZONE, nothing stored
      expect(await zone(null)).toBe('Europe/Moscow');
      expect(await zone('pACIFIC/kiritimati')).toBe('Pacific/Kiritimati'); // the first real zone is kept
      expect(await zone('Not/AZone')).toBe('Pacific/Kiritimati');
      expect(await zone(null)).toBe('Pacific/Kiritimati');
      const usage = await app.inject({
        method: 'GET',
        url: '/api/subscriptions/usage',
        headers: {
          'x-init-data': t.initData({ id: 5_500_001, first_name: 'Зоя' }),
          'x-time-zone': 'PACIFIC/KIRITIMATI',
        },
      });
      expect(usage.statusCode).toBe(200);
      expect(usage.json().day).toBe(
        new Intl.DateTimeFormat('en-CA', { timeZone: 'Pacific/Kiritimati' }).format(new Date()),
      );
    } finally {
      await app.close();
    }
  });

  it('the kept zone changes at most once per 24 hours: hopping from UTC+14 to UTC−12 cannot buy a second day', async () => {
    const hopper = { id: 5_500_002, first_name: 'Прыгун' };
    const usage = (zone: string) =>
      t.app.inject({
        method: 'GET',
        url: '/api/subscriptions/usage',
        headers: t.headers(hopper, { 'x-time-zone': zone }),
      });
    const fmt = (zone: string) => new Intl.DateTimeFormat('en-CA', { timeZone: zone }).format(new Date());
    expect((await usage('Pacific/Kiritimati')).json().day).toBe(fmt('Pacific/Kiritimati'));
    const id = await t.userId(hopper.id);
    await t.setTier(hopper.id, 'PRO');
    t.setDailyLimit('diary_entries', 'PRO', 1);
    const create = (zone: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/diary/create',
        headers: t.headers(hopper, { 'x-time-zone': zone }),
        payload: { content: 'запись' },
      });
    expect((await create('Pacific/Kiritimati')).statusCode).toBe(201);
    // Another zone within the day: refused, the quota's day stays Kiritimati's, and so does the limit.
    expect((await usage('Etc/GMT+12')).json().day).toBe(fmt('Pacific/Kiritimati'));
    expect((await create('Etc/GMT+12')).statusCode).toBe(402);
    // A fresh sign-in on another instance changes nothing either: the database keeps the zone and when it was set.
    t.app.initDataCache.clear();
    expect((await usage('Etc/GMT+12')).json().day).toBe(fmt('Pacific/Kiritimati'));

    // A day later the client's zone is taken (the last change moved back 24 h).
    await t.database.db
      .update(users)
      .set({ timeZoneSetAt: new Date(Date.now() - TIME_ZONE_KEEP_MS - 1000) })
      .where(eq(users.id, id));
    t.app.initDataCache.clear();
    expect((await usage('Etc/GMT+12')).json().day).toBe(fmt('Etc/GMT+12'));
    const [row] = await t.database.db.select({ zone: users.timeZone }).from(users).where(eq(users.id, id));
    expect(row!.zone).toBe('Etc/GMT+12');
    // …and then kept again for 24 hours.
    expect((await usage('Pacific/Kiritimati')).json().day).toBe(fmt('Etc/GMT+12'));
  });

  it('two requests racing with two zones: one wins, both see the winner', async () => {
    const racer = { id: 5_500_003, first_name: 'Гонщик' };
    const day = (zone: string) =>
      t.app
        .inject({ method: 'GET', url: '/api/subscriptions/usage', headers: t.headers(racer, { 'x-time-zone': zone }) })
        .then((r) => r.json().day as string);
    await day('Europe/Moscow');
    const id = await t.userId(racer.id);
    await t.database.db
      .update(users)
      .set({ timeZoneSetAt: new Date(0) })
      .where(eq(users.id, id));
    t.app.initDataCache.clear();
    await Promise.all([day('Asia/Tokyo'), day('America/Chicago')]);
    const [row] = await t.database.db.select({ zone: users.timeZone }).from(users).where(eq(users.id, id));
    expect(['Asia/Tokyo', 'America/Chicago']).toContain(row!.zone);
    const fmt = new Intl.DateTimeFormat('en-CA', { timeZone: row!.zone! }).format(new Date());
    expect(await day('Asia/Tokyo')).toBe(fmt);
    expect(await day('America/Chicago')).toBe(fmt);
  });
});
