// X-Time-Zone: canonicalised before it is cached (Intl accepts any letter case, so spellings must not each get
// an entry), the cache is bounded, an unauthenticated request never reaches it, and the canonical zone is what
// request.timeZone — and so the daily quota — uses.
import { describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app';
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

  it('the canonical zone is request.timeZone and the day of the quota', async () => {
    const app = await buildApp({
      database: t.database,
      config: testConfig(),
      extraRoutes: async (api) => {
        api.get('/zone', async (request) => ({ zone: request.timeZone }));
      },
    });
    try {
      const zone = async (header: string) =>
        (
          await app.inject({
            method: 'GET',
            url: '/api/zone',
            headers: t.headers(undefined, { 'x-time-zone': header }),
          })
        ).json().zone;
      expect(await zone('pACIFIC/kiritimati')).toBe('Pacific/Kiritimati');
      expect(await zone('Not/AZone')).toBe('Europe/Moscow'); // DEFAULT_TIME_ZONE
      const usage = await app.inject({
        method: 'GET',
        url: '/api/subscriptions/usage',
        headers: t.headers(undefined, { 'x-time-zone': 'PACIFIC/KIRITIMATI' }),
      });
      expect(usage.statusCode).toBe(200);
      expect(usage.json().day).toBe(
        new Intl.DateTimeFormat('en-CA', { timeZone: 'Pacific/Kiritimati' }).format(new Date()),
      );
    } finally {
      await app.close();
    }
  });
});
