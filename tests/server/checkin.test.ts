// /api/checkin on both databases: free on every plan (START included, no quota spent), one check-in per user and
// local day whatever the race, changeable that day (the note kept, replaced or cleared), the local day in the user's
// zone on the test clock, validation in Russian, another user's day untouched, and what a check-in feeds — home's
// streak, week and insight, the diary list's mood marks (each once across pages; plans with the diary only). The
// test clock itself: honoured only with TEST_CLOCK=1, refused in production and beyond loopback.
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { CheckIn } from '../../contract/checkin';
import type { HomeSummary } from '../../contract/home';
import { usageToday } from '../../server/billing/quota';
import { diaryEntries } from '../../server/db/schema';
import { asUser } from '../../server/privacy/user-keys';
import { loadConfig } from '../../server/config';
import { describeEachDatabase, TEST_BOT_TOKEN, type TgUser } from './harness';

const anna: TgUser = { id: 7_300_001, first_name: 'Анна' };
const boris: TgUser = { id: 7_300_002, first_name: 'Борис' };

/** Moscow is UTC+3 all year: 2030-01-14 is a Monday. */
const msk = (day: string, time: string) => `${day}T${time}:00+03:00`;

const testClock = () => ({ TEST_CLOCK: '1', HOST: '127.0.0.1' });

