// The safety net through the chat's routes, on both databases: the screening question and its answers (kept in the
// database, so another instance reads them), the context of earlier messages, the model's second opinion against a
// loopback OpenAI-compatible server (a crisis verdict, a concern, a timeout, malformed output, a failing model), the
// full crisis block once per chat a day, the 72-hour window on today's usage, and the operator's lines
// (GET /api/safety/lines, CRISIS_LINES_FILE).
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type {
  ChatCreateAndSendResponse,
  ChatMessage,
  ChatMessagesResponse,
  ChatSendResponse,
} from '../../contract/chat';
import { SHIPPED_CRISIS_LINES, type CrisisLines } from '../../contract/safety/crisis-lines';
import {
  crisisAddendum,
  crisisFollowUp,
  crisisReply,
  SCREENING_QUESTION,
  screeningAddendum,
  screeningReply,
} from '../../server/chat/safety/crisis-reply';
import { spendDaily } from '../../server/billing/quota';
import { chatMessages, users } from '../../server/db/schema';
import { flagRisk } from '../../server/users/risk';
import {
  startModelServer,
  type ChatCompletionRequest,
  type ModelServer,
  type ScriptedReply,
} from '../support/openai-compatible-server';
import { metricsSnapshot } from '../support/metrics';
import { anna, appFactory, chatCalls, events } from './chat-support';
import { describeEachDatabase, testConfig } from './harness';
import { spawnServer } from '../support/server-command';

