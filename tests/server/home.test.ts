// GET /api/home/summary on both databases: the streak at its edges (midnight in the user's zone either side of UTC,
// a gap, today counting only once something happened), the week's moods (Monday first, a day without a mood is
// null, the mean of several), the insight and its fallback, and the actions that make a day active.
import { describe, expect, it } from 'vitest';
import { type Mood } from '../../contract/diary';
import { MOODS } from '../../contract/constants';
import type { HomeSummary } from '../../contract/home';
import { diaryEntries, practiceSessions } from '../../server/db/schema';
import { userKey } from '../../server/privacy/user-keys';
import { withUserKey } from '../../server/db/user-scope';
import { recordActivity } from '../../server/users/activity';
import { chooseInsight, GENERAL_THOUGHTS } from '../../server/home/insight';
import { homeSummary } from '../../server/home/service';
import { instantAt } from '../../server/http/time-zone';
import { describeEachDatabase, type TgUser } from './harness';

const anna: TgUser = { id: 7_100_001, first_name: 'Анна' };
const boris: TgUser = { id: 7_100_002, first_name: 'Борис' };

describe('chooseInsight (pure)', () => {
  const today = '2030-01-16'; // a Wednesday
  it('too little data → a general thought, which changes from day to day', () => {
    const a = chooseInsight({
      today,
      moodDays: [{ day: today, mood: 2 }],
      ratings: [{ practiceType: 'box_breathing', rating: 5 }],
    });
    const b = chooseInsight({ today: '2030-01-17', moodDays: [], ratings: [] });
    expect(a.kind).toBe('general');
    expect(b.kind).toBe('general');
    expect(GENERAL_THOUGHTS).toContain(a.text);
    expect(a.text).not.toBe(b.text);
  });

  it('the practice rated best (two or more ratings, 4+ on average), by name', () => {
    const insight = chooseInsight({
      today,
      moodDays: [],
      ratings: [
        { practiceType: 'box_breathing', rating: 5 },
        { practiceType: 'box_breathing', rating: 4 },
        { practiceType: 'body_scan_simple', rating: 5 }, // once only: not enough to say
        { practiceType: 'breathing_478', rating: 3 },
        { practiceType: 'breathing_478', rating: 3 },
      ],
    });
    expect(insight).toEqual({
      kind: 'best_practice',
      text: 'Больше всего вам помогает практика «Квадратное дыхание»: в среднем 4,5 из 5 за две недели.',
    });
  });

  it('the hardest day of the week when it stands out; a trend between the weeks', () => {
    // Mondays (01-07, 01-14) low, the rest good; the same on both weeks → no trend.
    const moodDays = [
      { day: '2030-01-07', mood: 1 },
      { day: '2030-01-08', mood: 4 },
      { day: '2030-01-09', mood: 4 },
      { day: '2030-01-14', mood: 2 },
      { day: '2030-01-15', mood: 4 },
      { day: '2030-01-16', mood: 4 },
    ];
    expect(chooseInsight({ today, moodDays, ratings: [] })).toEqual({
      kind: 'lowest_weekday',
      text: 'По понедельникам вам бывает труднее — запланируйте на этот день что-то приятное для себя.',
    });
    const up = chooseInsight({
      today,
      moodDays: [
        { day: '2030-01-05', mood: 2 },
        { day: '2030-01-06', mood: 2 },
        { day: '2030-01-15', mood: 4 },
        { day: '2030-01-16', mood: 4 },
      ],
      ratings: [],
    });
    expect(up.kind).toBe('mood_up');
    // Never shames: no word of failure or loss in any sentence it can say.
    for (const text of [up.text, ...GENERAL_THOUGHTS]) expect(text).not.toMatch(/плох|провал|потерял|не смогл|должны/i);
  });
});

