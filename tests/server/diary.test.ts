// /api/diary on both databases: validation (422, Russian), listing order and filters, owner isolation (404),
// favourite toggle, deletion (204, 404 for others, the counters follow), plan and daily-limit enforcement (402)
// including 30 concurrent creates against a limit of 10.
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { DiaryEntry, DiaryListResponse } from '../../contract/diary';
import { usageToday } from '../../server/billing/quota';
import { users } from '../../server/db/schema';
import { createEntry } from '../../server/diary/service';
import { describeEachDatabase } from './harness';

const anna = { id: 7_000_001, first_name: 'Анна' };
const boris = { id: 7_000_002, first_name: 'Борис' };

describeEachDatabase('diary API', (t) => {
  const create = (body: unknown, user = anna) =>
    t.app.inject({ method: 'POST', url: '/api/diary/create', headers: t.headers(user), payload: body as object });
  const list = (query = '', user = anna) =>
    t.app.inject({ method: 'GET', url: `/api/diary/list${query}`, headers: t.headers(user) });
  const get = (id: string, user = anna) =>
    t.app.inject({ method: 'GET', url: `/api/diary/${id}`, headers: t.headers(user) });
  const favorite = (id: string, user = anna) =>
    t.app.inject({ method: 'PATCH', url: `/api/diary/${id}/favorite`, headers: t.headers(user) });
  const edit = (id: string, body: unknown, user = anna) =>
    t.app.inject({ method: 'PATCH', url: `/api/diary/${id}`, headers: t.headers(user), payload: body as object });
  const remove = (id: string, user = anna) =>
    t.app.inject({ method: 'DELETE', url: `/api/diary/${id}`, headers: t.headers(user) });

  async function asPro(user = anna) {
    await list('', user); // the auth hook creates the user row
    await t.setTier(user.id, 'PRO');
  }

  it('needs auth', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/diary/list' });
    expect(res.statusCode).toBe(401);
    expect(res.json().detail).toMatch(/[а-я]/i);
  });

  it('START users cannot create: 402 «Дневник недоступен на вашем тарифе»', async () => {
    const res = await create({ content: 'Привет' });
    expect(res.statusCode).toBe(402);
    expect(res.json()).toEqual({ detail: 'Дневник недоступен на вашем тарифе', code: 'not_available' });
    expect((await list()).json()).toEqual({ entries: [], total: 0, check_ins: [] }); // the insert before the refused spend rolled back
  });

  it('an entry in words of suicide or self-harm flags the user, saved or refused; an everyday one does not', async () => {
    const flaggedAt = async (user = anna) => {
      const [row] = await t.database.db
        .select({ at: users.riskFlaggedAt })
        .from(users)
        .where(eq(users.id, await t.userId(user.id)));
      return row!.at;
    };
    await asPro();
    expect((await create({ content: 'Убила время на сериалы, устала до смерти' })).statusCode).toBe(201);
    expect(await flaggedAt()).toBeNull();
    expect((await create({ title: 'Вечер', content: 'Я больше не хочу жить' })).statusCode).toBe(201);
    expect(await flaggedAt()).toBeInstanceOf(Date); // the chat's gentle check-in follows
    // START cannot keep a diary, and the words still count: the check-in does not depend on the plan.
    expect((await create({ content: 'Думаю о том, чтобы покончить с собой' }, boris)).statusCode).toBe(402);
    expect(await flaggedAt(boris)).toBeInstanceOf(Date);
  });

  it('creates an entry (trimmed, empty title → null, defaults) and lists it first', async () => {
    await asPro();
    const first = await create({ content: '  Первая  ', title: '   ' });
    expect(first.statusCode).toBe(201);
    const e1 = first.json() as DiaryEntry;
    expect(e1).toMatchObject({
      title: null,
      content: 'Первая',
      mood: null,
      is_favorite: false,
      source_type: 'manual',
      source_id: null,
    });
    expect(Date.parse(e1.created_at)).not.toBeNaN();
    const second = (
      await create({
        content: 'Вторая',
        title: 'Заголовок',
        mood: 'good',
        is_favorite: true,
        source: { source_type: 'ai_suggestion', source_id: '7c9e6679-7425-40de-944b-e07fc1f90ae7' },
      })
    ).json() as DiaryEntry;
    expect(second).toMatchObject({
      title: 'Заголовок',
      mood: 'good',
      is_favorite: true,
      source_type: 'ai_suggestion',
      source_id: '7c9e6679-7425-40de-944b-e07fc1f90ae7',
    });
    const body = (await list()).json() as DiaryListResponse;
    expect(body.total).toBe(2);
    expect(body.entries.map((e) => e.id)).toEqual([second.id, e1.id]);
    expect((await get(e1.id)).json()).toEqual(e1);
  });

  it('validation errors are 422 with a Russian detail', async () => {
    await asPro();
    const cases: Array<[unknown, RegExp]> = [
      [{}, /Содержание записи обязательно/],
      [{ content: '   ' }, /Содержание записи не может быть пустым/],
      [{ content: 'x'.repeat(2001) }, /2000/],
      [{ content: 'ok', title: 't'.repeat(101) }, /100/],
      [{ content: 'ok', mood: 'awful' }, /Настроение/],
      [{ content: 'ok', is_favorite: 'yes' }, /is_favorite/],
      [{ content: 'ok', user_id: 5 }, /Неизвестные поля: user_id/],
      [{ content: 'ok', source: { source_type: 'robot' } }, /Источник/],
      [{ content: 'до\u0000после' }, /нулевой символ/],
      [{ content: 'ok', title: 'a\u0000' }, /нулевой символ/],
      [{ content: 'ok', client_id: 'draft-1' }, /client_id должен быть UUID/],
      [{ content: 'ok', client_id: 42 }, /client_id должен быть UUID/],
      // source_id names a chat or a session: an id, never text (it is not sealed, so it must not carry words).
      [{ content: 'ok', source: { source_type: 'ai_suggestion', source_id: 'Про долги мужа' } }, /source_id.*UUID/],
      [{ content: 'ok', source: { source_type: 'manual', source_id: 'chat-1' } }, /source_id.*UUID/],
    ];
    for (const [body, detail] of cases) {
      const res = await create(body);
      expect(res.statusCode, JSON.stringify(body)).toBe(422);
      expect(res.json().detail, JSON.stringify(body)).toMatch(detail);
    }
    for (const q of ['?limit=0', '?limit=101', '?skip=-1', '?limit=abc', '?dateFrom=yesterday', '?is_favorite=yes']) {
      const res = await list(q);
      expect(res.statusCode, q).toBe(422);
      expect(res.json().detail, q).toMatch(/[а-я]/i);
    }
    expect((await list()).json().total).toBe(0); // nothing was created, nothing was spent
  });

  it('pages, dateFrom and is_favorite filter; newest first with a stable order', async () => {
    await asPro();
    const ids: string[] = [];
    for (let i = 1; i <= 5; i++)
      ids.push(((await create({ content: `Запись ${i}`, is_favorite: i % 2 === 1 })).json() as DiaryEntry).id);
    const page1 = (await list('?skip=0&limit=2')).json() as DiaryListResponse;
    const page2 = (await list('?skip=2&limit=2')).json() as DiaryListResponse;
    const page3 = (await list('?skip=4&limit=2')).json() as DiaryListResponse;
    expect([...page1.entries, ...page2.entries, ...page3.entries].map((e) => e.content)).toEqual([
      'Запись 5',
      'Запись 4',
      'Запись 3',
      'Запись 2',
      'Запись 1',
    ]);
    // The total is exact whether counted (full page, or past the end) or known from a short last page.
    expect([page1.total, page2.total, page3.total]).toEqual([5, 5, 5]);
    expect((await list('?skip=10&limit=2')).json()).toEqual({ entries: [], total: 5, check_ins: [] });
    expect((await list('?limit=5')).json().total).toBe(5);
    const favs = (await list('?is_favorite=true')).json() as DiaryListResponse;
    expect(favs.entries.map((e) => e.content)).toEqual(['Запись 5', 'Запись 3', 'Запись 1']);
    expect(favs.total).toBe(3);
    const future = new Date(Date.now() + 60_000).toISOString();
    expect((await list(`?dateFrom=${encodeURIComponent(future)}`)).json()).toEqual({
      entries: [],
      total: 0,
      check_ins: [],
    });
    const past = new Date(Date.now() - 7 * 86_400_000).toISOString();
    expect((await list(`?dateFrom=${encodeURIComponent(past)}&is_favorite=true`)).json().total).toBe(3);
  });

  it('the default page is 20 entries: 26 entries → 20 returned, total 26', async () => {
    await asPro();
    await t.setDailyLimit('diary_entries', 'PRO', 30);
    for (let i = 1; i <= 26; i++) expect((await create({ content: `Запись ${i}` })).statusCode).toBe(201);
    const body = (await list()).json() as DiaryListResponse;
    expect(body.entries).toHaveLength(20);
    expect(body.total).toBe(26);
    expect(body.entries[0]!.content).toBe('Запись 26');
    expect((await list('?skip=20')).json().entries).toHaveLength(6);
  });

  it('favourite toggles and returns the entry; totals follow creates and toggles', async () => {
    await asPro();
    const e = (await create({ content: 'Звезда' })).json() as DiaryEntry;
    await create({ content: 'Вторая', is_favorite: true });
    await create({ content: 'Третья' });
    // limit=1 keeps every page full, so the totals come from the counters, not from a short last page.
    const totals = async () => [
      (await list('?limit=1')).json().total,
      (await list('?limit=1&is_favorite=true')).json().total,
    ];
    expect(await totals()).toEqual([3, 1]);
    const on = await favorite(e.id);
    expect(on.statusCode).toBe(200);
    expect(on.json()).toEqual({ ...e, is_favorite: true });
    expect(await totals()).toEqual([3, 2]);
    expect((await favorite(e.id)).json().is_favorite).toBe(false);
    expect((await favorite(e.id)).json().is_favorite).toBe(true);
    expect(await totals()).toEqual([3, 2]);
    expect((await list('?limit=1&is_favorite=true&dateFrom=2000-01-01T00:00:00Z')).json().total).toBe(2);
  });

  it('entries written outside the API (no counter row) are still counted', async () => {
    await asPro();
    const userId = await t.userId(anna.id);
    await t.database.db.execute(
      // Plain UTF-8 bytes, as rows written before encryption existed: they still read (server/db/cipher.ts).
      sql`insert into diary_entries (user_id, content, is_favorite) select ${userId}, convert_to('импорт ' || g, 'UTF8'), g % 2 = 0 from generate_series(1, 5) g`,
    );
    expect((await list('?limit=2')).json().total).toBe(5);
    expect((await list('?limit=1&is_favorite=true')).json().total).toBe(2);
  });

  it('isolation: another user gets 404 and sees nothing; malformed ids are 404 too', async () => {
    await asPro(anna);
    await asPro(boris);
    const e = (await create({ content: 'Личное' }, anna)).json() as DiaryEntry;
    for (const res of [await get(e.id, boris), await favorite(e.id, boris)]) {
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ detail: 'Запись не найдена' });
    }
    expect((await list('', boris)).json()).toEqual({ entries: [], total: 0, check_ins: [] });
    expect((await get(e.id, anna)).json().is_favorite).toBe(false); // boris's toggle changed nothing
    await create({ content: 'Ещё одно' }, anna);
    expect((await list('?limit=1&is_favorite=true', anna)).json().total).toBe(0);
    expect((await list('?limit=1', anna)).json().total).toBe(2);
    for (const id of ['not-a-uuid', '00000000-0000-4000-8000-000000000000', "1'%20or%201=1"]) {
      expect((await get(id)).statusCode, id).toBe(404);
      expect((await favorite(id)).statusCode, id).toBe(404);
    }
  });

  it('delete: 204 for the owner, then 404; others and malformed ids 404; the counters follow; the quota stays spent', async () => {
    await asPro(anna);
    await asPro(boris);
    const kept = (await create({ content: 'Остаётся', is_favorite: true })).json() as DiaryEntry;
    const starred = (await create({ content: 'Избранная', is_favorite: true })).json() as DiaryEntry;
    const plain = (await create({ content: 'Обычная' })).json() as DiaryEntry;
    const totals = async () => [
      (await list('?limit=1')).json().total,
      (await list('?limit=1&is_favorite=true')).json().total,
    ];
    expect(await totals()).toEqual([3, 2]);

    for (const id of [starred.id, 'not-a-uuid', '00000000-0000-4000-8000-000000000000']) {
      const res = await remove(id, boris);
      expect(res.statusCode, id).toBe(404);
      expect(res.json()).toEqual({ detail: 'Запись не найдена' });
    }
    expect(await totals()).toEqual([3, 2]); // boris removed nothing

    const res = await remove(starred.id);
    expect(res.statusCode).toBe(204);
    expect(res.body).toBe('');
    expect((await get(starred.id)).statusCode).toBe(404);
    expect((await remove(starred.id)).statusCode).toBe(404);
    expect(await totals()).toEqual([2, 1]);
    expect((await remove(plain.id)).statusCode).toBe(204);
    expect(await totals()).toEqual([1, 1]);
    expect((await list()).json().entries.map((e: DiaryEntry) => e.id)).toEqual([kept.id]);
    // Three were written today, and deleting two does not make room for more.
    expect((await usageToday(t.database.db, await t.userId(anna.id), 'Europe/Moscow')).used.diary_entries).toBe(3);
  });

  it('edit: title, content and mood as named, the rest kept; trimmed like a create; no quota, even at the limit', async () => {
    await asPro();
    await t.setDailyLimit('diary_entries', 'PRO', 1);
    const made = (
      await create({ title: 'Утро', content: 'Первая версия', mood: 'bad', is_favorite: true })
    ).json() as DiaryEntry;
    expect((await create({ content: 'Вторая запись сегодня' })).statusCode).toBe(402); // the limit is spent

    const changed = await edit(made.id, {
      content: '  Переписала: на самом деле всё было не так плохо  ',
      mood: 'good',
    });
    expect(changed.statusCode).toBe(200);
    expect(changed.json()).toEqual({
      ...made,
      content: 'Переписала: на самом деле всё было не так плохо',
      mood: 'good',
    });
    expect((await edit(made.id, { title: '   ' })).json()).toMatchObject({ title: null, mood: 'good' });
    expect((await edit(made.id, { title: 'Вечер', mood: null })).json()).toMatchObject({ title: 'Вечер', mood: null });
    // Read back as stored, with its place in the list and its flag kept.
    expect((await get(made.id)).json()).toEqual({
      ...made,
      title: 'Вечер',
      content: 'Переписала: на самом деле всё было не так плохо',
      mood: null,
    });
    expect((await list()).json()).toMatchObject({ total: 1, entries: [{ id: made.id, is_favorite: true }] });
    expect((await usageToday(t.database.db, await t.userId(anna.id), 'Europe/Moscow')).used.diary_entries).toBe(1);
  });

  it('edit: another user’s or a malformed id is 404; a bad body is 422 in Russian and changes nothing', async () => {
    await asPro(anna);
    await asPro(boris);
    const made = (await create({ title: 'Моё', content: 'Только моё' })).json() as DiaryEntry;
    for (const id of [made.id, 'not-a-uuid', '00000000-0000-4000-8000-000000000000']) {
      const res = await edit(id, { content: 'Чужое' }, boris);
      expect(res.statusCode, id).toBe(404);
      expect(res.json()).toEqual({ detail: 'Запись не найдена' });
    }
    const invalid: Array<[unknown, RegExp]> = [
      [{}, /Укажите, что изменить: title, content или mood/],
      [{ content: '   ' }, /Содержание записи не может быть пустым/],
      [{ content: 'я'.repeat(2001) }, /2000/],
      [{ title: 'я'.repeat(101) }, /100/],
      [{ mood: 'great' }, /Настроение должно быть одним из/],
      [{ content: 'ок', is_favorite: true }, /Неизвестные поля: is_favorite/],
    ];
    for (const [body, detail] of invalid) {
      const res = await edit(made.id, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(422);
      expect(res.json().detail).toMatch(detail);
    }
    expect((await get(made.id)).json()).toEqual(made);
  });

  it('a failed insert spends nothing (insert and spend share one transaction)', async () => {
    await asPro();
    const userId = await t.userId(anna.id);
    // Past the route's validation on purpose: the uuid column rejects this client id inside the transaction.
    const bad = { title: null, content: 'x', mood: null, is_favorite: false, client_id: 'not-a-uuid' };
    await expect(createEntry(t.database.db, userId, bad, 'Europe/Moscow')).rejects.toThrow();
    expect((await usageToday(t.database.db, userId, 'Europe/Moscow')).used.diary_entries).toBe(0);
    expect((await create({ content: 'Теперь можно' })).statusCode).toBe(201);
    expect((await usageToday(t.database.db, userId, 'Europe/Moscow')).used.diary_entries).toBe(1);
    await create({ content: 'И ещё' });
    expect((await list('?limit=1')).json().total).toBe(2); // the failed insert left the counter alone too
  });

  it('30 parallel creates against a daily limit of 10: exactly 10 created, 20 × 402 saying it renews tomorrow', async () => {
    await asPro();
    await t.setDailyLimit('diary_entries', 'PRO', 10);
    const results = await Promise.all(Array.from({ length: 30 }, (_, i) => create({ content: `Параллельно ${i}` })));
    const codes = results.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 201)).toHaveLength(10);
    expect(codes.filter((c) => c === 402)).toHaveLength(20);
    for (const r of results.filter((x) => x.statusCode === 402)) {
      expect(r.json()).toEqual({ detail: expect.stringMatching(/завтра/), code: 'limit_reached' });
    }
    expect((await list('?limit=100')).json().total).toBe(10);
    expect((await list('?limit=1')).json().total).toBe(10); // the counter saw exactly the committed creates
  });

  describe('source practice_session: what was written in a practice, saved as one entry', () => {
    const clientId = '5a1c2a4e-8b7d-4c6e-9a1f-2b3c4d5e6f70';
    const startSession = async (user = anna) => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/practices/start',
        headers: t.headers(user),
        payload: { practice_type: 'balance_wheel' },
      });
      expect(res.statusCode).toBe(201);
      return (res.json() as { session_id: string }).session_id;
    };
    const fromSession = (sessionId: string, over: object = {}) => ({
      title: 'Колесо баланса',
      content: 'Энергия: 4 из 10\nФокус: 7 из 10',
      source: { source_type: 'practice_session', source_id: sessionId },
      client_id: clientId,
      ...over,
    });

    it('names the caller’s own session; a retry with the same client id returns that entry', async () => {
      await asPro();
      const sessionId = await startSession();
      const first = await create(fromSession(sessionId));
      expect(first.statusCode).toBe(201);
      expect(first.json()).toMatchObject({
        title: 'Колесо баланса',
        content: 'Энергия: 4 из 10\nФокус: 7 из 10',
        source_type: 'practice_session',
        source_id: sessionId,
      });
      const again = await create(fromSession(sessionId));
      expect(again.statusCode).toBe(200);
      expect(again.json()).toEqual(first.json());
      const listed = (await list()).json() as DiaryListResponse;
      expect(listed.total).toBe(1);
      expect(listed.entries[0]).toMatchObject({ source_type: 'practice_session', source_id: sessionId });
      expect((await get((first.json() as DiaryEntry).id)).json()).toEqual(first.json());
    });

    it('someone else’s or an unknown session is 404; a malformed id or none at all is 422 — nothing created or spent', async () => {
      await asPro(anna);
      await asPro(boris);
      const borisSession = await startSession(boris);
      for (const sessionId of [borisSession, '00000000-0000-4000-8000-000000000000']) {
        const res = await create(fromSession(sessionId));
        expect(res.statusCode, sessionId).toBe(404);
        expect(res.json()).toEqual({ detail: 'Сессия практики не найдена' });
      }
      for (const source of [
        { source_type: 'practice_session' },
        { source_type: 'practice_session', source_id: '' },
        { source_type: 'practice_session', source_id: 'not-a-session' },
      ]) {
        const res = await create(fromSession('', { source }));
        expect(res.statusCode, JSON.stringify(source)).toBe(422);
        expect(res.json().detail).toMatch(/source_id/);
      }
      expect((await list()).json()).toEqual({ entries: [], total: 0, check_ins: [] });
      expect((await usageToday(t.database.db, await t.userId(anna.id), 'Europe/Moscow')).used.diary_entries).toBe(0);
    });

    it('goes through the diary’s quota: START 402 not_available, the limit 402 limit_reached', async () => {
      await list(); // the user row
      // On START only a basic practice starts (the step practices but this one are advanced).
      const started = await t.app.inject({
        method: 'POST',
        url: '/api/practices/start',
        headers: t.headers(anna),
        payload: { practice_type: 'diary_three_questions' },
      });
      const sessionId = (started.json() as { session_id: string }).session_id;
      const refused = await create(fromSession(sessionId));
      expect(refused.statusCode).toBe(402);
      expect(refused.json()).toMatchObject({ code: 'not_available' });
      await t.setTier(anna.id, 'PRO');
      t.setDailyLimit('diary_entries', 'PRO', 0);
      const limited = await create(fromSession(sessionId));
      expect(limited.statusCode).toBe(402);
      expect(limited.json()).toMatchObject({ code: 'limit_reached' });
      t.setDailyLimit('diary_entries', 'PRO', 1);
      expect((await create(fromSession(sessionId))).statusCode).toBe(201);
    });
  });

  describe('client_id: a repeated create returns the first entry', () => {
    const clientId = '3f1c2a4e-8b7d-4c6e-9a1f-2b3c4d5e6f70';
    const spent = async (user = anna) =>
      (await usageToday(t.database.db, await t.userId(user.id), 'Europe/Moscow')).used.diary_entries;

    it('the second create with the same id answers 200 with the same entry, spending nothing', async () => {
      await asPro();
      const first = await create({ content: 'Один раз', client_id: clientId });
      expect(first.statusCode).toBe(201);
      const again = await create({ content: 'Один раз', client_id: clientId });
      expect(again.statusCode).toBe(200);
      expect(again.json()).toEqual(first.json());
      expect(await spent()).toBe(1);
      expect((await list('?limit=1')).json().total).toBe(1);
      // Another id, or none, is another entry.
      expect((await create({ content: 'Другое', client_id: '3f1c2a4e-8b7d-4c6e-9a1f-2b3c4d5e6f71' })).statusCode).toBe(
        201,
      );
      expect((await create({ content: 'Без id' })).statusCode).toBe(201);
      expect((await list()).json().total).toBe(3);
    });

    it('10 parallel creates with one id: one entry, one quota unit, every answer names it', async () => {
      await asPro();
      const results = await Promise.all(
        Array.from({ length: 10 }, () => create({ content: 'Параллельно', is_favorite: true, client_id: clientId })),
      );
      expect(results.map((r) => r.statusCode).sort()).toEqual([200, 200, 200, 200, 200, 200, 200, 200, 200, 201]);
      expect(new Set(results.map((r) => (r.json() as DiaryEntry).id)).size).toBe(1);
      expect((await list()).json().entries).toHaveLength(1);
      expect(await spent()).toBe(1);
      expect([(await list('?limit=1')).json().total, (await list('?limit=1&is_favorite=true')).json().total]).toEqual([
        1, 1,
      ]);
    });

    it('a repeat after the limit is spent still returns the entry; a refused id can be used once allowed', async () => {
      await asPro();
      await t.setDailyLimit('diary_entries', 'PRO', 1);
      const first = (await create({ content: 'Последняя на сегодня', client_id: clientId })).json() as DiaryEntry;
      const again = await create({ content: 'Последняя на сегодня', client_id: clientId });
      expect(again.statusCode).toBe(200);
      expect((again.json() as DiaryEntry).id).toBe(first.id);
      const refusedId = '3f1c2a4e-8b7d-4c6e-9a1f-2b3c4d5e6f72';
      expect((await create({ content: 'Завтра', client_id: refusedId })).statusCode).toBe(402);
      t.setDailyLimit('diary_entries', 'PRO', 2);
      expect((await create({ content: 'Завтра', client_id: refusedId })).statusCode).toBe(201);
    });

    it('ids are per user: the same id from another user makes their own entry', async () => {
      await asPro(anna);
      await asPro(boris);
      const mine = (await create({ content: 'Анна', client_id: clientId }, anna)).json() as DiaryEntry;
      const res = await create({ content: 'Борис', client_id: clientId }, boris);
      expect(res.statusCode).toBe(201);
      expect(res.json()).toMatchObject({ content: 'Борис' });
      expect((res.json() as DiaryEntry).id).not.toBe(mine.id);
      expect((await get(mine.id, anna)).json().content).toBe('Анна');
    });
  });
});
