// /api/safety-plan on both databases: auth, the empty plan of a new user, save and read back, owner-only (another
// user never sees or touches the plan; no URL names another user's plan: 404), 400/422 in Russian for bad bodies,
// sealed at rest with the owner's own key (the raw bytea holds none of the words; tests/support/sealed-scan.ts opens
// it with her key only), saves over a plan changed elsewhere merge instead of overwriting (also under concurrency),
// free on every plan, in the export, gone after «Удалить все мои данные» (its bytes unreadable after the erase:
// tests/server/crypto-shredding.test.ts).
import { sql } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { describe, expect, it } from 'vitest';
import type { SafetyPlanContent } from '../../contract/safety-plan';
import { emptyPlan } from '../../contract/safety-plan-rules';
import { userKeys } from '../../server/db/schema';
import { installedKeyRing } from '../../server/db/cipher';
import { unwrapKey } from '../../server/privacy/user-keys';
import { masterHeader, openEverything, userHeader } from '../support/sealed-scan';
import { describeEachDatabase, TEST_DATA_KEY, type TestContext, type TgUser } from './harness';

const anna: TgUser = { id: 9_100_001, first_name: 'Анна' };
const boris: TgUser = { id: 9_100_002, first_name: 'Борис' };

/** Anna's plan: words that must never be readable in the database. */
const ANNA_PLAN: SafetyPlanContent = {
  warning_signs: ['Не сплю третью ночь подряд 5517', 'Перестаю отвечать сестре'],
  coping: ['Горячий душ и плед'],
  distractions: ['Кофейня на Садовой 8842'],
  helpers: [{ name: 'Сестра Вера', phone: '+7 916 555-01-23', telegram: 'vera_sister' }],
  professionals: [{ name: 'Психотерапевт Ольга Петровна', phone: '8 495 123-45-67', telegram: '' }],
  safe_environment: ['Отдать таблетки маме на хранение 3390'],
  reasons: ['Дочь Маша 7264'],
};
const SECRET_WORDS = [
  'Не сплю третью ночь подряд 5517',
  'Кофейня на Садовой 8842',
  'Сестра Вера',
  'vera_sister',
  'Ольга Петровна',
  'Отдать таблетки маме на хранение 3390',
  'Дочь Маша 7264',
];

function api(t: TestContext) {
  const call = (method: InjectOptions['method'], user: TgUser, payload?: unknown) =>
    t.app.inject({ method, url: '/api/safety-plan', headers: t.headers(user), payload: payload as object });
  return {
    get: (user: TgUser = anna) => call('GET', user),
    save: (plan: Partial<SafetyPlanContent>, base_revision: number, user: TgUser = anna) =>
      call('PUT', user, { plan, base_revision }),
    put: (body: unknown, user: TgUser = anna) => call('PUT', user, body),
  };
}

/** The raw stored values of safety_plans.plan, as bytes. */
async function rawPlans(t: TestContext): Promise<Buffer[]> {
  const result = (await t.database.db.execute(sql`select plan from safety_plans`)) as unknown as {
    rows: Array<{ plan: Uint8Array }>;
  };
  return result.rows.map((r) => Buffer.from(r.plan));
}

const holds = (bytes: Buffer, text: string) =>
  bytes.includes(Buffer.from(text)) || bytes.includes(Buffer.from(Buffer.from(text).toString('hex')));