describeEachDatabase('home summary', (t) => {
  const summary = (user: TgUser = anna, zone = 'Europe/Moscow') =>
    t.app.inject({ method: 'GET', url: '/api/home/summary', headers: t.headers(user, { 'x-time-zone': zone }) });
  const signIn = async (user: TgUser = anna, zone = 'Europe/Moscow') => {
    expect((await summary(user, zone)).statusCode).toBe(200);
    return t.userId(user.id);
  };
  // Written straight into the sealed column: in the user's scope (their data key), as a request would be.
  const entry = async (userId: number, at: Date, mood: Mood | null) =>
    withUserKey(
      (await userKey(t.database.db, userId))!,
      async () => await t.database.db.insert(diaryEntries).values({ userId, content: 'запись', mood, createdAt: at }),
    );

  it('needs init data (401); a new user: no streak, an empty week, a general thought', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/home/summary' })).statusCode).toBe(401);
    const res = await summary();
    expect(res.statusCode).toBe(200);
    const body = res.json() as HomeSummary;
    expect(body.streak).toEqual({ days: 0, active_today: false, active_days_30: 0 });
    expect(body.week).toHaveLength(7);
    expect(body.week.every((d) => d.mood === null)).toBe(true);
    expect(body.week.map((d) => d.date)).toContain(body.today);
    expect(new Date(`${body.week[0]!.date}T00:00:00Z`).getUTCDay()).toBe(1); // Monday first
    expect(body.insight.kind).toBe('general');
    expect(GENERAL_THOUGHTS).toContain(body.insight.text);
  });

  it('a diary entry with a mood, a chat message and a finished practice each make today active', async () => {
    await signIn(anna);
    await t.setTier(anna.id, 'PRO');
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/diary/create',
      headers: t.headers(anna),
      payload: { content: 'Спокойный день', mood: 'good' },
    });
    expect(created.statusCode).toBe(201);
    const body = (await summary()).json() as HomeSummary;
    expect(body.streak).toEqual({ days: 1, active_today: true, active_days_30: 1 });
    expect(body.week.find((d) => d.date === body.today)!.mood).toBe(4);

    await signIn(boris);
    expect((await summary(boris)).json().streak.active_today).toBe(false);
    const chat = await t.app.inject({
      method: 'POST',
      url: '/api/chat/create-and-send',
      headers: t.headers(boris),
      payload: { content: 'Привет' },
    });
    expect(chat.statusCode).toBeLessThan(300);
    expect((await summary(boris)).json().streak).toMatchObject({ days: 1, active_today: true });

    const carol: TgUser = { id: 7_100_003, first_name: 'Карина' };
    await signIn(carol);
    const started = await t.app.inject({
      method: 'POST',
      url: '/api/practices/start',
      headers: t.headers(carol),
      payload: { practice_type: 'box_breathing', source_type: 'manual' },
    });
    expect(started.statusCode).toBe(201);
    expect((await summary(carol)).json().streak.active_today).toBe(false); // started is not finished
    const done = await t.app.inject({
      method: 'POST',
      url: `/api/practices/${started.json().session_id}/complete`,
      headers: t.headers(carol),
      payload: { rating: 5 },
    });
    expect(done.statusCode).toBe(200);
    expect((await summary(carol)).json().streak).toMatchObject({ days: 1, active_today: true });
  });

  for (const zone of ['Asia/Tokyo', 'America/Los_Angeles']) {
    it(`midnight in the user's zone (${zone}) divides the days; today counts once something happened`, async () => {
      const userId = await signIn(anna, zone);
      const { db } = t.database;
      const midnight = instantAt(zone, '2030-01-11'); // 00:00 local
      const now = new Date(midnight.getTime() + 30 * 60_000); // 00:30 local on the 11th
      await recordActivity(db, userId, zone, new Date(midnight.getTime() - 60_000)); // 23:59 on the 10th
      await recordActivity(db, userId, zone, instantAt(zone, '2030-01-09', 12));
      let s = await homeSummary(db, userId, zone, now);
      expect(s.today).toBe('2030-01-11');
      // Nothing yet today: the streak still stands on yesterday and the day before.
      expect(s.streak).toEqual({ days: 2, active_today: false, active_days_30: 2 });
      await recordActivity(db, userId, zone, new Date(midnight.getTime() + 60_000)); // 00:01 on the 11th
      s = await homeSummary(db, userId, zone, now);
      expect(s.streak).toEqual({ days: 3, active_today: true, active_days_30: 3 });
      // A whole day later with nothing on the 12th: the run ended, what was kept stays.
      s = await homeSummary(db, userId, zone, instantAt(zone, '2030-01-13', 10));
      expect(s.streak).toEqual({ days: 0, active_today: false, active_days_30: 3 });
    });
  }

  it('a gap ends the run: only the days after it count; the last 30 days keep them all', async () => {
    const zone = 'Europe/Moscow';
    const userId = await signIn();
    const { db } = t.database;
    for (const day of ['2029-12-01', '2030-01-10', '2030-01-11', '2030-01-13', '2030-01-14', '2030-01-15'])
      await recordActivity(db, userId, zone, instantAt(zone, day, 13));
    const s = await homeSummary(db, userId, zone, instantAt(zone, '2030-01-15', 22));
    expect(s.streak).toEqual({ days: 3, active_today: true, active_days_30: 5 });
  });

  it('days written out of order still make one run (a zone moved west, two requests across midnight)', async () => {
    const zone = 'Europe/Moscow';
    const userId = await signIn();
    const { db } = t.database;
    const now = instantAt(zone, '2030-01-15', 20);
    for (const day of ['2030-01-15', '2030-01-14', '2030-01-12', '2030-01-13', '2030-01-13'])
      await recordActivity(db, userId, zone, instantAt(zone, day, 12));
    expect((await homeSummary(db, userId, zone, now)).streak).toEqual({
      days: 4,
      active_today: true,
      active_days_30: 4,
    });
    // A day before a gap joins nothing after it.
    await recordActivity(db, userId, zone, instantAt(zone, '2030-01-10', 12));
    expect((await homeSummary(db, userId, zone, now)).streak.days).toBe(4);
    await recordActivity(db, userId, zone, instantAt(zone, '2030-01-11', 12));
    expect((await homeSummary(db, userId, zone, now)).streak).toEqual({
      days: 6,
      active_today: true,
      active_days_30: 6,
    });
  });

  it('the week: Monday to Sunday, the mean of a day’s moods, null for a day without one and for days to come', async () => {
    const zone = 'Asia/Yekaterinburg';
    const userId = await signIn(anna, zone);
    const { db } = t.database;
    // Wednesday 2030-01-16, 18:00 local.
    const now = instantAt(zone, '2030-01-16', 18);
    await entry(userId, instantAt(zone, '2030-01-14', 9), 'good'); // Monday: 4 and 5 → 4.5
    await entry(userId, instantAt(zone, '2030-01-14', 21), 'very_good');
    await entry(userId, instantAt(zone, '2030-01-15', 10), null); // Tuesday: no mood → null, not 0
    await entry(userId, instantAt(zone, '2030-01-16', 0), 'very_bad'); // Wednesday 00:00 local → 1
    await entry(userId, new Date(instantAt(zone, '2030-01-13').getTime() - 1), 'bad'); // last Sunday 23:59:59
    const s = await homeSummary(db, userId, zone, now);
    expect(s.week).toEqual([
      { date: '2030-01-14', mood: 4.5 },
      { date: '2030-01-15', mood: null },
      { date: '2030-01-16', mood: 1 },
      { date: '2030-01-17', mood: null },
      { date: '2030-01-18', mood: null },
      { date: '2030-01-19', mood: null },
      { date: '2030-01-20', mood: null },
    ]);
    // Another user's entries are theirs alone.
    const other = await signIn(boris, zone);
    expect((await homeSummary(db, other, zone, now)).week.every((d) => d.mood === null)).toBe(true);
  });

  it('the insight from the last two weeks: a practice rated well twice', async () => {
    const zone = 'Europe/Moscow';
    const userId = await signIn();
    const now = instantAt(zone, '2030-01-16', 12);
    const finished = (day: string, practiceType: string, rating: number) => ({
      userId,
      practiceType,
      rating,
      startedAt: instantAt(zone, day, 8),
      completedAt: instantAt(zone, day, 9),
    });
    await t.database.db.insert(practiceSessions).values([
      finished('2030-01-10', 'grounding_54321', 5),
      finished('2030-01-12', 'grounding_54321', 5),
      finished('2029-12-20', 'box_breathing', 5), // older than two weeks: not counted
      finished('2029-12-21', 'box_breathing', 5),
    ]);
    const s = await homeSummary(t.database.db, userId, zone, now);
    expect(s.insight).toEqual({
      kind: 'best_practice',
      text: 'Больше всего вам помогает практика «Заземление 5-4-3-2-1»: в среднем 5 из 5 за две недели.',
    });
    expect(MOODS).toHaveLength(5);
  });
});
