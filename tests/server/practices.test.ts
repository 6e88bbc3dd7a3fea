// /api/practices on both databases: the catalogue with locks by plan (START, PRO, PREMIUM, the trial, an expired
// plan), start (402 for a locked practice, 422 for an unknown one, the source kept), complete once (409 the second
// time, also when two arrive together), owner isolation (404), rating and feedback validation, history paging.
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Practice, PracticeHistory, PracticeSession, PracticeStartResponse } from '../../contract/practices';
import { users } from '../../server/db/schema';
import { PRACTICES } from '../../server/practices/catalogue';
import { describeEachDatabase } from './harness';

const anna = { id: 7_100_001, first_name: 'Анна' };
const boris = { id: 7_100_002, first_name: 'Борис' };

const advancedIds = PRACTICES.filter((p) => p.is_advanced).map((p) => p.id);
const basicIds = PRACTICES.filter((p) => !p.is_advanced).map((p) => p.id);

describe('the catalogue', () => {
  it('has the 13 practices, advanced and basic ones both', () => {
    expect(PRACTICES.map((p) => p.id).sort()).toEqual(
      [
        'breathing_478',
        'triangle_breathing',
        'box_breathing',
        'grounding_54321',
        'letter_without_sending',
        'five_minute_start',
        'diary_three_questions',
        'if_i_wasnt_afraid',
        'stop_think_act',
        'body_scan_simple',
        'goal_shift',
        'paradoxical_step',
        'balance_wheel',
      ].sort(),
    );
    expect(advancedIds.length).toBeGreaterThan(0);
    expect(basicIds.length).toBeGreaterThan(0);
  });
});