describeEachDatabase('safety plan API', (t) => {
  it('needs init data: 401 in Russian', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/safety-plan' });
    expect(res.statusCode).toBe(401);
    expect(res.json().detail).toMatch(/[а-я]/i);
    const put = await t.app.inject({ method: 'PUT', url: '/api/safety-plan', payload: { plan: {}, base_revision: 0 } });
    expect(put.statusCode).toBe(401);
  });

  it('a new user has an empty plan, revision 0, never saved', async () => {
    const res = await api(t).get();
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ plan: emptyPlan(), revision: 0, updated_at: null });
  });

  it('saves the whole plan and reads it back; lines are trimmed, blank lines and blank contacts dropped', async () => {
    const { get, save } = api(t);
    const saved = await save(
      {
        ...ANNA_PLAN,
        coping: ['  Горячий душ и плед  ', '   ', ''],
        helpers: [...ANNA_PLAN.helpers, { name: ' ', phone: '', telegram: '' }],
      },
      0,
    );
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toEqual({ plan: ANNA_PLAN, revision: 1, updated_at: expect.any(String), merged: false });
    expect((await get()).json()).toEqual({ plan: ANNA_PLAN, revision: 1, updated_at: saved.json().updated_at });
    // Editable later: the next save from the same revision replaces the plan.
    const edited = await save({ ...ANNA_PLAN, reasons: ['Дочь Маша 7264', 'Море летом'] }, 1);
    expect(edited.json()).toMatchObject({ revision: 2, merged: false });
    expect((await get()).json().plan.reasons).toEqual(['Дочь Маша 7264', 'Море летом']);
  });

  it('steps left out of the body are empty; a contact may be a name alone', async () => {
    const res = await api(t).save({ helpers: [{ name: 'Мама' } as never] }, 0);
    expect(res.statusCode).toBe(200);
    expect(res.json().plan).toEqual({ ...emptyPlan(), helpers: [{ name: 'Мама', phone: '', telegram: '' }] });
  });

  it('owner-only: another user never reads or changes the plan', async () => {
    const { get, save } = api(t);
    expect((await save(ANNA_PLAN, 0)).statusCode).toBe(200);
    const borisView = await get(boris);
    expect(borisView.json()).toEqual({ plan: emptyPlan(), revision: 0, updated_at: null });
    expect(borisView.body).not.toContain('Вера');
    // Boris saving (even with Anna's revision) writes his own row only.
    expect((await save({ reasons: ['Собака Рекс'] }, 1, boris)).json()).toMatchObject({ revision: 1, merged: false });
    expect((await get()).json()).toMatchObject({ plan: ANNA_PLAN, revision: 1 });
    expect((await get(boris)).json().plan).toEqual({ ...emptyPlan(), reasons: ['Собака Рекс'] });
  });

  it('owner-only: no URL names another user’s plan — 404 in Russian, nothing read or written', async () => {
    await api(t).save(ANNA_PLAN, 0);
    const annaId = await t.userId(anna.id);
    for (const [method, url] of [
      ['GET', `/api/safety-plan/${annaId}`],
      ['PUT', `/api/safety-plan/${annaId}`],
      ['DELETE', '/api/safety-plan'],
    ] as const) {
      const res = await t.app.inject({
        method,
        url,
        headers: t.headers(boris),
        payload: method === 'PUT' ? { plan: { reasons: ['чужое'] }, base_revision: 1 } : undefined,
      });
      expect(res.statusCode, `${method} ${url}`).toBe(404);
      expect(res.json(), `${method} ${url}`).toEqual({ detail: 'Не найдено' });
    }
    // A query naming her is not the API's: Boris reads his own (empty) plan.
    const query = await t.app.inject({
      method: 'GET',
      url: `/api/safety-plan?user_id=${annaId}`,
      headers: t.headers(boris),
    });
    expect(query.statusCode).toBe(200);
    expect(query.json().plan).toEqual(emptyPlan());
    expect((await api(t).get()).json()).toMatchObject({ plan: ANNA_PLAN, revision: 1 });
  });

  it('free on every plan: a START user saves (no 402)', async () => {
    await api(t).get();
    await t.setTier(anna.id, 'START');
    expect((await api(t).save(ANNA_PLAN, 0)).statusCode).toBe(200);
  });

  // Expected details written from the contract's messages in the validation handler's form («Поле «…»: … (в теле
  // запроса)»).
  const long = (n: number) => 'а'.repeat(n);
  const inBody = (detail: string) => `${detail} (в теле запроса)`;
  const INVALID: ReadonlyArray<readonly [what: string, body: unknown, detail: string]> = [
    ['not an object', [1, 2], 'Ожидается JSON-объект'],
    ['no plan', { base_revision: 0 }, inBody('Поле «plan»: Ожидается JSON-объект')],
    ['no revision', { plan: {} }, inBody('Поле «base_revision»: ожидается целое число')],
    [
      'a negative revision',
      { plan: {}, base_revision: -1 },
      inBody('Поле «base_revision»: не может быть отрицательным'),
    ],
    ['a fractional revision', { plan: {}, base_revision: 1.5 }, inBody('Поле «base_revision»: ожидается целое число')],
    ['an unknown field', { plan: {}, base_revision: 0, user_id: 2 }, 'Неизвестные поля: user_id'],
    ['an unknown step', { plan: { hobbies: [] }, base_revision: 0 }, inBody('Поле «plan»: Неизвестные поля: hobbies')],
    [
      'a step that is not a list',
      { plan: { coping: 'душ' }, base_revision: 0 },
      inBody('Поле «plan.coping»: шаг «Что помогает мне справиться»: ожидается список строк'),
    ],
    [
      'a line that is not text',
      { plan: { reasons: [5] }, base_revision: 0 },
      inBody('Поле «plan.reasons.0»: Пункт шага «Ради чего я живу»: ожидается строка'),
    ],
    [
      'a line over 300 characters',
      { plan: { warning_signs: [long(301)] }, base_revision: 0 },
      inBody('Поле «plan.warning_signs.0»: Пункт шага «Тревожные сигналы» длиннее 300 символов'),
    ],
    [
      '21 lines in a step',
      { plan: { distractions: Array.from({ length: 21 }, (_, i) => `место ${i}`) }, base_revision: 0 },
      inBody('Поле «plan.distractions»: в шаге «Люди и места, которые отвлекают» больше 20 пунктов'),
    ],
    [
      '21 contacts in a step',
      { plan: { helpers: Array.from({ length: 21 }, (_, i) => ({ name: `друг ${i}` })) }, base_revision: 0 },
      inBody('Поле «plan.helpers»: в шаге «Кого я могу попросить о помощи» больше 20 контактов'),
    ],
    [
      'a name over 100 characters',
      { plan: { professionals: [{ name: long(101) }] }, base_revision: 0 },
      inBody('Поле «plan.professionals.0.name»: Имя длиннее 100 символов'),
    ],
    [
      'a phone over 32 characters',
      { plan: { helpers: [{ name: 'Вера', phone: '1'.repeat(33) }] }, base_revision: 0 },
      inBody('Поле «plan.helpers.0.phone»: Телефон длиннее 32 символов'),
    ],
    [
      'an unknown contact field',
      { plan: { helpers: [{ name: 'Вера', email: 'v@example.com' }] }, base_revision: 0 },
      inBody('Поле «plan.helpers.0»: Неизвестные поля: email'),
    ],
    [
      'a NUL character',
      { plan: { coping: ['душ\u0000'] }, base_revision: 0 },
      inBody('Поле «plan.coping.0»: Текст не может содержать нулевой символ (U+0000)'),
    ],
  ];
  // One test for all the cases, each checked on its own (expect.soft: every failing case is reported): a test per
  // case made a fresh database per case, 32 of them, for a request and a read each.
  it(`422 in Russian for each of ${INVALID.length} invalid bodies, and nothing is stored`, async () => {
    for (const [what, body, detail] of INVALID) {
      const res = await api(t).put(body);
      expect.soft(res.statusCode, what).toBe(422);
      expect.soft(res.json(), what).toEqual({ detail });
      expect.soft((await api(t).get()).json().revision, what).toBe(0);
    }
  });

  it('400 in Russian for a body that is not JSON, and nothing is stored', async () => {
    for (const body of ['{', '{"plan": }', 'план']) {
      const res = await t.app.inject({
        method: 'PUT',
        url: '/api/safety-plan',
        headers: { ...t.headers(anna), 'content-type': 'application/json' },
        payload: body,
      });
      expect(res.statusCode, body).toBe(400);
      expect(res.json(), body).toEqual({ detail: 'Некорректный JSON в теле запроса' });
    }
    expect((await api(t).get()).json().revision).toBe(0);
  });

  it('sealed at rest: the raw bytea holds none of the words, and the API reads them all back', async () => {
    await api(t).save(ANNA_PLAN, 0);
    const raw = await rawPlans(t);
    expect(raw).toHaveLength(1);
    expect(raw[0]!.length).toBeGreaterThan(100);
    // Not the JSON either: not even the steps' names are readable.
    expect(holds(raw[0]!, 'warning_signs')).toBe(false);
    for (const words of SECRET_WORDS) expect(holds(raw[0]!, words), words).toBe(false);
    expect((await api(t).get()).json().plan).toEqual(ANNA_PLAN);
  });

  it('sealed with the owner’s own key: her key opens the stored value, the master key or another user’s does not', async () => {
    await api(t).save(ANNA_PLAN, 0);
    await api(t).save({ reasons: ['Собака Рекс 4410'] }, 0, boris);
    const annaId = await t.userId(anna.id);
    const borisId = await t.userId(boris.id);
    const master = Buffer.from(TEST_DATA_KEY, 'base64');
    const keyOf = async (userId: number) => {
      const held = await t.database.db.select().from(userKeys);
      const row = held.find((k) => k.userId === userId)!;
      return unwrapKey(installedKeyRing(), row.userId, row.wrapped);
    };
    const raw = await rawPlans(t);
    // Each stored value names its owner's key in its header (docs/privacy.md's format), none the master key.
    const found = (headers: Buffer[]) =>
      raw.filter((bytes) => headers.some((h) => bytes.subarray(0, h.length).equals(h)));
    expect(found([masterHeader(master)])).toHaveLength(0);
    expect(found([userHeader(annaId)])).toHaveLength(1);
    expect(found([userHeader(borisId)])).toHaveLength(1);
    const open = (userKeys: Buffer[], masterKeys: Buffer[] = []) =>
      openEverything(found([userHeader(annaId)]), {
        masterKeys,
        userKeys,
        aads: ['safety_plans.plan'],
        userIds: [annaId, borisId],
      });
    expect(open([], [master])).toEqual([]);
    expect(open([await keyOf(borisId)])).toEqual([]);
    const [opened] = open([await keyOf(annaId)]);
    expect(JSON.parse(opened!)).toEqual(ANNA_PLAN);
  });

  describe('a save over a plan that changed elsewhere', () => {
    it('merges: the stored lines first, then the device’s new ones; nothing written on either side is lost', async () => {
      const { get, save } = api(t);
      // Phone: saves revision 1. The laptop, offline since revision 0, then saves its own edits.
      await save(
        { coping: ['Душ', 'Прогулка'], helpers: [{ name: 'Вера', phone: '+7 916 555-01-23', telegram: '' }] },
        0,
      );
      const laptop = await save(
        {
          coping: ['прогулка ', 'Музыка'],
          helpers: [
            { name: 'вера', phone: '8 (916) 555 01 23', telegram: '' },
            { name: 'Лёша', phone: '', telegram: 'lesha' },
          ],
          reasons: ['Кот'],
        },
        0,
      );
      expect(laptop.statusCode).toBe(200);
      const merged: SafetyPlanContent = {
        ...emptyPlan(),
        coping: ['Душ', 'Прогулка', 'Музыка'],
        helpers: [
          { name: 'Вера', phone: '+7 916 555-01-23', telegram: '' },
          { name: 'Лёша', phone: '', telegram: 'lesha' },
        ],
        reasons: ['Кот'],
      };
      expect(laptop.json()).toEqual({ plan: merged, revision: 2, updated_at: expect.any(String), merged: true });
      expect((await get()).json().plan).toEqual(merged);
    });

    it('a repeated save whose answer was lost (same body, old revision) changes nothing and is not "merged"', async () => {
      const { save } = api(t);
      await save(ANNA_PLAN, 0);
      const again = await save(ANNA_PLAN, 0);
      expect(again.json()).toMatchObject({ plan: ANNA_PLAN, revision: 2, merged: false });
    });

    it('a device whose revision is ahead (the plan was erased meanwhile) has its plan kept whole', async () => {
      const res = await api(t).save(ANNA_PLAN, 7);
      expect(res.json()).toMatchObject({ plan: ANNA_PLAN, revision: 1, merged: false });
    });

    it('12 saves at once from revision 0, one line each: 12 revisions, every line kept', async () => {
      const { get, save } = api(t);
      await get(); // the user row
      const results = await Promise.all(
        Array.from({ length: 12 }, (_, i) => save({ reasons: [`причина ${i + 1}`] }, 0)),
      );
      expect(results.map((r) => r.statusCode)).toEqual(Array(12).fill(200));
      expect(results.map((r) => r.json().revision).sort((a, b) => a - b)).toEqual(
        Array.from({ length: 12 }, (_, i) => i + 1),
      );
      const final = (await get()).json();
      expect(final.revision).toBe(12);
      expect([...final.plan.reasons].sort()).toEqual(Array.from({ length: 12 }, (_, i) => `причина ${i + 1}`).sort());
    });
  });

  describe('the user’s own data', () => {
    it('is in «Скачать мои данные», and nobody else’s plan is', async () => {
      const { save } = api(t);
      await save({ reasons: ['Собака Рекс 4410'] }, 0, boris);
      await save(ANNA_PLAN, 0);
      const res = await t.app.inject({ method: 'GET', url: '/api/users/me/export', headers: t.headers(anna) });
      expect(res.statusCode).toBe(200);
      expect(res.json().safety_plan).toEqual({ plan: ANNA_PLAN, revision: 1, updated_at: expect.any(String) });
      expect(res.body).not.toContain('Собака Рекс 4410');
    });

    it('a user who never saved a plan exports null', async () => {
      const res = await t.app.inject({ method: 'GET', url: '/api/users/me/export', headers: t.headers(anna) });
      expect(res.json().safety_plan).toBeNull();
    });

    it('is gone after «Удалить все мои данные» (Boris keeps his); signing in again finds an empty plan', async () => {
      const { get, save } = api(t);
      await save({ reasons: ['Собака Рекс'] }, 0, boris);
      await save(ANNA_PLAN, 0);
      expect(await rawPlans(t)).toHaveLength(2);
      const erased = await t.app.inject({ method: 'DELETE', url: '/api/users/me', headers: t.headers(anna) });
      expect(erased.statusCode).toBe(204);
      expect(await rawPlans(t)).toHaveLength(1);
      expect((await get(boris)).json().plan.reasons).toEqual(['Собака Рекс']);
      expect((await get()).json()).toEqual({ plan: emptyPlan(), revision: 0, updated_at: null });
    });
  });
});
