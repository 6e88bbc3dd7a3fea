// /api/chat on both databases with the built-in offline assistant: create-and-send and send (JSON and streamed),
// validation (422, nothing stored), the list (last activity first, paging, status), message paging (newest page,
// skip/limit either way, on a 75-message chat), owner isolation (404), delete, and idempotent sends by client_id.
import { eq, sql } from 'drizzle-orm';
import { afterEach, expect, it } from 'vitest';
import type {
  Chat,
  ChatCreateAndSendResponse,
  ChatListResponse,
  ChatMessagesResponse,
  ChatSendResponse,
} from '../../contract/chat';
import { appendMessage, createChatWithMessage, previewOf } from '../../server/chat/repository';
import { chatMessages, chats } from '../../server/db/schema';
import { anna, appFactory, boris, chatCalls, events, leaveAfterFirstDelta, messagesOnce } from './chat-support';
import { describeEachDatabase } from './harness';

const CLIENT_ID = '8b9c0d1e-2f3a-4b5c-8d7e-9f0a1b2c3d4e';

describeEachDatabase('chat API', (t) => {
  const chat = chatCalls(t);
  const apps = appFactory(t);
  afterEach(() => apps.closeAll());
  const userId = async (user = anna) => {
    await chat.list('', user);
    return t.userId(user.id);
  };
  /** A chat of `count` messages (alternating user/assistant, content «N») written straight through the repository. */
  async function seedChat(count: number, user = anna): Promise<Chat> {
    const id = await userId(user);
    return t.asUser(user.id, async () => {
      let { chat: made } = await createChatWithMessage(t.database.db, id, { role: 'user', content: '1' });
      for (let n = 2; n <= count; n++) {
        const role = n % 2 ? 'user' : 'assistant';
        made = (await appendMessage(t.database.db, id, made, { role, content: String(n) }))!.chat;
      }
      return made;
    });
  }

  it('OpenAPI lists the chat routes with their error responses', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    const statuses = (path: string, method: string) => Object.keys(doc.paths[path][method].responses).sort();
    expect(statuses('/api/chat/list', 'get')).toEqual(['200', '401', '422', '429', '503']);
    expect(statuses('/api/chat/{id}', 'get')).toEqual(['200', '401', '404', '429', '503']);
    expect(statuses('/api/chat/{id}', 'delete')).toEqual(['204', '401', '404', '429', '503']);
    expect(statuses('/api/chat/{id}/messages', 'get')).toEqual(['200', '401', '404', '422', '429', '503']);
    const send = ['400', '401', '402', '404', '409', '413', '415', '422', '429', '503'];
    expect(statuses('/api/chat/{id}/send', 'post')).toEqual(['200', ...send].sort());
    expect(statuses('/api/chat/create-and-send', 'post')).toEqual(['200', '201', ...send].sort());
    expect(doc.paths['/api/chat/{id}/send'].post.description).toContain('text/event-stream');
  });

  it('needs auth', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/chat/list' });
    expect(res.statusCode).toBe(401);
    expect(res.json().detail).toMatch(/[а-я]/i);
  });

  it('create-and-send: a chat named by the topic tile, the stored user message, the offline reply with usage_info', async () => {
    const res = await chat.create('Стресс и тревожность');
    expect(res.statusCode).toBe(201);
    const body = res.json() as ChatCreateAndSendResponse;
    expect(body.chat).toMatchObject({
      topic: 'Стресс и тревожность',
      status: 'active',
      last_message_preview: expect.any(String),
    });
    expect(body.user_message).toMatchObject({
      role: 'user',
      content: 'Стресс и тревожность',
      chat_id: body.chat.id,
      usage_info: null,
    });
    expect(body.message.role).toBe('assistant');
    expect(body.message.content).toMatch(/\?$/); // ends with its one open question
    // A tile's first turn suggests a fitting free practice through the tool.
    expect(body.message.message_metadata).toMatchObject({
      type: 'practice_suggestion',
      category: expect.any(String),
      has_access: true,
    });
    const usage = body.message.usage_info!;
    expect(usage.tokens_limit).toBe(20_000);
    expect(usage.tokens_used).toBeGreaterThan(0);
    expect((await chat.usage()).json().tokens_used).toBe(usage.tokens_used);

    expect((await chat.get(body.chat.id)).json()).toEqual(body.chat);
    const page = (await chat.messages(body.chat.id, '?latest=true')).json() as ChatMessagesResponse;
    expect(page.total).toBe(2);
    expect(page.messages.map((m) => m.id)).toEqual([body.user_message.id, body.message.id]);
    expect(page.messages[1]!.usage_info).toBeNull();
    expect(page.messages[1]!.message_metadata).toEqual(body.message.message_metadata);
  });

  it('«давай на ты» in a chat is kept: this chat’s replies and every new chat’s say «ты»; «давайте на вы» undoes it', async () => {
    const formal = /(?<![а-яё])(вы|вас|вам|ваш[а-яё]*)(?![а-яё])/i;
    const informal = /(?<![а-яё])(ты|тебя|тебе|тво[йеёия][а-яё]*)(?![а-яё])/i;
    const settings = async () =>
      (await t.app.inject({ method: 'GET', url: '/api/users/me/settings', headers: t.headers(anna) })).json();
    const made = (await chat.create('Мне тревожно')).json() as ChatCreateAndSendResponse;
    expect(made.message.content).not.toMatch(informal);
    const switched = (await chat.send(made.chat.id, 'Давай на ты')).json() as ChatSendResponse;
    expect(switched.content).toMatch(/на «ты»/);
    expect((await settings()).address_form).toBe('ty');
    const next = (await chat.create('Всю неделю плохо сплю')).json() as ChatCreateAndSendResponse;
    // A reply may name no one at all: two replies of the new chat, together, must say «ты» and never «вы».
    const more = (await chat.send(next.chat.id, 'Что мне с этим делать?')).json() as ChatSendResponse;
    const replies = `${next.message.content}\n${more.content}`;
    expect(replies).toMatch(informal);
    expect(replies).not.toMatch(formal);
    await chat.send(next.chat.id, 'Лучше давайте на вы');
    expect((await settings()).address_form).toBe('vy');
  });

  it('send: the reply and the chat list follow; a long first message names the topic by its first sentence', async () => {
    const long =
      'Я уже месяц не могу нормально спать, потому что на работе постоянно горят сроки. А дома тоже не отдохнуть.';
    const made = (await chat.create(long)).json() as ChatCreateAndSendResponse;
    expect(made.chat.topic).toBe('Я уже месяц не могу нормально спать, потому что на работе…');
    const res = await chat.send(made.chat.id, 'Сегодня особенно тяжело');
    expect(res.statusCode).toBe(200);
    const reply = res.json() as ChatSendResponse;
    expect(reply).toMatchObject({
      role: 'assistant',
      chat_id: made.chat.id,
      user_message: { content: 'Сегодня особенно тяжело' },
    });
    expect(reply.usage_info!.tokens_used).toBeGreaterThan(made.message.usage_info!.tokens_used);
    const listed = (await chat.list()).json() as ChatListResponse;
    expect(listed.chats[0]!.last_message_preview).toBe(previewOf(reply.content));
    expect(listed.chats[0]!.last_message_preview!.length).toBeLessThanOrEqual(100);
  });

  it('streams with the offline assistant too: word by word, then done with the stored reply', async () => {
    const res = await chat.create('Усталость и выгорание', { stream: true });
    const all = events(res.body);
    expect(all[0]!.event).toBe('chat');
    expect(all[1]!.event).toBe('user_message');
    const deltas = all.filter((e) => e.event === 'delta').map((e) => (e.event === 'delta' ? e.data.text : ''));
    const done = all.at(-1)!;
    if (done.event !== 'done') throw new Error('no done');
    expect(deltas.join('').trim()).toBe(done.data.message.content);
    // A delta per word, not per sentence: the reply grows on screen as a model's would.
    for (const delta of deltas) expect(delta).toMatch(/^\s*\S+\s*$/);
    expect(deltas).toHaveLength(done.data.message.content.split(/\s+/).length);
    expect(done.data.message.usage_info?.tokens_used).toBeGreaterThan(0);
  });

  it('the words’ pace keeps no one waiting: a JSON send, a crisis reply, a client that left', async () => {
    // Ten minutes a word: only an unpaced reply finishes within the test's time.
    const slow = await apps.build({ OFFLINE_STREAM_WORD_MS: '600000' });
    const slowChat = chatCalls(t, () => slow);
    const json = await slowChat.create('Усталость и выгорание');
    expect(json.statusCode).toBe(201);
    const crisis = events((await slowChat.create('я больше не хочу жить', { stream: true, user: boris })).body);
    const done = crisis.at(-1)!;
    if (done.event !== 'done') throw new Error('no done');
    // The crisis lines come in one piece, at once.
    expect(crisis.filter((e) => e.event === 'delta').map((e) => e.data)).toEqual([{ text: done.data.message.content }]);

    // The client leaves after the first word: the rest is written at once and stored whole.
    const made = (json.json() as ChatCreateAndSendResponse).chat;
    await leaveAfterFirstDelta(slow, t.headers(anna), `/api/chat/${made.id}/send`, 'Я совсем без сил');
    const page = await messagesOnce(slowChat, made.id, 4);
    expect(page.messages[3]).toMatchObject({ role: 'assistant', content: expect.stringMatching(/\?$/) });
  });

  it('validation: 422 with a Russian detail, nothing stored and nothing spent', async () => {
    const existing = await seedChat(1);
    const cases: Array<[unknown, RegExp]> = [
      [{}, /Сообщение обязательно/],
      [{ content: '   \n ' }, /Сообщение не может быть пустым/],
      [{ content: 'я'.repeat(4001) }, /4000/],
      [{ content: 42 }, /Сообщение обязательно/],
      [{ content: 'ok', chat_id: 'x' }, /Неизвестные поля: chat_id/],
      [{ content: 'a\u0000b' }, /нулевой символ/],
      [{ content: 'ok', client_id: 'draft-1' }, /client_id должен быть UUID/],
    ];
    for (const [payload, detail] of cases) {
      for (const url of ['/api/chat/create-and-send', `/api/chat/${existing.id}/send`]) {
        const res = await t.app.inject({ method: 'POST', url, headers: t.headers(anna), payload: payload as object });
        expect(res.statusCode, `${url} ${JSON.stringify(payload).slice(0, 40)}`).toBe(422);
        expect(res.json().detail).toMatch(detail);
      }
    }
    expect((await chat.create('я'.repeat(4000))).statusCode).toBe(201); // the limit itself is allowed
    for (const q of ['?limit=0', '?limit=101', '?skip=-1', '?latest=yes', '?page=2']) {
      expect((await chat.messages(existing.id, q)).statusCode, q).toBe(422);
    }
    for (const q of ['?limit=101', '?status=deleted']) expect((await chat.list(q)).statusCode, q).toBe(422);
    expect((await chat.list()).json().total).toBe(2);
    expect((await chat.messages(existing.id)).json().total).toBe(1);
  });

  it('messages page by position: the newest page, older pages by skip either way, totals from the counter', async () => {
    const made = await seedChat(75);
    const contents = async (query: string) => {
      const page = (await chat.messages(made.id, query)).json() as ChatMessagesResponse;
      expect(page.total).toBe(75);
      return page.messages.map((m) => Number(m.content));
    };
    const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);
    expect(await contents('?latest=true')).toEqual(range(46, 75)); // default page of 30, oldest → newest
    expect(await contents('?latest=true&skip=30')).toEqual(range(16, 45));
    expect(await contents('?latest=true&skip=60')).toEqual(range(1, 15));
    expect(await contents('?latest=true&skip=75')).toEqual([]);
    expect(await contents('')).toEqual(range(1, 30)); // from the oldest
    expect(await contents('?skip=15&limit=30')).toEqual(range(16, 45)); // the client's computed offset: total − loaded − 30
    expect(await contents('?skip=70&limit=30')).toEqual(range(71, 75));
    expect(await contents('?skip=500')).toEqual([]);
    expect(await contents('?latest=true&limit=100')).toEqual(range(1, 75));
    const roles = (await chat.messages(made.id, '?limit=4')).json().messages.map((m: { role: string }) => m.role);
    expect(roles).toEqual(['user', 'assistant', 'user', 'assistant']);
  });

  it('the list: newest activity first, skip/limit, total, status filter', async () => {
    const first = await seedChat(1);
    const second = await seedChat(1);
    const third = await seedChat(1);
    let listed = (await chat.list()).json() as ChatListResponse;
    expect(listed.chats.map((c) => c.id)).toEqual([third.id, second.id, first.id]);
    expect(listed.total).toBe(3);
    // A message moves its chat to the top.
    await chat.send(first.id, 'Снова я');
    listed = (await chat.list()).json() as ChatListResponse;
    expect(listed.chats.map((c) => c.id)).toEqual([first.id, third.id, second.id]);
    expect(listed.chats[0]!.last_message_at).toBe(listed.chats[0]!.updated_at);
    const page = (await chat.list('?skip=1&limit=1')).json() as ChatListResponse;
    expect(page).toEqual({ chats: [listed.chats[1]], total: 3 });
    expect((await chat.list('?status=active')).json().total).toBe(3);
    await t.database.db.update(chats).set({ status: 'archived' }).where(eq(chats.id, second.id));
    expect((await chat.list('?status=archived')).json().chats.map((c: Chat) => c.id)).toEqual([second.id]);
    expect((await chat.list('?status=active')).json().total).toBe(2);
  });

  it("another user's chat is 404 everywhere; so is a malformed id", async () => {
    const annas = await seedChat(3);
    await userId(boris);
    const asBoris = [
      await chat.get(annas.id, boris),
      await chat.messages(annas.id, '', boris),
      await chat.send(annas.id, 'Привет', { user: boris }),
      await chat.send(annas.id, 'Привет', { user: boris, stream: true }),
      await chat.remove(annas.id, boris),
    ];
    for (const res of asBoris) {
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ detail: 'Чат не найден' });
    }
    expect((await chat.list('', boris)).json()).toEqual({ chats: [], total: 0 });
    for (const id of ['not-a-uuid', '00000000-0000-0000-0000-000000000000']) {
      expect((await chat.get(id)).statusCode).toBe(404);
      expect((await chat.messages(id)).statusCode).toBe(404);
      expect((await chat.send(id, 'Привет')).statusCode).toBe(404);
      expect((await chat.remove(id)).statusCode).toBe(404);
    }
    expect((await chat.messages(annas.id)).json().total).toBe(3); // untouched
    expect((await chat.usage(boris)).json().tokens_used).toBe(0);
  });

  it('delete: the chat and its messages are gone for good; the list and totals follow', async () => {
    const keep = await seedChat(2);
    const gone = await seedChat(4);
    const res = await chat.remove(gone.id);
    expect(res.statusCode).toBe(204);
    expect(res.body).toBe('');
    expect((await chat.get(gone.id)).statusCode).toBe(404);
    expect((await chat.remove(gone.id)).statusCode).toBe(404);
    expect((await chat.list()).json()).toMatchObject({ total: 1, chats: [{ id: keep.id }] });
    const [left] = await t.database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(chatMessages)
      .where(eq(chatMessages.chatId, gone.id));
    expect(left!.n).toBe(0);
    expect((await chat.messages(keep.id)).json().total).toBe(2);
  });

  it('client_id: five concurrent sends of one message store it once, with one reply, all answered alike', async () => {
    const id = '0e1d2c3b-4a59-4687-a7b6-c5d4e3f2a1b0';
    await userId();
    const results = await Promise.all(
      Array.from({ length: 5 }, () => chat.create('Мне сегодня не по себе', { clientId: id })),
    );
    for (const r of results) expect([200, 201]).toContain(r.statusCode);
    const bodies = results.map((r) => r.json() as ChatCreateAndSendResponse);
    expect(new Set(bodies.map((b) => b.user_message.id)).size).toBe(1);
    expect(new Set(bodies.map((b) => b.message.id)).size).toBe(1);
    expect((await chat.list()).json().total).toBe(1);
    expect((await chat.messages(bodies[0]!.chat.id)).json().total).toBe(2);
    // Crisis words take the same way.
    const crisis = await Promise.all(
      Array.from({ length: 3 }, () => chat.create('не хочу жить', { clientId: CLIENT_ID })),
    );
    expect(new Set(crisis.map((r) => r.json().message.id)).size).toBe(1);
    expect((await chat.list()).json().total).toBe(2);
  });

  it('a database that went away is a 503 with the shared Russian detail, on every chat route', async () => {
    const made = await seedChat(2); // signs in: the init-data cache now knows the user
    await t.database.close();
    for (const res of [
      await chat.create('Привет'),
      await chat.send(made.id, 'Привет'),
      await chat.send(made.id, 'Привет', { stream: true }),
      await chat.messages(made.id),
      await chat.list(),
    ]) {
      expect(res.statusCode).toBe(503);
      expect(res.json().detail).toBe('Сервис временно недоступен, попробуйте позже');
    }
  });

  it('client_id: a repeated create-and-send answers the stored chat and reply; reused in another chat → 409', async () => {
    const first = await chat.create('Нехватка мотивации', { clientId: CLIENT_ID });
    expect(first.statusCode).toBe(201);
    const made = first.json() as ChatCreateAndSendResponse;
    const again = await chat.create('Нехватка мотивации', { clientId: CLIENT_ID });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({
      chat: { id: made.chat.id },
      message: { id: made.message.id },
      user_message: { id: made.user_message.id },
    });
    expect((await chat.list()).json().total).toBe(1);
    expect((await chat.messages(made.chat.id)).json().total).toBe(2);
    const spent = (await chat.usage()).json().tokens_used;
    expect(again.json().message.usage_info.tokens_used).toBe(spent); // the repeat spent nothing

    const other = await seedChat(1);
    const res = await chat.send(other.id, 'Нехватка мотивации', { clientId: CLIENT_ID });
    expect(res.statusCode).toBe(409);
    expect(res.json().detail).toMatch(/другом чате/);
  });
});
