// /api/users/me and /api/users/me/settings on both databases: the upserted user, defaults, partial updates,
// validation (422 in Russian), isolation between users.
import { expect, it } from 'vitest';
import { describeEachDatabase, type TgUser } from './harness';

const anna: TgUser = {
  id: 5_000_000_001,
  first_name: 'Анна',
  last_name: 'Иванова',
  username: 'anna',
  photo_url: 'https://t.me/i/anna.jpg',
};
const boris: TgUser = { id: 5_000_000_002, first_name: 'Борис' };

describeEachDatabase('users API', (t) => {
  const me = (user: TgUser = anna) => t.app.inject({ method: 'GET', url: '/api/users/me', headers: t.headers(user) });
  const settings = (user: TgUser = anna) =>
    t.app.inject({ method: 'GET', url: '/api/users/me/settings', headers: t.headers(user) });
  const patch = (payload: unknown, user: TgUser = anna) =>
    t.app.inject({
      method: 'PATCH',
      url: '/api/users/me/settings',
      headers: t.headers(user),
      payload: payload as object,
    });

  it('GET /me returns the user upserted from the init data, created_at from the first visit', async () => {
    const first = await me();
    expect(first.statusCode).toBe(200);
    const body = first.json();
    expect(body).toEqual({
      telegram_id: anna.id,
      first_name: 'Анна',
      last_name: 'Иванова',
      username: 'anna',
      photo_url: 'https://t.me/i/anna.jpg',
      created_at: expect.any(String),
      // What the server can do rides along (no STT_BASE_URL in these tests; tests/server/voice.test.ts sets one).
      capabilities: { voice_input: false },
    });
    expect(Number.isNaN(Date.parse(body.created_at))).toBe(false);
    // A later visit with a changed name updates the profile but keeps created_at.
    t.app.initDataCache.clear();
    const again = await me({ id: anna.id, first_name: 'Аня', username: 'anna', photo_url: anna.photo_url });
    expect(again.json()).toMatchObject({ first_name: 'Аня', last_name: null, created_at: body.created_at });
  });

  it('settings: defaults gentle / evening / null without any row', async () => {
    const res = await settings();
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      communication_style: 'gentle',
      reminder_time: 'evening',
      personal_context: null,
      address_form: 'vy',
      bot_can_write: false, // never allowed (tests/server/reminders.test.ts follows it through)
    });
  });

  it('settings: partial updates keep the other fields; personal_context trimmed, blank → null', async () => {
    expect((await patch({ communication_style: 'direct' })).json()).toEqual({
      communication_style: 'direct',
      reminder_time: 'evening',
      personal_context: null,
      address_form: 'vy',
      bot_can_write: false,
    });
    expect((await patch({ reminder_time: 'disabled', personal_context: '  Люблю горы  ' })).json()).toEqual({
      communication_style: 'direct',
      reminder_time: 'disabled',
      personal_context: 'Люблю горы',
      address_form: 'vy',
      bot_can_write: false,
    });
    expect((await patch({ personal_context: '   ' })).json().personal_context).toBeNull();
    expect((await patch({})).json()).toEqual({
      communication_style: 'direct',
      reminder_time: 'disabled',
      personal_context: null,
      address_form: 'vy',
      bot_can_write: false,
    });
    expect((await settings()).json()).toEqual({
      communication_style: 'direct',
      reminder_time: 'disabled',
      personal_context: null,
      address_form: 'vy',
      bot_can_write: false,
    });
  });

  it('settings: bad values are 422 with a Russian detail naming the field', async () => {
    const cases: Array<[unknown, RegExp]> = [
      [{ communication_style: 'rude' }, /communication_style/],
      [{ reminder_time: 9 }, /reminder_time/],
      [{ personal_context: 'я'.repeat(501) }, /personal_context.*500/],
      [{ personal_context: 5 }, /personal_context/],
      [{ address_form: 'ты' }, /address_form может быть только vy или ty/],
      [{ theme: 'dark' }, /Неизвестное поле «theme»/],
      [[1, 2], /./],
    ];
    for (const [payload, detail] of cases) {
      const res = await patch(payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(422);
      expect(res.json().detail).toMatch(detail);
      expect(res.json().detail).toMatch(/[а-яё]/i);
    }
    // exactly 500 characters is fine
    expect((await patch({ personal_context: 'я'.repeat(500) })).statusCode).toBe(200);
  });

  it('settings: personal_context is trimmed before its 500-character check', async () => {
    const res = await patch({ personal_context: `  ${'я'.repeat(499)}ю ` });
    expect(res.statusCode).toBe(200);
    expect(res.json().personal_context).toBe(`${'я'.repeat(499)}ю`);
    expect((await patch({ personal_context: `${'я'.repeat(500)} ` })).statusCode).toBe(200);
    expect((await patch({ personal_context: ` ${'я'.repeat(501)} ` })).statusCode).toBe(422);
    expect((await patch({ personal_context: '' })).json().personal_context).toBeNull();
  });

  it('settings: «ты» or «вы» — chosen, or asked for in «Обо мне» (only when the request is new there)', async () => {
    expect((await patch({ address_form: 'ty' })).json().address_form).toBe('ty');
    expect((await patch({ address_form: 'vy' })).json().address_form).toBe('vy');
    // «Обо мне» asks for «ты»: the address follows.
    expect((await patch({ personal_context: 'Учусь на врача. Обращайся ко мне на ты' })).json()).toMatchObject({
      personal_context: 'Учусь на врача. Обращайся ко мне на ты',
      address_form: 'ty',
    });
    // A later choice of «вы» is not undone by editing the same text…
    await patch({ address_form: 'vy' });
    expect(
      (await patch({ personal_context: 'Учусь на врача, 3 курс. Обращайся ко мне на ты' })).json().address_form,
    ).toBe('vy');
    // …nor does a patch choosing the address itself lose to the text.
    expect((await patch({ personal_context: 'Давай на ты', address_form: 'vy' })).json().address_form).toBe('vy');
    // Text with no request leaves it.
    expect((await patch({ personal_context: 'Поеду на выходных к маме' })).json().address_form).toBe('vy');
    expect((await settings()).json().address_form).toBe('vy');
  });

  it('isolation: one user’s settings and profile never leak to another', async () => {
    await patch({ communication_style: 'humorous', personal_context: 'Секрет Анны' });
    expect((await settings(boris)).json()).toEqual({
      communication_style: 'gentle',
      reminder_time: 'evening',
      personal_context: null,
      address_form: 'vy',
      bot_can_write: false,
    });
    expect((await me(boris)).json()).toMatchObject({ telegram_id: boris.id, first_name: 'Борис', username: null });
    expect((await settings()).json().personal_context).toBe('Секрет Анны');
  });
});