describeEachDatabase(
  'check-in API',
  (t) => {
    const at = (user: TgUser, when?: string) => t.headers(user, when ? { 'x-test-now': when } : {});
    const today = (user = anna, when?: string) =>
      t.app.inject({ method: 'GET', url: '/api/checkin/today', headers: at(user, when) });
    const put = (body: unknown, user = anna, when?: string) =>
      t.app.inject({ method: 'PUT', url: '/api/checkin/today', headers: at(user, when), payload: body as object });
    const summary = (user = anna, when?: string) =>
      t.app
        .inject({ method: 'GET', url: '/api/home/summary', headers: at(user, when) })
        .then((r) => r.json() as HomeSummary);
    const diaryList = (query = '', user = anna, when?: string) =>
      t.app.inject({ method: 'GET', url: `/api/diary/list${query}`, headers: at(user, when) }).then((r) => r.json());

    it('needs auth', async () => {
      const res = await t.app.inject({ method: 'PUT', url: '/api/checkin/today', payload: { mood: 'good' } });
      expect(res.statusCode).toBe(401);
      expect(res.json().detail).toMatch(/[а-я]/i);
    });

    it('START: one tap saves the day’s mood — no 402, no quota spent — and the day reads it back', async () => {
      const when = msk('2030-01-14', '09:15');
      expect((await today(anna, when)).json()).toEqual({ day: '2030-01-14', check_in: null, diary_available: false });
      const res = await put({ mood: 'good' }, anna, when);
      expect(res.statusCode).toBe(200);
      const saved: CheckIn = { day: '2030-01-14', mood: 'good', note: null, updated_at: '2030-01-14T06:15:00.000Z' };
      expect(res.json()).toEqual(saved);
      expect((await today(anna, when)).json()).toEqual({ day: '2030-01-14', check_in: saved, diary_available: false });
      const usage = await usageToday(t.database.db, await t.userId(anna.id), 'Europe/Moscow', new Date(when));
      expect(usage.used).toEqual({ diary_entries: 0, voice_seconds: 0, tokens: 0 });
      expect(usage.day).toBe('2030-01-14');
    });

    it('PRO: the day says the diary is there (home offers a full entry beside the check-in)', async () => {
      await today(anna);
      await t.setTier(anna.id, 'PRO');
      expect((await today(anna)).json()).toMatchObject({ check_in: null, diary_available: true });
    });

    it('changeable that day: the mood changes, the note stays unless given, null or blank clears it', async () => {
      const morning = msk('2030-01-14', '08:00');
      const noon = msk('2030-01-14', '12:30');
      const evening = msk('2030-01-14', '21:45');
      expect(
        (await put({ mood: 'bad', note: '  Не выспалась, тревожно перед встречей  ' }, anna, morning)).json(),
      ).toEqual({
        day: '2030-01-14',
        mood: 'bad',
        note: 'Не выспалась, тревожно перед встречей',
        updated_at: '2030-01-14T05:00:00.000Z',
      });
      expect((await put({ mood: 'good' }, anna, noon)).json()).toEqual({
        day: '2030-01-14',
        mood: 'good',
        note: 'Не выспалась, тревожно перед встречей',
        updated_at: '2030-01-14T09:30:00.000Z',
      });
      expect((await put({ mood: 'very_good', note: '   ' }, anna, evening)).json()).toMatchObject({
        mood: 'very_good',
        note: null,
      });
      expect((await put({ mood: 'neutral', note: 'Спокойно' }, anna, evening)).json()).toMatchObject({
        note: 'Спокойно',
      });
      expect((await put({ mood: 'neutral', note: null }, anna, evening)).json()).toMatchObject({ note: null });
      const rows = await t.database.db.execute(sql`select count(*)::int as n from check_ins`);
      expect((rows as unknown as { rows: Array<{ n: number }> }).rows[0]!.n).toBe(1);
    });

    it('the local day: 23:50 and 00:10 in Moscow are two days, though the same UTC date', async () => {
      // 20:50 and 21:10 UTC on 2030-01-14.
      expect((await put({ mood: 'bad' }, anna, '2030-01-14T20:50:00Z')).json().day).toBe('2030-01-14');
      expect((await put({ mood: 'good' }, anna, '2030-01-14T21:10:00Z')).json().day).toBe('2030-01-15');
      expect((await today(anna, '2030-01-14T21:20:00Z')).json().check_in).toMatchObject({
        day: '2030-01-15',
        mood: 'good',
      });
    });

    it('ten taps racing on one day end as one check-in (the unique key decides)', async () => {
      const when = msk('2030-01-16', '10:00');
      const moods = ['very_bad', 'bad', 'neutral', 'good', 'very_good'] as const;
      await today(anna, when); // the user row
      const answers = await Promise.all(Array.from({ length: 10 }, (_, i) => put({ mood: moods[i % 5] }, anna, when)));
      expect(answers.map((r) => r.statusCode)).toEqual(Array(10).fill(200));
      const rows = (await t.database.db.execute(sql`select mood from check_ins`)) as unknown as {
        rows: Array<{ mood: string }>;
      };
      expect(rows.rows).toHaveLength(1);
      expect((await today(anna, when)).json().check_in.mood).toBe(rows.rows[0]!.mood);
    });

    it('another user’s day is their own', async () => {
      const when = msk('2030-01-14', '10:00');
      await put({ mood: 'very_bad', note: 'Борис' }, boris, when);
      expect((await today(anna, when)).json().check_in).toBeNull();
      await put({ mood: 'very_good' }, anna, when);
      expect((await today(boris, when)).json().check_in).toMatchObject({ mood: 'very_bad', note: 'Борис' });
    });

    it('invalid bodies: 422 in Russian, nothing saved', async () => {
      const cases: Array<[unknown, RegExp]> = [
        [{}, /Настроение/],
        [{ mood: 'happy' }, /Настроение должно быть одним из/],
        [{ mood: 'good', note: 'я'.repeat(201) }, /Заметка не может быть длиннее 200 символов/],
        [{ mood: 'good', note: 5 }, /Заметка должна быть строкой/],
        [{ mood: 'good', note: 'a\u0000b' }, /нулевой символ/],
        [{ mood: 'good', extra: 1 }, /Неизвестные поля: extra/],
      ];
      for (const [body, detail] of cases) {
        const res = await put(body);
        expect(res.statusCode, JSON.stringify(body)).toBe(422);
        expect(res.json().detail).toMatch(detail);
      }
      expect((await today()).json().check_in).toBeNull();
    });

    it('a week of check-ins: home’s streak counts seven, the chart shows each day', async () => {
      const week = ['very_bad', 'bad', 'bad', 'neutral', 'good', 'good', 'very_good'] as const;
      for (const [i, mood] of week.entries()) {
        const day = `2030-01-${String(14 + i).padStart(2, '0')}`;
        expect((await put({ mood }, anna, msk(day, '20:00'))).statusCode).toBe(200);
      }
      const sunday = await summary(anna, msk('2030-01-20', '21:00'));
      expect(sunday.streak).toEqual({ days: 7, active_today: true, active_days_30: 7 });
      expect(sunday.week).toEqual([
        { date: '2030-01-14', mood: 1 },
        { date: '2030-01-15', mood: 2 },
        { date: '2030-01-16', mood: 2 },
        { date: '2030-01-17', mood: 3 },
        { date: '2030-01-18', mood: 4 },
        { date: '2030-01-19', mood: 4 },
        { date: '2030-01-20', mood: 5 },
      ]);
      // Next Monday morning, before a tap: the streak stands on yesterday, the new week is empty.
      const monday = await summary(anna, msk('2030-01-21', '07:00'));
      expect(monday.streak).toEqual({ days: 7, active_today: false, active_days_30: 7 });
      expect(monday.week.map((d) => d.mood)).toEqual([null, null, null, null, null, null, null]);
    });

    it('a day’s check-in stands for the day on the chart, over that day’s diary moods', async () => {
      await today(anna);
      await t.setTier(anna.id, 'PRO');
      const userId = await t.userId(anna.id);
      // Written straight into the sealed column: in the user's scope (their data key), as a request would be.
      await asUser(t.database.db, userId, async () =>
        t.database.db.insert(diaryEntries).values([
          { userId, content: 'Утро', mood: 'very_bad', createdAt: new Date(msk('2030-01-14', '08:00')) },
          { userId, content: 'Вечер', mood: 'bad', createdAt: new Date(msk('2030-01-15', '19:00')) },
        ]),
      );
      await put({ mood: 'very_good' }, anna, msk('2030-01-14', '22:00'));
      const week = (await summary(anna, msk('2030-01-15', '22:00'))).week;
      expect(week.slice(0, 3)).toEqual([
        { date: '2030-01-14', mood: 5 }, // the check-in, not the diary's 1
        { date: '2030-01-15', mood: 2 }, // no check-in: the diary's mood
        { date: '2030-01-16', mood: null },
      ]);
    });

    describe('the diary list’s mood marks', () => {
      /** Five entries on five days and four check-ins around them (Moscow time). */
      async function fill(user: TgUser) {
        const userId = await t.userId(user.id);
        await asUser(t.database.db, userId, async () =>
          t.database.db.insert(diaryEntries).values(
            [1, 2, 3, 4, 5].map((n) => ({
              userId,
              content: `Запись ${n}`,
              createdAt: new Date(msk(`2030-01-0${n}`, `${8 + 2 * n}:00`)),
            })),
          ),
        );
        const marks: Array<[string, string, CheckIn['mood']]> = [
          ['2030-01-05', '20:00', 'very_good'], // after the newest entry
          ['2030-01-03', '09:00', 'neutral'], // between entries 2 and 3
          ['2030-01-01', '20:00', 'bad'], // between entries 1 and 2
          ['2029-12-31', '08:00', 'very_bad'], // before the oldest
        ];
        for (const [day, time, mood] of marks) await put({ mood }, user, msk(day, time));
      }
      const days = (page: { check_ins: CheckIn[] }) => page.check_ins.map((c) => c.day);

      it('each page carries the check-ins between its last entry and the previous page’s: every one once', async () => {
        await today(anna);
        await t.setTier(anna.id, 'PRO', null); // never ends: the lists are asked for in 2030
        await fill(anna);
        const now = msk('2030-01-06', '10:00');
        const pages = [
          await diaryList('?limit=2', anna, now),
          await diaryList('?skip=2&limit=2', anna, now),
          await diaryList('?skip=4&limit=2', anna, now),
        ];
        expect(pages.map((p) => p.entries.map((e: { content: string }) => e.content))).toEqual([
          ['Запись 5', 'Запись 4'],
          ['Запись 3', 'Запись 2'],
          ['Запись 1'],
        ]);
        expect(pages.map(days)).toEqual([['2030-01-05'], ['2030-01-03'], ['2030-01-01', '2029-12-31']]);
        expect(pages[0].check_ins[0]).toEqual({
          day: '2030-01-05',
          mood: 'very_good',
          note: null,
          updated_at: '2030-01-05T17:00:00.000Z',
        });
        // One page of everything: all four, newest first.
        expect(days(await diaryList('', anna, now))).toEqual(['2030-01-05', '2030-01-03', '2030-01-01', '2029-12-31']);
        // A list whose entries fill whole pages still ends with the older marks (the last full page takes them).
        expect(days(await diaryList('?skip=4&limit=1', anna, now))).toEqual(['2030-01-01', '2029-12-31']);
      });

      it('under a date window only the window’s marks; never under «Избранное»', async () => {
        await today(anna);
        await t.setTier(anna.id, 'PRO', null); // never ends: the lists are asked for in 2030
        await fill(anna);
        const from = encodeURIComponent('2030-01-02T00:00:00+03:00');
        expect(days(await diaryList(`?dateFrom=${from}`))).toEqual(['2030-01-05', '2030-01-03']);
        expect(days(await diaryList('?is_favorite=true'))).toEqual([]);
      });

      it('START has no diary: no marks, though the check-ins are there', async () => {
        await today(boris);
        await fill(boris);
        expect(await diaryList('', boris)).toMatchObject({ total: 5, check_ins: [] });
      });
    });
  },
  { env: testClock },
);

