// The chat against a real OpenAI-compatible HTTP model on loopback (tests/support/openai-compatible-server.ts),
// through the real provider code, on both databases: JSON and streamed answers with the provider's usage, the
// two tools' metadata, 402 before any model call, 30 concurrent sends at the edge of the limit, a provider that
// fails or hangs (503, the user message kept, a retry without a second copy), a client that leaves mid-stream,
// and the safety net's answer and check-in (never a paywall or an error while it lasts).
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, beforeEach, expect, it } from 'vitest';
import type {
  ChatCreateAndSendResponse,
  ChatMessagesResponse,
  ChatSendResponse,
  ChatUnavailable,
} from '../../contract/chat';
import { spendDaily } from '../../server/billing/quota';
import { createChatWithMessage } from '../../server/chat/repository';
import { SHIPPED_CRISIS_LINES } from '../../contract/safety/crisis-lines';
import { checkInFallback } from '../../server/chat/safety/crisis-reply';
import { CHAT_ERRORS } from '../../server/chat/service';
import { users } from '../../server/db/schema';
import { flagRisk } from '../../server/users/risk';
import { startModelServer, type ModelServer } from '../support/openai-compatible-server';
import { anna, appFactory, chatCalls, events, leaveAfterFirstDelta, messagesOnce } from './chat-support';
import { describeEachDatabase } from './harness';

const CLIENT_ID = '3f1c2a9e-5b7d-4c1e-9a2b-7d6e5f4c3b2a';