describeEachDatabase('practices API', (t) => {
  const list = (user = anna) => t.app.inject({ method: 'GET', url: '/api/practices/', headers: t.headers(user) });
  const get = (id: string, user = anna) =>
    t.app.inject({ method: 'GET', url: `/api/practices/${id}`, headers: t.headers(user) });
  const start = (body: unknown, user = anna) =>
    t.app.inject({ method: 'POST', url: '/api/practices/start', headers: t.headers(user), payload: body as object });
  const complete = (sessionId: string, body: unknown, user = anna) =>
    t.app.inject({
      method: 'POST',
      url: `/api/practices/${sessionId}/complete`,
      headers: t.headers(user),
      payload: body as object,
    });
  const history = (query = '', user = anna) =>
    t.app.inject({ method: 'GET', url: `/api/practices/history/me${query}`, headers: t.headers(user) });
  const startOk = async (practice_type: string, user = anna) => {
    const res = await start({ practice_type, source_type: 'manual' }, user);
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as PracticeStartResponse;
  };
  const locks = async (user = anna) =>
    Object.fromEntries(((await list(user)).json() as Practice[]).map((p) => [p.id, p.is_locked]));

  it('needs auth', async () => {
    for (const url of ['/api/practices/', '/api/practices/box_breathing', '/api/practices/history/me']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(401);
      expect(res.json().detail).toMatch(/[а-я]/i);
    }
  });

  it('lists the catalogue with Russian names; on START the advanced ones are locked', async () => {
    const res = await list();
    expect(res.statusCode).toBe(200);
    const practices = res.json() as Practice[];
    expect(practices.map((p) => p.id)).toEqual(PRACTICES.map((p) => p.id));
    for (const p of practices) {
      const entry = PRACTICES.find((c) => c.id === p.id)!;
      expect(p).toEqual({ ...entry, is_locked: entry.is_advanced });
      expect(p.name).toMatch(/[А-Яа-я]/);
      expect(p.description).toMatch(/[А-Яа-я]/);
      expect(p.duration_minutes).toBeGreaterThan(0);
    }
    // The same without the trailing slash.
    expect((await t.app.inject({ method: 'GET', url: '/api/practices', headers: t.headers(anna) })).json()).toEqual(
      practices,
    );
  });

  it('PRO and PREMIUM open everything, the trial counts as PREMIUM, an expired plan is START again', async () => {
    await list();
    const allOpen = Object.fromEntries(PRACTICES.map((p) => [p.id, false]));
    const startLocks = Object.fromEntries(PRACTICES.map((p) => [p.id, p.is_advanced]));
    await t.setTier(anna.id, 'PRO');
    expect(await locks()).toEqual(allOpen);
    await t.setTier(anna.id, 'PREMIUM');
    expect(await locks()).toEqual(allOpen);
    await t.setTier(anna.id, 'START');
    const trial = await t.app.inject({ method: 'POST', url: '/api/trial/activate', headers: t.headers(anna) });
    expect(trial.statusCode).toBe(200);
    expect(await locks()).toEqual(allOpen);
    await t.setTier(anna.id, 'PRO', new Date(Date.now() - 1000));
    expect(await locks()).toEqual(startLocks);
  });

  it('one practice: is_locked for the caller; an unknown id is 404 in Russian', async () => {
    const advanced = advancedIds[0]!;
    expect((await get(advanced)).json()).toMatchObject({ id: advanced, is_advanced: true, is_locked: true });
    expect((await get('box_breathing')).json()).toMatchObject({ id: 'box_breathing', is_locked: false });
    const missing = await get('no_such_practice');
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ detail: 'Практика не найдена' });
  });

  it('start: a session with the practice; an advanced one on START is 402 with a Russian detail', async () => {
    const started = await startOk('box_breathing');
    expect(started.session_id).toMatch(/^[0-9a-f-]{36}$/);
    expect(started.practice).toMatchObject({ id: 'box_breathing', name: 'Квадратное дыхание', is_locked: false });

    const advanced = PRACTICES.find((p) => p.is_advanced)!;
    const refused = await start({ practice_type: advanced.id, source_type: 'manual' });
    expect(refused.statusCode).toBe(402);
    expect(refused.json()).toEqual({ detail: `Практика «${advanced.name}» доступна на тарифах PRO и PREMIUM` });
    expect((await history()).json().total).toBe(1); // nothing was started

    await t.setTier(anna.id, 'PRO');
    expect((await startOk(advanced.id)).practice).toMatchObject({ id: advanced.id, is_locked: false });
  });

  it('start keeps the source (a chat suggestion) and defaults to manual', async () => {
    const CHAT_ID = '0f8fad5b-d9cb-469f-a165-70867728950e';
    const fromChat = await start({
      practice_type: 'grounding_54321',
      source_type: 'ai_suggestion',
      source_id: CHAT_ID,
    });
    expect(fromChat.statusCode).toBe(201);
    const plain = await start({ practice_type: 'breathing_478' });
    expect(plain.statusCode).toBe(201);
    const sessions = ((await history()).json() as PracticeHistory).sessions;
    expect(sessions.map((s) => [s.practice_type, s.source_type, s.source_id])).toEqual([
      ['breathing_478', 'manual', null],
      ['grounding_54321', 'ai_suggestion', CHAT_ID],
    ]);
  });

  it('start validation: unknown type 422, bad source 422, unknown fields 422 — all in Russian', async () => {
    const cases: Array<[unknown, RegExp]> = [
      [{ practice_type: 'no_such_practice' }, /Неизвестная практика/],
      [{}, /практик/i],
      [{ practice_type: 42 }, /практик/i],
      [{ practice_type: 'box_breathing', source_type: 'robot' }, /Источник/],
      // source_id names a chat: an id, never text (it is not sealed, so it must not carry words).
      [{ practice_type: 'box_breathing', source_id: 'Поругалась с мужем из-за денег' }, /source_id.*UUID/],
      [{ practice_type: 'box_breathing', source_id: 'chat-42' }, /source_id.*UUID/],
      [{ practice_type: 'box_breathing', source_id: 'a\u0000' }, /source_id.*UUID/],
      [{ practice_type: 'box_breathing', user_id: 5 }, /Неизвестные поля: user_id/],
    ];
    for (const [body, detail] of cases) {
      const res = await start(body);
      expect(res.statusCode, JSON.stringify(body)).toBe(422);
      expect(res.json().detail, JSON.stringify(body)).toMatch(detail);
    }
    expect((await history()).json().total).toBe(0);
  });

  it('a comment in words of suicide or self-harm flags the user for the chat’s check-in', async () => {
    const flagged = async () =>
      (
        await t.database.db
          .select({ at: users.riskFlaggedAt })
          .from(users)
          .where(eq(users.id, await t.userId(anna.id)))
      )[0]!.at;
    const calm = await startOk('box_breathing');
    expect((await complete(calm.session_id, { rating: 4, feedback: 'Убила время с пользой' })).statusCode).toBe(200);
    expect(await flagged()).toBeNull();
    const hard = await startOk('box_breathing');
    expect((await complete(hard.session_id, { rating: 1, feedback: 'Не помогло, хочу умереть' })).statusCode).toBe(200);
    expect(await flagged()).toBeInstanceOf(Date);
  });

  it('complete: once, with the rating and the trimmed feedback; the second time is 409', async () => {
    const { session_id } = await startOk('box_breathing');
    const first = await complete(session_id, { rating: 5, feedback: '  Стало спокойнее  ' });
    expect(first.statusCode).toBe(200);
    const done = first.json() as PracticeSession;
    expect(done).toMatchObject({
      session_id,
      practice_type: 'box_breathing',
      practice_name: 'Квадратное дыхание',
      rating: 5,
      feedback: 'Стало спокойнее',
    });
    expect(Date.parse(done.completed_at!)).toBeGreaterThanOrEqual(Date.parse(done.started_at));
    const again = await complete(session_id, { rating: 1 });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ detail: 'Эта практика уже завершена' });
    expect(((await history()).json() as PracticeHistory).sessions[0]).toMatchObject({
      rating: 5,
      feedback: 'Стало спокойнее',
    });
  });

  it('a skipped rating (rating null) completes the session unrated, once; it counts for the streak', async () => {
    const { session_id } = await startOk('breathing_478');
    const skipped = await complete(session_id, { rating: null });
    expect(skipped.statusCode).toBe(200);
    const done = skipped.json() as PracticeSession;
    expect(done).toMatchObject({ session_id, rating: null, feedback: null });
    expect(done.completed_at).not.toBeNull();
    expect((await complete(session_id, { rating: 4 })).statusCode).toBe(409);
    expect(((await history()).json() as PracticeHistory).sessions[0]).toMatchObject({ session_id, rating: null });
    // Completed, so the day is active (home's streak), as a rated session's is.
    const home = await t.app.inject({ method: 'GET', url: '/api/home/summary', headers: t.headers(anna) });
    expect(home.json().streak).toMatchObject({ days: 1, active_today: true });
  });

  it('two completions at once: exactly one wins, the other is 409', async () => {
    const { session_id } = await startOk('triangle_breathing');
    const results = await Promise.all([1, 2, 3, 4, 5].map((rating) => complete(session_id, { rating })));
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409, 409, 409, 409]);
    const winner = results.find((r) => r.statusCode === 200)!.json() as PracticeSession;
    expect(((await history()).json() as PracticeHistory).sessions[0]!.rating).toBe(winner.rating);
  });

  it('feedback: blank → null, absent → null, 500 characters fine, 501 refused', async () => {
    const cases: Array<[unknown, string | null]> = [
      [{ rating: 3, feedback: '   ' }, null],
      [{ rating: 4 }, null],
      [{ rating: 2, feedback: null }, null],
      [{ rating: 1, feedback: ` ${'я'.repeat(500)} ` }, 'я'.repeat(500)],
    ];
    for (const [body, feedback] of cases) {
      const { session_id } = await startOk('box_breathing');
      const res = await complete(session_id, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(200);
      expect(res.json().feedback).toBe(feedback);
    }
    const { session_id } = await startOk('box_breathing');
    const long = await complete(session_id, { rating: 5, feedback: 'я'.repeat(501) });
    expect(long.statusCode).toBe(422);
    expect(long.json().detail).toMatch(/500/);
  });

  it('rating must be an integer 1–5: bad ratings are 422 in Russian and complete nothing', async () => {
    const { session_id } = await startOk('box_breathing');
    for (const body of [
      {},
      { rating: 0 },
      { rating: 6 },
      { rating: 2.5 },
      { rating: '5' },
      { rating: 5, comment: 'x' },
    ]) {
      const res = await complete(session_id, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(422);
      expect(res.json().detail, JSON.stringify(body)).toMatch(/[а-я]/i);
    }
    expect((await complete(session_id, { rating: 4 })).statusCode).toBe(200);
  });

  it('isolation: someone else’s session, an unknown one and a malformed id are 404', async () => {
    const { session_id } = await startOk('box_breathing');
    const foreign = await complete(session_id, { rating: 5 }, boris);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toEqual({ detail: 'Сессия практики не найдена' });
    expect((await complete('00000000-0000-4000-8000-000000000000', { rating: 5 })).statusCode).toBe(404);
    expect((await complete('not-a-session', { rating: 5 })).statusCode).toBe(404);
    expect((await history('', boris)).json()).toEqual({ sessions: [], total: 0 });
    // Boris's attempt changed nothing: Anna completes her own session.
    expect((await complete(session_id, { rating: 5 })).statusCode).toBe(200);
  });

  it('history: newest first, paged by skip and limit, with unfinished sessions and the total', async () => {
    const ids: string[] = [];
    for (const id of ['breathing_478', 'triangle_breathing', 'box_breathing', 'grounding_54321', 'body_scan_simple']) {
      ids.push((await startOk(id)).session_id);
    }
    await complete(ids[1]!, { rating: 4 });
    const page1 = (await history('?skip=0&limit=2')).json() as PracticeHistory;
    const page2 = (await history('?skip=2&limit=2')).json() as PracticeHistory;
    const page3 = (await history('?skip=4&limit=2')).json() as PracticeHistory;
    expect([...page1.sessions, ...page2.sessions, ...page3.sessions].map((s) => s.session_id)).toEqual(
      [...ids].reverse(),
    );
    expect([page1.total, page2.total, page3.total]).toEqual([5, 5, 5]);
    const rated = page2.sessions.find((s) => s.session_id === ids[1])!;
    expect(rated).toMatchObject({ practice_type: 'triangle_breathing', rating: 4 });
    expect(rated.completed_at).not.toBeNull();
    expect(page3.sessions[0]).toMatchObject({
      practice_type: 'breathing_478',
      completed_at: null,
      rating: null,
      feedback: null,
    });
    expect((await history()).json().sessions).toHaveLength(5); // default page of 20
    expect((await history('?skip=10')).json()).toEqual({ sessions: [], total: 5 });
    for (const q of ['?limit=0', '?limit=101', '?skip=-1', '?limit=abc', '?page=2']) {
      const res = await history(q);
      expect(res.statusCode, q).toBe(422);
      expect(res.json().detail, q).toMatch(/[а-я]/i);
    }
  });
});