describeEachDatabase('the test clock', (t) => {
  it('without TEST_CLOCK, X-Test-Now means nothing: the check-in is for the server’s today', async () => {
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/checkin/today',
      headers: t.headers(anna, { 'x-test-now': '2001-01-01T12:00:00Z' }),
      payload: { mood: 'good' },
    });
    expect(res.json().day).not.toBe('2001-01-01');
    expect(Math.abs(Date.parse(res.json().updated_at) - Date.now())).toBeLessThan(60_000);
  });
});

describe('TEST_CLOCK in the configuration', () => {
  const base = { BOT_TOKEN: TEST_BOT_TOKEN };
  it('is off unless set; on for a loopback server', () => {
    expect(loadConfig(base).testClock).toBe(false);
    expect(loadConfig({ ...base, TEST_CLOCK: '1', HOST: '127.0.0.1' }).testClock).toBe(true);
    expect(loadConfig({ ...base, TEST_CLOCK: '1', HOST: '::1' }).testClock).toBe(true);
  });
  it('is refused in production and on an address others can reach', () => {
    expect(() => loadConfig({ ...base, TEST_CLOCK: '1', HOST: '127.0.0.1', NODE_ENV: 'production' })).toThrow(
      /refused with NODE_ENV=production/,
    );
    expect(() => loadConfig({ ...base, TEST_CLOCK: '1' })).toThrow(/needs HOST on loopback/);
    expect(() => loadConfig({ ...base, TEST_CLOCK: '1', HOST: '0.0.0.0' })).toThrow(/needs HOST on loopback/);
  });
});