describeEachDatabase('chat with a model over HTTP', (t) => {
  let model: ModelServer;
  let app: FastifyInstance;
  const apps = appFactory(t);
  const chat = chatCalls(t, () => app);
  const modelEnv = () => ({
    LLM_BASE_URL: model.url,
    LLM_MODEL: 'test-model',
    LLM_API_KEY: 'sk-test',
    LLM_TIMEOUT_MS: '15000',
    // The model's second opinion has its own file (chat-safety-routes.test.ts): here every request is the reply's.
    SAFETY_CLASSIFIER_TIMEOUT_MS: '0',
  });

  beforeAll(async () => {
    model = await startModelServer();
  });
  afterAll(() => model.close());
  beforeEach(async () => {
    model.requests.length = 0;
    model.headers.length = 0;
    model.script = () => ({ text: 'Я вас слышу. Что сейчас труднее всего?' });
    app = await apps.build(modelEnv());
  });
  afterEach(() => apps.closeAll());

  const userId = async () => {
    await chat.list(); // the auth hook creates the user
    return t.userId(anna.id);
  };
  const tokensUsed = async () => (await chat.usage()).json().tokens_used as number;

  it('JSON: the reply, the usage the provider reported, and what the model was sent', async () => {
    const text = 'Похоже, перед экзаменом вам очень тревожно. Что пугает сильнее всего?';
    model.script = () => ({ text, usage: { prompt: 321, completion: 17 } });
    const res = await chat.create('Мне тревожно перед экзаменом');
    expect(res.statusCode).toBe(201);
    const body = res.json() as ChatCreateAndSendResponse;
    expect(body.message).toMatchObject({
      role: 'assistant',
      content: text,
      chat_id: body.chat.id,
      message_metadata: null,
    });
    expect(body.message.usage_info).toMatchObject({ tokens_used: 338, tokens_limit: 20_000 });
    expect(body.user_message).toMatchObject({
      role: 'user',
      content: 'Мне тревожно перед экзаменом',
      chat_id: body.chat.id,
    });
    expect(body.chat.topic).toBe('Мне тревожно перед экзаменом');
    expect(await tokensUsed()).toBe(338);

    expect(model.requests).toHaveLength(1);
    expect(model.headers[0]!.authorization).toBe('Bearer sk-test');
    const sent = model.requests[0]!;
    expect(sent).toMatchObject({ model: 'test-model', stream: true, stream_options: { include_usage: true } });
    expect(sent.messages[0]!.role).toBe('system');
    expect(String(sent.messages[0]!.content)).toContain('8-800-2000-122');
    expect(String(sent.messages[0]!.content)).toContain('мягкий');
    expect(sent.messages.at(-1)).toEqual({ role: 'user', content: 'Мне тревожно перед экзаменом' });
    expect(sent.tools?.map((tool) => tool.function.name).sort()).toEqual(['suggest_diary_entry', 'suggest_practice']);
  });

  it('the system prompt follows the style and personal context in the settings', async () => {
    await app.inject({
      method: 'PATCH',
      url: '/api/users/me/settings',
      headers: t.headers(anna),
      payload: { communication_style: 'humorous', personal_context: 'Я учитель, двое детей' },
    });
    await chat.create('Привет');
    const system = String(model.requests[0]!.messages[0]!.content);
    expect(system).toContain('с юмором');
    expect(system).toContain('«Я учитель, двое детей»');
  });

  it('streams: the chat first, the stored user message, deltas that add up to the stored reply, then done', async () => {
    const text = 'Слышу, как вам тяжело. Расскажете, что случилось сегодня?';
    model.script = () => ({ text, chunkDelayMs: 5, usage: { prompt: 200, completion: 30 } });
    const res = await chat.create('Поругалась с мамой', { stream: true });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/event-stream; charset=utf-8');
    const all = events(res.body);
    expect(all.map((e) => e.event)).toEqual([
      'chat',
      'user_message',
      ...Array(text.match(/\S+\s*/g)!.length).fill('delta'),
      'done',
    ]);
    const [first, second] = all;
    if (first?.event !== 'chat' || second?.event !== 'user_message') throw new Error('order');
    expect(second.data).toMatchObject({ chat_id: first.data.id, role: 'user', content: 'Поругалась с мамой' });
    const done = all.at(-1)!;
    if (done.event !== 'done') throw new Error('no done');
    const streamed = all.flatMap((e) => (e.event === 'delta' ? [e.data.text] : [])).join('');
    expect(streamed.trim()).toBe(done.data.message.content);
    expect(done.data.message.usage_info?.tokens_used).toBe(230);
    expect(Object.keys(done.data.chat).sort()).toEqual([
      'created_at',
      'id',
      'last_message_at',
      'last_message_preview',
      'status',
      'topic',
      'updated_at',
    ]);

    // The same on an existing chat: no chat event; reopening shows what was streamed.
    const next = events((await chat.send(first.data.id, 'Она не слышит меня', { stream: true })).body);
    expect(next[0]!.event).toBe('user_message');
    const page = (await chat.messages(first.data.id, '?latest=true')).json() as ChatMessagesResponse;
    expect(page.messages.map((m) => m.role)).toEqual(['user', 'assistant', 'user', 'assistant']);
    expect(page.messages[1]!.content).toBe(done.data.message.content);
  });

  it('suggest_practice: the tool call becomes practice_suggestion metadata, has_access follows the plan', async () => {
    model.script = (request) =>
      request.messages.some((m) => m.role === 'tool')
        ? { text: 'Карточка ниже. Что проседает сильнее всего?', usage: { prompt: 400, completion: 12 } }
        : {
            text: 'Давайте посмотрим на баланс.',
            toolCall: { name: 'suggest_practice', arguments: { practice_type: 'balance_wheel' } },
            usage: { prompt: 380, completion: 25 },
          };
    const body = (await chat.create('Не понимаю, куда двигаться')).json() as ChatCreateAndSendResponse;
    expect(body.message.content).toBe('Давайте посмотрим на баланс. Карточка ниже. Что проседает сильнее всего?');
    expect(body.message.message_metadata).toEqual({
      type: 'practice_suggestion',
      practice_type: 'balance_wheel',
      practice_name: 'Колесо баланса',
      practice_description: expect.stringContaining('энергию, фокус, эмоции и отношения'),
      category: 'self_awareness',
      duration_minutes: 10,
      is_advanced: true,
      has_access: false,
    });
    expect(body.message.usage_info?.tokens_used).toBe(380 + 25 + 400 + 12); // both steps
    // The second step saw the tool's result and was not offered another call.
    expect(model.requests).toHaveLength(2);
    const toolMessage = model.requests[1]!.messages.find((m) => m.role === 'tool');
    expect(String(toolMessage?.content)).toContain('"has_access":false');
    expect(model.requests[1]!.tool_choice).toBe('none');

    await t.setTier(anna.id, 'PRO');
    const page = (await chat.messages(body.chat.id)).json() as ChatMessagesResponse;
    expect(page.messages[1]!.message_metadata).toMatchObject({ type: 'practice_suggestion', has_access: true });
  });

  it('suggest_diary_entry: diary_suggestion metadata; an invalid tool input leaves none and the reply stands', async () => {
    model.script = (request) =>
      request.messages.some((m) => m.role === 'tool')
        ? { text: 'Черновик ниже.' }
        : {
            text: 'Это важный момент.',
            toolCall: {
              name: 'suggest_diary_entry',
              arguments: {
                suggested_title: 'Первый шаг',
                suggested_content: 'Я сегодня решилась и записалась к врачу.',
              },
            },
          };
    const diary = (await chat.create('Я сегодня решилась и записалась к врачу!')).json() as ChatCreateAndSendResponse;
    expect(diary.message.message_metadata).toEqual({
      type: 'diary_suggestion',
      suggested_title: 'Первый шаг',
      suggested_content: 'Я сегодня решилась и записалась к врачу.',
    });

    model.script = (request) =>
      request.messages.some((m) => m.role === 'tool')
        ? { text: 'Давайте попробуем иначе.' }
        : {
            text: 'Есть практика.',
            toolCall: { name: 'suggest_practice', arguments: { practice_type: 'yoga_for_cats' } },
          };
    const bad = (await chat.send(diary.chat.id, 'Что мне сделать?')).json() as ChatSendResponse;
    expect(bad.message_metadata).toBeNull();
    expect(bad.content).toBe('Есть практика. Давайте попробуем иначе.');
  });

  it('402 «Лимит токенов исчерпан» before any model call; nothing is stored', async () => {
    t.setDailyLimit('tokens', 'START', 500);
    await spendDaily(t.database.db, { userId: await userId(), kind: 'tokens', amount: 500, timeZone: 'Europe/Moscow' });
    const uid = await userId();
    const made = await t.asUser(anna.id, () =>
      createChatWithMessage(t.database.db, uid, { role: 'user', content: 'Раньше' }),
    );

    for (const res of [
      await chat.create('Привет'),
      await chat.create('Привет', { stream: true }),
      await chat.send(made.chat.id, 'Ещё'),
    ]) {
      expect(res.statusCode).toBe(402);
      expect(res.json()).toEqual({ detail: 'Лимит токенов исчерпан', code: 'limit_reached' });
    }
    expect(model.requests).toHaveLength(0);
    expect((await chat.list()).json().total).toBe(1);
    expect((await chat.messages(made.chat.id)).json().total).toBe(1);
    expect(await tokensUsed()).toBe(500);
  });

  it('30 concurrent sends at the edge of the limit overspend by at most one reply', async () => {
    const LIMIT = 1_000;
    const PER_REPLY = 700;
    t.setDailyLimit('tokens', 'START', LIMIT);
    model.script = () => ({ text: 'Понимаю.', firstTokenDelayMs: 20, usage: { prompt: 600, completion: 100 } });
    const uid = await userId();
    const made = await t.asUser(anna.id, () =>
      createChatWithMessage(t.database.db, uid, { role: 'user', content: 'Начало' }),
    );

    const results = await Promise.all(Array.from({ length: 30 }, (_, i) => chat.send(made.chat.id, `Сообщение ${i}`)));
    const statuses = results.map((r) => r.statusCode);
    expect(
      statuses.every((s) => s === 200 || s === 402),
      JSON.stringify(results.filter((r) => r.statusCode !== 200 && r.statusCode !== 402).map((r) => r.body)),
    ).toBe(true);
    const replied = statuses.filter((s) => s === 200).length;
    expect(replied).toBeGreaterThanOrEqual(1);
    expect(model.requests).toHaveLength(replied); // a refused send never reached the model
    const used = await tokensUsed();
    expect(used).toBe(replied * PER_REPLY); // every reservation settled to what the provider reported
    expect(used).toBeLessThanOrEqual(LIMIT + PER_REPLY);
    const page = (await chat.messages(made.chat.id, '?limit=100')).json() as ChatMessagesResponse;
    expect(page.total).toBe(1 + 2 * replied); // no user message stored for a refusal
    expect(page.messages).toHaveLength(page.total); // positions stayed dense under concurrency
    expect(new Set(page.messages.map((m) => m.id)).size).toBe(page.total);
  });

  it('provider failing → 503 with a Russian detail, the user message kept, tokens given back; a retry stores no copy', async () => {
    model.script = () => ({ status: 500 });
    const res = await chat.create('Подскажи, как спланировать неделю', { clientId: CLIENT_ID });
    expect(res.statusCode).toBe(503);
    const failure = res.json() as ChatUnavailable;
    expect(failure.detail).toBe(CHAT_ERRORS.unavailable);
    expect(model.requests.length).toBe(2); // one retry
    const kept = (await chat.messages(failure.chat_id!)).json() as ChatMessagesResponse;
    expect(kept.messages).toEqual([
      expect.objectContaining({
        id: failure.user_message_id,
        role: 'user',
        content: 'Подскажи, как спланировать неделю',
      }),
    ]);
    expect(await tokensUsed()).toBe(0);

    // Streamed: the error event follows the stored user message.
    const streamed = events((await chat.send(failure.chat_id!, 'Алло?', { stream: true })).body);
    expect(streamed.map((e) => e.event)).toEqual(['user_message', 'error']);
    expect(streamed[1]!.data).toMatchObject({ detail: CHAT_ERRORS.unavailable, chat_id: failure.chat_id });

    // The provider is back: sending again with the same client_id answers the stored message.
    model.script = () => ({ text: 'Я здесь.' });
    const retry = await chat.send(failure.chat_id!, 'Подскажи, как спланировать неделю', { clientId: CLIENT_ID });
    expect(retry.statusCode).toBe(200);
    const answer = retry.json() as ChatSendResponse;
    expect(answer.user_message.id).toBe(failure.user_message_id);
    expect(answer.content).toBe('Я здесь.');
    // Once answered, a repeat replays the stored reply without calling the model.
    const calls = model.requests.length;
    const again = (
      await chat.send(failure.chat_id!, 'Подскажи, как спланировать неделю', { clientId: CLIENT_ID })
    ).json() as ChatSendResponse;
    expect(again.id).toBe(answer.id);
    expect(model.requests.length).toBe(calls);
    expect((await chat.messages(failure.chat_id!)).json().total).toBe(3); // user, user ('Алло?'), assistant
  });

  it('an unreachable or hanging provider is a 503 too', async () => {
    app = await apps.build({ ...modelEnv(), LLM_BASE_URL: 'http://127.0.0.1:9/v1' });
    expect((await chat.create('Привет')).statusCode).toBe(503);
    app = await apps.build({ ...modelEnv(), LLM_TIMEOUT_MS: '300' });
    model.script = () => ({ hang: true });
    const res = await chat.create('Привет');
    expect(res.statusCode).toBe(503);
    expect((await chat.messages(res.json().chat_id)).json().total).toBe(1);
  });

  it('a client that leaves mid-stream still gets its reply stored', async () => {
    const text = Array.from({ length: 20 }, (_, i) => `слово${i}`).join(' ');
    model.script = () => ({ text, chunkDelayMs: 15 });
    const uid = await userId();
    const made = await t.asUser(anna.id, () =>
      createChatWithMessage(t.database.db, uid, { role: 'user', content: 'Начало' }),
    );
    await leaveAfterFirstDelta(app, t.headers(anna), `/api/chat/${made.chat.id}/send`, 'Расскажи');
    const page = await messagesOnce(chat, made.chat.id, 3);
    expect(page.total).toBe(3);
    expect(page.messages[2]).toMatchObject({ role: 'assistant', content: text });
  });

  it('safety net: a risk message gets the crisis reply with no model call and no tokens, even with none left', async () => {
    t.setDailyLimit('tokens', 'START', 100);
    await spendDaily(t.database.db, { userId: await userId(), kind: 'tokens', amount: 100, timeZone: 'Europe/Moscow' });
    const res = await chat.create('я больше не хочу жить', { stream: true });
    expect(res.statusCode).toBe(200);
    const all = events(res.body);
    const done = all.at(-1)!;
    if (done.event !== 'done') throw new Error('no done');
    const reply = done.data.message;
    if (all[0]!.event !== 'chat') throw new Error('no chat event');
    expect(all[0]!.data.topic).toBe('Важный разговор'); // not the words of the message
    for (const line of ['+7 495 637-70-70', '051', '+7 495 051', '112', '8-800-2000-122', '124'])
      expect(reply.content).toContain(line);
    expect(reply.content).toContain('детский телефон доверия (для детей, подростков и их родителей)');
    expect(reply.safety).toBe('crisis');
    expect(reply.usage_info?.help_nearby_until).not.toBeNull();
    expect(reply.message_metadata).toMatchObject({
      type: 'practice_suggestion',
      practice_type: 'grounding_54321',
      has_access: true,
    });
    expect(model.requests).toHaveLength(0);
    expect(await tokensUsed()).toBe(100);
    const [flag] = await t.database.db
      .select({ at: users.riskFlaggedAt })
      .from(users)
      .where(eq(users.telegramId, anna.id));
    expect(flag!.at).toBeInstanceOf(Date);

    // The chat stays open, and a new chat keeps a gentle check-in (the model is asked to).
    t.setDailyLimit('tokens', 'START', 20_000);
    const next = await chat.create('Сегодня чуть легче, но устала');
    expect(next.statusCode).toBe(201);
    expect(String(model.requests[0]!.messages[0]!.content)).toContain('Недавно человек писал о мыслях о смерти');
    expect((await chat.send(reply.chat_id, 'Спасибо')).statusCode).toBe(200);
  });

  it('check-in window: spent tokens get the free check-in words with the crisis lines, not a 402', async () => {
    t.setDailyLimit('tokens', 'START', 100);
    const id = await userId();
    await spendDaily(t.database.db, { userId: id, kind: 'tokens', amount: 100, timeZone: 'Europe/Moscow' });
    await flagRisk(t.database.db, id, new Date(Date.now() - 5 * 3_600_000)); // wrote about suicide hours ago

    const res = await chat.create('Привет, это снова я');
    expect(res.statusCode).toBe(201);
    const { chat: made, message: reply } = res.json() as ChatCreateAndSendResponse;
    expect(reply.content).toBe(checkInFallback(SHIPPED_CRISIS_LINES));
    // The short line for adults (the full list is behind «Помощь рядом»), never the children's line.
    for (const line of ['+7 495 637-70-70', '051', '+7 495 051', '112']) expect(reply.content).toContain(line);
    expect(reply.content).not.toContain('8-800-2000-122');
    expect(reply.message_metadata).toMatchObject({ practice_type: 'grounding_54321', has_access: true });
    expect(model.requests).toHaveLength(0);
    expect(await tokensUsed()).toBe(100);
    // Stored like any reply, and the chat stays open (streamed too).
    expect((await chat.messages(made.id)).json().total).toBe(2);
    const streamed = events((await chat.send(made.id, 'Спасибо', { stream: true })).body);
    expect(streamed.map((e) => e.event)).toEqual(['user_message', 'delta', 'done']);
    expect((await chat.messages(made.id)).json().total).toBe(4);

    // Outside the window the limit is the limit again.
    await flagRisk(t.database.db, id, new Date(Date.now() - 80 * 3_600_000));
    expect((await chat.send(made.id, 'Ещё')).statusCode).toBe(402);
  });

  it('check-in window: a failing provider gets the check-in words stored instead of a 503, tokens given back', async () => {
    await flagRisk(t.database.db, await userId());
    model.script = () => ({ status: 500 });
    const res = await chat.create('Мне снова плохо', { clientId: CLIENT_ID });
    expect(res.statusCode).toBe(201);
    const { chat: made, message: reply } = res.json() as ChatCreateAndSendResponse;
    expect(reply.content).toBe(checkInFallback(SHIPPED_CRISIS_LINES));
    expect(reply.message_metadata).toMatchObject({ practice_type: 'grounding_54321' });
    expect(model.requests.length).toBeGreaterThan(0); // the model was asked first
    expect(await tokensUsed()).toBe(0);
    const page = (await chat.messages(made.id)).json() as ChatMessagesResponse;
    expect(page.messages.map((m) => [m.role, m.content])).toEqual([
      ['user', 'Мне снова плохо'],
      ['assistant', checkInFallback(SHIPPED_CRISIS_LINES)],
    ]);
  });
});