const HOUR = 3_600_000;
// The lines files and data directories this file writes, removed with it.
const scratch = mkdtempSync(join(tmpdir(), 'chat-safety-routes-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));
/** Every line of the shipped list, as the full block names them. */
const ALL_NUMBERS = ['+7 495 637-70-70', '051', '+7 495 051', '112', '8-800-2000-122', '124'];
/** The adults' short line. */
const BRIEF_NUMBERS = ['+7 495 637-70-70', '051', '+7 495 051', '112'];
const CHILDREN_LABEL = 'детский телефон доверия (для детей, подростков и их родителей)';

const isVerdictRequest = (r: ChatCompletionRequest) => r.response_format !== undefined;
const verdict = (tier: string, category: string): ScriptedReply => ({ text: JSON.stringify({ tier, category }) });

describeEachDatabase('chat safety net through the routes', (t) => {
  let model: ModelServer;
  let app: FastifyInstance;
  const apps = appFactory(t);
  const chat = chatCalls(t, () => app);
  // A verdict expected by a test gets all the time a loaded machine needs; the timeout's own test sets a short one.
  const withModel = (classifierMs = '30000') =>
    apps.build({
      LLM_BASE_URL: model.url,
      LLM_MODEL: 'test-model',
      LLM_TIMEOUT_MS: '15000',
      SAFETY_CLASSIFIER_TIMEOUT_MS: classifierMs,
    });
  /** The reply's requests answer `reply`, the second opinion's answer `second`. */
  const script = (reply: ScriptedReply, second: ScriptedReply) => (r: ChatCompletionRequest) =>
    isVerdictRequest(r) ? second : reply;
  const replyRequests = () => model.requests.filter((r) => !isVerdictRequest(r));
  const verdictRequests = () => model.requests.filter(isVerdictRequest);
  const flaggedAt = async () => {
    const [row] = await t.database.db
      .select({ at: users.riskFlaggedAt })
      .from(users)
      .where(eq(users.telegramId, anna.id));
    return row?.at ?? null;
  };
  const page = async (chatId: string) => ((await chat.messages(chatId)).json() as ChatMessagesResponse).messages;

  beforeAll(async () => {
    model = await startModelServer();
  });
  afterAll(() => model.close());
  beforeEach(async () => {
    model.requests.length = 0;
    app = await apps.build({});
  });
  afterEach(() => apps.closeAll());

  describe('the concern tier: the screening question and its answer', () => {
    it('a concern verdict adds the question after the reply; «бывают» sent to another instance brings the crisis reply', async () => {
      app = await withModel();
      model.script = script({ text: 'Слышу, как вы устали.' }, verdict('concern', 'hopelessness'));
      // Words the detector reads as nothing: the question comes from the second opinion alone.
      const counted = await metricsSnapshot();
      const first = await chat.create('Сегодня был длинный день');
      expect(await counted.delta('wellbeing_safety_readings_total', { reader: 'detector', tier: 'none' })).toBe(1);
      expect(await counted.delta('wellbeing_safety_readings_total', { reader: 'classifier', tier: 'concern' })).toBe(1);
      expect(await counted.delta('wellbeing_safety_net_activations_total', { tier: 'concern', by: 'classifier' })).toBe(
        1,
      );
      expect(
        await counted.delta('wellbeing_model_call_duration_seconds_count', {
          model: 'safety_classifier',
          outcome: 'ok',
        }),
      ).toBe(1);
      expect(first.statusCode).toBe(201);
      const { chat: made, message: asked } = first.json() as ChatCreateAndSendResponse;
      expect(asked.content).toBe(`Слышу, как вы устали.\n\n${screeningAddendum(SHIPPED_CRISIS_LINES)}`);
      expect(asked.content).toContain(SCREENING_QUESTION);
      expect(asked.safety).toBe('screening');
      for (const n of BRIEF_NUMBERS) expect(asked.content).toContain(n);
      expect(asked.content).not.toContain('8-800-2000-122'); // the children's line is not offered to an adult
      expect(await flaggedAt()).toBeNull(); // a question is not a risk signal

      // The question waits in the database: an instance that never saw it (offline) reads the answer.
      app = await apps.build({});
      const calls = model.requests.length;
      const answered = await chat.send(made.id, 'бываюут');
      expect(answered.statusCode).toBe(200);
      const crisis = answered.json() as ChatSendResponse;
      expect(crisis.safety).toBe('crisis');
      expect(crisis.content).toBe(crisisReply(SHIPPED_CRISIS_LINES, 2));
      expect(crisis.message_metadata).toMatchObject({ practice_type: 'grounding_54321', has_access: true });
      expect(crisis.usage_info?.help_nearby_until).not.toBeNull();
      expect(model.requests.length).toBe(calls);
      expect(await flaggedAt()).toBeInstanceOf(Date);
    });

    it('«нет» lets the conversation go on, and the question is asked in a chat at most once a day', async () => {
      app = await withModel();
      model.script = script({ text: 'Понимаю.' }, verdict('concern', 'hopelessness'));
      const { chat: made } = (await chat.create('Опять этот вечер')).json() as ChatCreateAndSendResponse;
      const answer = (await chat.send(made.id, 'Нет, такого не бывает')).json() as ChatSendResponse;
      // The second opinion still says concern: the answer stands, no second question, no crisis, no flag.
      expect(answer.content).toBe('Понимаю.');
      expect(answer.safety).toBeNull();
      expect(await flaggedAt()).toBeNull();
      expect(replyRequests()).toHaveLength(2);
      // Later that day a concern, the model's or the detector's («устала от всего»), is answered, not asked again…
      for (const text of ['И снова вечер', 'Устала от всего']) {
        const later = (await chat.send(made.id, text)).json() as ChatSendResponse;
        expect(later).toMatchObject({ content: 'Понимаю.', safety: null });
      }
      // …and a day after the question it is asked again.
      await t.database.db
        .update(chatMessages)
        .set({ createdAt: sql`now() - interval '25 hours'` })
        .where(eq(chatMessages.chatId, made.id));
      const nextDay = (await chat.send(made.id, 'И снова вечер')).json() as ChatSendResponse;
      expect(nextDay.safety).toBe('screening');
      // A crisis is answered whenever it is read.
      const crisis = (await chat.send(made.id, 'я больше не хочу жить')).json() as ChatSendResponse;
      expect(crisis.safety).toBe('crisis');
    });

    it('the detector’s concern: the reply is given, and the question follows it', async () => {
      // Offline: the assistant's own answer, then the question with the short line.
      const offline = (await chat.create('Сил больше нет')).json() as ChatCreateAndSendResponse;
      expect(offline.message.safety).toBe('screening');
      const [reply, question] = offline.message.content.split(`\n\n${screeningAddendum(SHIPPED_CRISIS_LINES)}`);
      expect(question).toBe('');
      expect(reply!.length).toBeGreaterThan(0);
      expect(reply).not.toContain(SCREENING_QUESTION);
      expect(offline.message.content).not.toContain('8-800-2000-122');
      expect(offline.chat.topic).toBe('Сил больше нет'); // named from its message like any chat
      // With a model whose second opinion reads nothing: its reply, then the question; streamed as it is stored.
      app = await withModel();
      model.script = script({ text: 'Слышу, как вы вымотаны.' }, verdict('none', 'none'));
      const counted = await metricsSnapshot();
      const res = await chat.create('Сил больше нет', { stream: true });
      const all = events(res.body);
      const done = (all.find((e) => e.event === 'done')!.data as ChatCreateAndSendResponse).message;
      expect(done).toMatchObject({
        content: `Слышу, как вы вымотаны.\n\n${screeningAddendum(SHIPPED_CRISIS_LINES)}`,
        safety: 'screening',
      });
      const streamed = all.flatMap((e) => (e.event === 'delta' ? [e.data.text] : [])).join('');
      expect(streamed).toBe(done.content);
      expect(replyRequests()).toHaveLength(1);
      expect(await counted.delta('wellbeing_safety_net_activations_total', { tier: 'concern', by: 'detector' })).toBe(
        1,
      );
      expect(await counted.delta('wellbeing_safety_net_activations_total', { tier: 'concern', by: 'classifier' })).toBe(
        0,
      );
      expect(await flaggedAt()).toBeNull();
    });

    it('the detector’s concern meets no 402 and no 503: the question answers alone, free', async () => {
      app = await withModel();
      t.setDailyLimit('tokens', 'START', 100);
      await chat.list(); // the auth hook creates the user
      const id = await t.userId(anna.id);
      await spendDaily(t.database.db, { userId: id, kind: 'tokens', amount: 100, timeZone: 'Europe/Moscow' });
      const spent = await chat.create('Сил больше нет');
      expect(spent.statusCode).toBe(201);
      const asked = spent.json() as ChatCreateAndSendResponse;
      expect(asked.message).toMatchObject({ content: screeningReply(SHIPPED_CRISIS_LINES, 1), safety: 'screening' });
      expect(model.requests).toHaveLength(0);
      // An ordinary message is the limit's as before.
      expect((await chat.create('Привет')).statusCode).toBe(402);

      t.setDailyLimit('tokens', 'START', null);
      model.script = script({ status: 500 }, verdict('none', 'none'));
      const failed = await chat.create('Сил больше нет');
      expect(failed.statusCode).toBe(201);
      const fallback = failed.json() as ChatCreateAndSendResponse;
      expect(fallback.message).toMatchObject({ content: screeningReply(SHIPPED_CRISIS_LINES, 1), safety: 'screening' });
      expect(replyRequests().length).toBeGreaterThan(0); // the model was asked first
      // Its answer is read as the answer: «да» brings the crisis reply.
      const yes = (await chat.send(fallback.chat.id, 'да')).json() as ChatSendResponse;
      expect(yes.safety).toBe('crisis');
    });

    it('an unclear answer goes on too; a risk sign in the answer is a crisis', async () => {
      app = await withModel();
      model.script = script({ text: 'Понимаю.' }, verdict('concern', 'hopelessness'));
      const { chat: made } = (await chat.create('Опять этот вечер')).json() as ChatCreateAndSendResponse;
      model.script = script({ text: 'Спасибо, что ответили.' }, verdict('none', 'none'));
      const unclear = (await chat.send(made.id, 'не знаю')).json() as ChatSendResponse;
      expect(unclear).toMatchObject({ content: 'Спасибо, что ответили.', safety: null });

      model.script = script({ text: 'Понимаю.' }, verdict('concern', 'hopelessness'));
      await chat.send(made.id, 'И снова вечер');
      const risky = (await chat.send(made.id, 'не знаю… хочу уснуть и не проснуться')).json() as ChatSendResponse;
      expect(risky.safety).toBe('crisis');
      for (const n of ALL_NUMBERS) expect(risky.content).toContain(n);
    });
  });

  describe('context: the user’s earlier messages count', () => {
    it('«план уже есть» after «устала жить» is a crisis; five user messages back is out of reach', async () => {
      // Alone, «план уже есть» is no crisis: only the earlier message makes it one.
      const { chat: made } = (await chat.create('Устала жить')).json() as ChatCreateAndSendResponse;
      const reply = (await chat.send(made.id, 'план уже есть')).json() as ChatSendResponse;
      expect(reply.safety).toBe('crisis_brief'); // a crisis again in a chat that showed the block today

      const { chat: other } = (await chat.create('Устала жить')).json() as ChatCreateAndSendResponse;
      for (const text of ['Про работу', 'Про погоду', 'Про кота', 'Про сон']) await chat.send(other.id, text);
      const far = (await chat.send(other.id, 'план уже есть')).json() as ChatSendResponse;
      expect(['crisis', 'crisis_brief']).not.toContain(far.safety); // at most the screening question
    });

    it('after a crisis the sitting stays in it until a message settles it; six hours later a message starts afresh', async () => {
      const { chat: made } = (await chat.create('я стою на мосту')).json() as ChatCreateAndSendResponse;
      // the conversation goes on: the assistant's reply, then the short line (decision 0288)
      const still = (await chat.send(made.id, 'тут красиво')).json() as ChatSendResponse;
      expect(still.safety).toBe('crisis_brief');
      expect(still.content).not.toBe(crisisFollowUp(SHIPPED_CRISIS_LINES, 2));
      expect(still.content.endsWith(`\n\n${crisisAddendum(SHIPPED_CRISIS_LINES, true)}`)).toBe(true);
      expect(still.message_metadata).toMatchObject({ practice_type: 'grounding_54321' });
      const settled = (await chat.send(made.id, 'спасибо, мне уже легче')).json() as ChatSendResponse;
      expect(['crisis', 'crisis_brief']).not.toContain(settled.safety);

      const { chat: later } = (await chat.create('я стою на мосту')).json() as ChatCreateAndSendResponse;
      await t.database.db
        .update(chatMessages)
        .set({ createdAt: sql`now() - interval '6 hours 1 minute'` })
        .where(eq(chatMessages.chatId, later.id));
      const afresh = (await chat.send(later.id, 'тут красиво')).json() as ChatSendResponse;
      expect(['crisis', 'crisis_brief']).not.toContain(afresh.safety);
    });

    it('a crisis still open is answered by the model, the short line after it; a failed model gives the fixed words', async () => {
      app = await withModel();
      model.script = script({ text: 'Я рядом. Что вы сейчас видите вокруг?' }, verdict('none', 'none'));
      const { chat: made } = (await chat.create('я стою на мосту')).json() as ChatCreateAndSendResponse;
      expect(replyRequests()).toHaveLength(0); // the full block: fixed words, no model
      const still = (await chat.send(made.id, 'тут красиво')).json() as ChatSendResponse;
      expect(still.safety).toBe('crisis_brief');
      expect(still.content).toBe(
        `Я рядом. Что вы сейчас видите вокруг?\n\n${crisisAddendum(SHIPPED_CRISIS_LINES, true)}`,
      );
      expect(replyRequests()).toHaveLength(1);

      model.script = script({ status: 500 }, verdict('none', 'none'));
      const failed = (await chat.send(made.id, 'вода тёмная')).json() as ChatSendResponse;
      expect(failed).toMatchObject({ safety: 'crisis_brief', content: crisisFollowUp(SHIPPED_CRISIS_LINES, 3) });
    });

    it('the second opinion reads the message with the four earlier user messages, oldest first, by the schema', async () => {
      app = await withModel();
      model.script = script({ text: 'Слушаю.' }, verdict('none', 'none'));
      const { chat: made } = (await chat.create('первое')).json() as ChatCreateAndSendResponse;
      for (const text of ['второе', 'третье', 'четвёртое', 'пятое']) await chat.send(made.id, text);
      await chat.send(made.id, 'шестое');
      const asked = verdictRequests().at(-1)!;
      expect(asked.response_format).toMatchObject({ type: 'json_schema', json_schema: { name: 'safety_verdict' } });
      const prompt = JSON.stringify(asked.messages);
      const at = (w: string) => prompt.indexOf(`«${w}»`);
      expect(at('первое')).toBe(-1);
      expect([at('второе'), at('третье'), at('четвёртое'), at('пятое'), at('шестое')].every((i) => i > 0)).toBe(true);
      expect(at('второе') < at('третье') && at('пятое') < at('шестое')).toBe(true);
      expect(verdictRequests()).toHaveLength(6); // every message
    });
  });

  describe('the model’s second opinion', () => {
    it('a crisis verdict: the reply goes out with the crisis help and the grounding card (streamed before done), the user flagged', async () => {
      app = await withModel();
      model.script = script({ text: 'Похоже, вам сейчас очень одиноко.' }, verdict('crisis', 'farewell'));
      const counted = await metricsSnapshot();
      const res = await chat.create('Сегодня был длинный день', { stream: true });
      const all = events(res.body);
      expect(await counted.delta('wellbeing_safety_net_activations_total', { tier: 'crisis', by: 'classifier' })).toBe(
        1,
      );
      expect(await counted.delta('wellbeing_chat_messages_streamed_total', { outcome: 'done' })).toBe(1);
      const done = all.at(-1)!;
      if (done.event !== 'done') throw new Error(`no done: ${res.body}`);
      const stored = done.data.message;
      const streamed = all.flatMap((e) => (e.event === 'delta' ? [e.data.text] : [])).join('');
      expect(streamed).toBe(stored.content);
      expect(stored.content.startsWith('Похоже, вам сейчас очень одиноко.\n\n')).toBe(true);
      for (const n of ALL_NUMBERS) expect(stored.content).toContain(n);
      expect(stored.content).toContain(CHILDREN_LABEL);
      expect(stored.safety).toBe('crisis');
      expect(stored.message_metadata).toMatchObject({ practice_type: 'grounding_54321' });
      const flagged = await flaggedAt();
      expect(flagged).toBeInstanceOf(Date);
      expect(stored.usage_info?.help_nearby_until).toBe(new Date(flagged!.getTime() + 72 * HOUR).toISOString());
    });

    it('a verdict that does not come in time is no verdict: a crisis one a minute late changes nothing', async () => {
      app = await withModel('300');
      model.script = script({ text: 'Я рядом.' }, { ...verdict('crisis', 'direct'), firstTokenDelayMs: 60_000 });
      const counted = await metricsSnapshot();
      const res = await chat.create('Тяжёлый день');
      expect(res.statusCode).toBe(201);
      expect(await counted.delta('wellbeing_safety_readings_total', { reader: 'classifier', tier: 'no_verdict' })).toBe(
        1,
      );
      expect(
        await counted.delta('wellbeing_model_call_duration_seconds_count', {
          model: 'safety_classifier',
          outcome: 'failed',
        }),
      ).toBe(1);
      expect(await counted.delta('wellbeing_safety_net_activations_total', { tier: 'crisis', by: 'classifier' })).toBe(
        0,
      );
      expect((res.json() as ChatCreateAndSendResponse).message).toMatchObject({ content: 'Я рядом.', safety: null });
      expect(await flaggedAt()).toBeNull();
    });

    it('malformed output (not JSON, or outside the schema) is no verdict: the reply stands', async () => {
      app = await withModel();
      for (const second of [{ text: 'Это кризис, срочно!' }, { text: '{"tier":"high","category":"direct"}' }]) {
        model.script = script({ text: 'Понимаю вас.' }, second);
        const res = (await chat.create('Тяжёлый день')).json() as ChatCreateAndSendResponse;
        expect(res.message).toMatchObject({ content: 'Понимаю вас.', safety: null });
      }
      expect(await flaggedAt()).toBeNull();
    });

    it('a failing model with a crisis verdict: the crisis reply instead of a 503, free', async () => {
      app = await withModel();
      model.script = script({ status: 500 }, verdict('crisis', 'preparation'));
      const res = await chat.create('Сегодня был длинный день');
      expect(res.statusCode).toBe(201);
      const { message } = res.json() as ChatCreateAndSendResponse;
      expect(message.safety).toBe('crisis');
      expect(message.content).toBe(crisisReply(SHIPPED_CRISIS_LINES, 1));
      expect((await chat.usage()).json().tokens_used).toBe(0);
    });

    it('the detector’s crisis never waits for the model: no request at all', async () => {
      app = await withModel();
      model.script = script({ hang: true }, { hang: true });
      const res = await chat.create('я больше не хочу жить');
      expect((res.json() as ChatCreateAndSendResponse).message.safety).toBe('crisis');
      expect(model.requests).toHaveLength(0);
    });
  });

  describe('after a crisis', () => {
    it('the full block once per chat a day; a risk again that day gets the short line and «Помощь рядом»', async () => {
      const first = (await chat.create('я больше не хочу жить')).json() as ChatCreateAndSendResponse;
      expect(first.message).toMatchObject({ safety: 'crisis', content: crisisReply(SHIPPED_CRISIS_LINES, 1) });
      const again = (await chat.send(first.chat.id, 'всё равно не хочу жить')).json() as ChatSendResponse;
      expect(again).toMatchObject({ safety: 'crisis_brief', content: crisisFollowUp(SHIPPED_CRISIS_LINES, 2) });
      for (const n of BRIEF_NUMBERS) expect(again.content).toContain(n);
      expect(again.content).not.toContain('8-800-2000-122');
      expect(again.content).toContain('«Помощь рядом»');
      expect(again.message_metadata).toMatchObject({ practice_type: 'grounding_54321' });

      // Another chat shows the whole block; so does this one a day later.
      const other = (await chat.create('не хочу жить')).json() as ChatCreateAndSendResponse;
      expect(other.message.safety).toBe('crisis');
      await t.database.db
        .update(chatMessages)
        .set({ createdAt: sql`now() - interval '25 hours'` })
        .where(and(eq(chatMessages.chatId, first.chat.id), eq(chatMessages.safety, 'crisis')));
      const nextDay = (await chat.send(first.chat.id, 'мне незачем жить')).json() as ChatSendResponse;
      expect(nextDay.safety).toBe('crisis');
      const stored = await page(first.chat.id);
      expect(stored.filter((m: ChatMessage) => m.role === 'assistant').map((m) => m.safety)).toEqual([
        'crisis',
        'crisis_brief',
        'crisis',
      ]);
    });

    it('today’s usage says until when «Помощь рядом» shows: 72 hours after the last risk signal', async () => {
      await chat.list(); // the user exists
      const id = await t.userId(anna.id);
      const usage = async () => (await chat.usage()).json().help_nearby_until as string | null;
      expect(await usage()).toBeNull();
      const signal = new Date(Date.now() - 71 * HOUR);
      await flagRisk(t.database.db, id, signal);
      expect(await usage()).toBe(new Date(signal.getTime() + 72 * HOUR).toISOString());
      await flagRisk(t.database.db, id, new Date(Date.now() - 72 * HOUR - 1000));
      expect(await usage()).toBeNull();
    });
  });

  describe('the operator’s lines', () => {
    it('GET /api/safety/lines answers the list the server started with; 401 without init data', async () => {
      const res = await app.inject({ method: 'GET', url: '/api/safety/lines', headers: t.headers(anna) });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual(SHIPPED_CRISIS_LINES);
      expect((await app.inject({ method: 'GET', url: '/api/safety/lines' })).statusCode).toBe(401);
    });

    it('another deployment’s file is served and said in the crisis reply and the model’s prompt', async () => {
      const file = join(mkdtempSync(join(scratch, 'lines-')), 'uk.json');
      writeFileSync(file, JSON.stringify(UK));
      app = await apps.build({ CRISIS_LINES_FILE: file });
      expect((await app.inject({ method: 'GET', url: '/api/safety/lines', headers: t.headers(anna) })).json()).toEqual(
        UK,
      );
      const reply = (await chat.create('я больше не хочу жить')).json() as ChatCreateAndSendResponse;
      expect(reply.message.content).toContain('• Samaritans — 116 123, free, day or night');
      expect(reply.message.content).not.toContain('051');

      app = await apps.build({ CRISIS_LINES_FILE: file, LLM_BASE_URL: model.url, LLM_MODEL: 'test-model' });
      model.script = () => ({ text: 'Hello' });
      await chat.create('Привет');
      expect(String(replyRequests()[0]!.messages[0]!.content)).toContain('116 123');
    });
  });
});

/** A list for another country (the United Kingdom), as an operator there would write it. */
const UK: CrisisLines = {
  intro: 'Please talk to a person right now:',
  briefIntro: 'If you want to talk to someone:',
  lines: [
    {
      id: 'uk-samaritans',
      audience: 'everyone',
      label: 'Samaritans',
      phones: [{ number: '116 123' }],
      details: 'free, day or night',
      brief: true,
      sources: [{ url: 'https://www.samaritans.org/how-we-can-help/contact-samaritan/', checked: '2026-11-28' }],
    },
    {
      id: 'uk-999',
      audience: 'everyone',
      label: 'if a life is in danger',
      phones: [{ number: '999' }],
      brief: true,
      sources: [
        {
          url: 'https://www.nhs.uk/nhs-services/urgent-and-emergency-care-services/when-to-call-999/',
          checked: '2026-11-28',
        },
      ],
    },
  ],
};

describe('CRISIS_LINES_FILE at start', () => {
  const write = (content: string) => {
    const file = join(mkdtempSync(join(scratch, 'lines-')), 'lines.json');
    writeFileSync(file, content);
    return file;
  };

  it('refuses a file that is not the schema, naming what is wrong', () => {
    const noPhones = { ...UK, lines: [{ ...UK.lines[0], phones: [] }] };
    expect(() => testConfig({ CRISIS_LINES_FILE: write(JSON.stringify(noPhones)) })).toThrow(
      /CRISIS_LINES_FILE .*lines\[0\]\.phones/,
    );
    const childrenBrief = {
      ...UK,
      lines: [...UK.lines, { ...UK.lines[0], id: 'uk-childline', audience: 'children', brief: true }],
    };
    expect(() => testConfig({ CRISIS_LINES_FILE: write(JSON.stringify(childrenBrief)) })).toThrow(
      /детская линия не предлагается взрослым/,
    );
    expect(() => testConfig({ CRISIS_LINES_FILE: write('{ not json') })).toThrow(/CRISIS_LINES_FILE/);
    expect(() => testConfig({ CRISIS_LINES_FILE: '/nonexistent/lines.json' })).toThrow(/CRISIS_LINES_FILE/);
  });

  it('`npm start` with an invalid file stops at once with that one line, no stack', async () => {
    const file = write(JSON.stringify({ ...UK, lines: [{ ...UK.lines[0], phones: [] }] }));
    const child = spawnServer(join(import.meta.dirname, '..', '..'), {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      CRISIS_LINES_FILE: file,
      DATA_DIR: mkdtempSync(join(scratch, 'lines-data-')),
      SKIP_CLIENT_BUILD: '1',
      PORT: '0',
    });
    let output = '';
    child.stdout.on('data', (d) => (output += d));
    child.stderr.on('data', (d) => (output += d));
    const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
    expect(code).toBe(1);
    expect(output.trim()).toBe(
      `CRISIS_LINES_FILE ${file}: ✖ Too small: expected array to have >=1 items → at lines[0].phones / файл линий ` +
        'помощи не подходит: ✖ Too small: expected array to have >=1 items → at lines[0].phones',
    );
  });

  it('defaults to the shipped Russian list, each line with a public source checked on a date', () => {
    const { crisisLines } = testConfig();
    expect(crisisLines).toEqual(SHIPPED_CRISIS_LINES);
    for (const line of crisisLines.lines) expect(line.sources.length).toBeGreaterThan(0);
    expect(crisisLines.lines.find((l) => l.phones.some((p) => p.number === '8-800-2000-122'))).toMatchObject({
      audience: 'children',
      brief: false,
      label: CHILDREN_LABEL,
    });
  });
});
