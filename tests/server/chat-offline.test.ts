// The offline assistant as a model (through the AI SDK, as the chat runs it) and its responder: topic tiles and
// feelings recognised, a reflection in its own words (never a quote) and one open question, a direct question
// answered first with one or two concrete suggestions, no reply or opening twice in a conversation, what was said
// earlier coming back, «вы» or «ты» as asked (settings or «давай на ты»), the communication style changing the
// words, the personal context and the safety check-in, suggestions through the tool-call path, deterministic variation
// per chat and turn, and honest token counts. Also the prompt's token-bounded history window and the chat's topic.
import { SHIPPED_CRISIS_LINES } from '../../contract/safety/crisis-lines';
import { checkInReminder } from '../../server/chat/safety/crisis-reply';
import { generateText, stepCountIs, type ModelMessage } from 'ai';
import { describe, expect, it } from 'vitest';
import type { MessageMetadata } from '../../contract/chat';
import { decodeChatStream } from '../../contract/chat-stream';
import { runAssistant } from '../../server/chat/assistant';
import { chatModel } from '../../server/chat/model';
import { OfflineChatModel, type OfflinePace } from '../../server/chat/offline/model';
import { loadConfig } from '../../server/config';
import { say } from '../../server/chat/offline/address';
import * as phrases from '../../server/chat/offline/phrases';
import { planReply, type OfflineContext } from '../../server/chat/offline/responder';
import { GENERAL, THEMES } from '../../server/chat/offline/themes';
import { addressRequestIn } from '../../server/users/address';
import { historyWindow } from '../../server/chat/prompt';
import { previewOf, topicOf } from '../../server/chat/repository';
import { estimateMessageTokens, estimateTokens } from '../../server/chat/tokens';
import { chatTools } from '../../server/chat/tools';

const ctx = (over: Partial<OfflineContext> = {}): OfflineContext => ({
  seed: 'chat-1',
  turn: 2,
  style: 'gentle',
  hasPersonalContext: false,
  checkIn: false,
  ...over,
});

async function reply(text: string, over: Partial<OfflineContext> = {}, history: ModelMessage[] = []) {
  let metadata: MessageMetadata | null = null;
  const { history: _given, ...options } = ctx(over);
  const result = await generateText({
    model: new OfflineChatModel(),
    system: 'Системная подсказка',
    messages: [...history, { role: 'user', content: text }],
    tools: chatTools('START', (m) => (metadata ??= m)),
    stopWhen: stepCountIs(2),
    providerOptions: { offline: { ...options } },
  });
  return { text: result.steps.map((s) => s.text).join(' '), metadata: metadata as MessageMetadata | null, result };
}

/** A whole conversation through the model, each reply seeing the ones before it (as the chat's window gives them). */
async function converse(messages: string[], over: Partial<OfflineContext> = {}) {
  const history: ModelMessage[] = [];
  const replies: string[] = [];
  for (const [i, text] of messages.entries()) {
    const { text: answer } = await reply(text, { seed: 'conversation', ...over, turn: i + 1 }, history);
    history.push({ role: 'user', content: text }, { role: 'assistant', content: answer });
    replies.push(answer);
  }
  return replies;
}

// Written here, apart from the responder: the forms of «вы» and of «ты» a reply may not mix.
const FORMAL = /(?<![а-яё])(вы|вас|вам|вами|ваш[а-яё]*)(?![а-яё])|[а-яё]{3,}(ите|йте|итесь|йтесь)(?![а-яё])/i;
const INFORMAL =
  /(?<![а-яё])(ты|тебя|тебе|тобой|тво[йеёияю][а-яё]*)(?![а-яё])|[а-яё]{2,}(ешь|ёшь|ишь|ешься|ишься)(?![а-яё])/i;
/** Four words in a row from the user's message: a quote. */
function quotes(answer: string, message: string): boolean {
  const words = (t: string) => t.toLowerCase().match(/[а-яёa-z0-9-]+/g) ?? [];
  const said = ` ${words(answer).join(' ')} `;
  const w = words(message);
  for (let i = 0; i + 4 <= w.length; i++) if (said.includes(` ${w.slice(i, i + 4).join(' ')} `)) return true;
  return false;
}
const opening = (answer: string) => answer.split(/(?<=[.!?…])\s+/)[0]!;

describe('offline assistant: what it recognises', () => {
  it('answers each of the eight topic tiles with its own theme', () => {
    const tiles = THEMES.filter((t) => t.tile).map((t) => t.tile!);
    expect(tiles.sort()).toEqual(
      [
        'Стресс и тревожность',
        'Усталость и выгорание',
        'Прокрастинация и потеря фокуса',
        'Конфликты и обиды',
        'Нехватка мотивации',
        'Неуверенность и самокритика',
        'Внутренняя тревога',
        'Поиск смысла и целей',
      ].sort(),
    );
    for (const tile of tiles) expect(planReply(tile, ctx()).themeId).toBe(THEMES.find((t) => t.tile === tile)!.id);
  });

  it('recognises the common feelings in free text', () => {
    const cases: Array<[string, string]> = [
      ['Мне очень тревожно последние дни', 'anxiety'],
      ['Я так устала, сил нет ни на что', 'fatigue'],
      ['Меня всё бесит, злюсь на всех', 'anger'],
      ['Мне грустно и пусто', 'sadness'],
      ['Мне одиноко, не с кем поговорить', 'loneliness'],
      ['Мне стыдно за то, что я сказала', 'shame'],
      ['Не могу уснуть третью ночь', 'sleep'],
      ['Вчера снова была паническая атака в метро', 'inner-anxiety'],
      ['Опять откладываю диплом на потом', 'procrastination'],
      ['Постоянно ругаю себя за каждую мелочь', 'self-doubt'],
      ['Начальник наорал на меня при всех', 'conflict'],
      ['Сегодня всё получилось, я так рада!', 'joy'],
      ['Купила новый шкаф', 'general'],
    ];
    for (const [text, theme] of cases) expect(planReply(text, ctx()).themeId, text).toBe(theme);
    expect(planReply('Мне ничего не удалось, не получилось', ctx()).themeId).not.toBe('joy');
  });

  it('reflects in its own words, never quoting the message back, and ends with one open question', async () => {
    const message = 'Начальник опять накричал на меня при всех. Я весь день не могу успокоиться';
    const { text } = await reply(message);
    expect(quotes(text, message)).toBe(false);
    expect(text).not.toMatch(/«[^»]*не могу успокоиться/);
    expect(text.trim().endsWith('?')).toBe(true);
    expect(text.match(/\?/g)).toHaveLength(1);
  });

  it('greets and thanks like a person', async () => {
    expect((await reply('Привет')).text).toMatch(/^(Здравствуйте|Рад вас видеть).*\?$/);
    expect((await reply('Спасибо!')).text).toMatch(/^(Пожалуйста|Рад помочь|Всегда пожалуйста)/);
  });

  it('says honestly what it is when asked', async () => {
    expect((await reply('Ты бот?')).text).toMatch(/не (человек|живой человек)/);
  });
});

describe('offline assistant: a direct question gets an answer first', () => {
  // The five the issue names, each with the suggestions it may give: the theme's own, in the «вы» form.
  const questions: Array<[string, string]> = [
    ['Что делать, если я не могу уснуть по ночам?', 'sleep'],
    ['Как перестать себя ругать за каждую ошибку?', 'self-doubt'],
    ['Как перестать откладывать дела на потом?', 'procrastination'],
    ['Что делать при панической атаке?', 'inner-anxiety'],
    ['Как справиться со злостью, когда всё бесит?', 'anger'],
  ];
  it.each(questions)('«%s»: one or two of the %s suggestions before the one question', async (question, id) => {
    const theme = THEMES.find((t) => t.id === id)!;
    const { text } = await reply(question, { turn: 2 });
    const beforeQuestion = text.slice(0, text.indexOf('?'));
    const given = theme.advice.map((a) => say(a, 'vy')).filter((a) => beforeQuestion.includes(a));
    expect(given.length, text).toBeGreaterThanOrEqual(1);
    expect(given.length, text).toBeLessThanOrEqual(2);
    expect(text.match(/\?/g), text).toHaveLength(1);
    expect(text.trim().endsWith('?')).toBe(true);
  });

  it('a follow-up («а что ещё?») gets suggestions not given yet on the same topic', async () => {
    const [first, second] = await converse(['Как уснуть, если мысли не дают?', 'А что ещё можно попробовать?']);
    const sleep = THEMES.find((t) => t.id === 'sleep')!.advice.map((a) => say(a, 'vy'));
    const inFirst = sleep.filter((a) => first!.includes(a));
    const inSecond = sleep.filter((a) => second!.includes(a));
    expect(inFirst.length).toBeGreaterThan(0);
    expect(inSecond.length).toBeGreaterThan(0);
    expect(inSecond.filter((a) => inFirst.includes(a))).toEqual([]);
  });
});

describe('offline assistant: a listener, not a template', () => {
  const talk = [
    'Мне тревожно последние дни',
    'Не знаю, всё навалилось',
    'Работа, дедлайны, начальник',
    'Мне тревожно, и я плохо сплю',
    'Что делать со сном?',
    'А ещё что-нибудь?',
    'Спасибо',
    'Сегодня опять тревожно',
    'Мне грустно',
    'Не знаю',
    'Как перестать переживать?',
    'Я устала',
    'Нет сил ни на что',
    'Опять не сплю',
    'Что ещё можно сделать со сном?',
    'Мне одиноко',
    'Хочется поговорить',
    'Не знаю',
    'Всё тяжело',
    'Спасибо, что слушаешь',
  ];

  it.each(['gentle', 'direct', 'humorous'] as const)(
    'in twenty messages (%s) no reply and no opening comes twice',
    async (style) => {
      const replies = await converse(talk, { style });
      expect(new Set(replies).size).toBe(replies.length);
      const openings = replies.map(opening);
      expect(openings.filter((o, i) => openings.indexOf(o) !== i)).toEqual([]);
    },
  );

  it('the communication style changes the words: every reply differs between the three styles', async () => {
    const [gentle, direct, humorous] = await Promise.all(
      (['gentle', 'direct', 'humorous'] as const).map((style) => converse(talk.slice(0, 8), { style })),
    );
    for (let i = 0; i < 8; i++) {
      expect(new Set([gentle![i], direct![i], humorous![i]]).size, talk[i]).toBe(3);
    }
    // Direct numbers its suggestions; gentle does not.
    expect(direct![4]).toMatch(/1\) .*2\) /);
    expect(gentle![4]).not.toMatch(/1\) /);
  });

  it('remembers the conversation: something said three messages ago comes back', async () => {
    const replies = await converse([
      'Поссорилась с мамой из-за ерунды',
      'Теперь весь день грустно',
      'Устала от всего',
      'Опять всё тяжело',
    ]);
    expect(replies.slice(2).some((r) => r.includes('о маме'))).toBe(true);
    expect(replies[0]).not.toContain('о маме');
  });

  it('a theme that comes back after a while is named as such', async () => {
    const replies = await converse(['Не могу уснуть', 'На работе завал', 'Начальник злится', 'Опять не сплю ночами']);
    expect(replies[3]).toMatch(/о сне/);
  });
});

describe('offline assistant: «вы» or «ты» as asked', () => {
  it('every text of every theme and pool reads in one form only, in both forms', () => {
    const texts = [
      ...[...THEMES, GENERAL].flatMap((t) => [
        ...Object.values(t.reflect).flat(),
        ...Object.values(t.ask).flat(),
        ...t.answer,
        ...t.advice,
      ]),
      ...Object.entries(phrases)
        .filter(([name]) => name !== 'ADDRESS_SWITCH') // said only in the form it names: checked below
        .map(([, pool]) => pool)
        .flatMap(function all(pool: unknown): string[] {
          return typeof pool === 'string' ? [pool] : Object.values(pool as object).flatMap(all);
        }),
    ];
    expect(texts.length).toBeGreaterThan(250);
    for (const text of texts) {
      expect(say(text, 'ty'), text).not.toMatch(FORMAL);
      expect(say(text, 'vy').replace(/на «ты»/g, ''), text).not.toMatch(INFORMAL);
      // Nothing of the markup is left (a `{}` is where a practice's name or a topic goes).
      expect(say(text, 'ty'), text).not.toMatch(/\||\{[^}]/);
      expect(say(text, 'vy'), text).not.toMatch(/\||\{[^}]/);
    }
    for (const text of phrases.ADDRESS_SWITCH.ty) expect(say(text, 'ty')).not.toMatch(FORMAL);
    for (const text of phrases.ADDRESS_SWITCH.vy) expect(say(text, 'vy')).not.toMatch(INFORMAL);
  });

  it('with «ты» in the settings every reply says «ты», never «вы»', async () => {
    const replies = await converse(['Привет', 'Мне тревожно', 'Что делать при панике?', 'Я устала', 'Спасибо'], {
      address: 'ty',
    });
    for (const r of replies) expect(r, r).not.toMatch(FORMAL);
    expect(replies.filter((r) => INFORMAL.test(r)).length).toBeGreaterThanOrEqual(3);
  });

  it('«давай на ты» in the chat switches at once and holds; «давайте на вы» switches back', async () => {
    const replies = await converse([
      'Мне тревожно',
      'давай на ты',
      'Я плохо сплю',
      'Как уснуть?',
      'Лучше давайте на вы',
      'Мне грустно',
    ]);
    expect(replies[0]).toMatch(FORMAL);
    expect(replies[1]).toMatch(/на «ты»/);
    for (const r of replies.slice(1, 4)) expect(r, r).not.toMatch(FORMAL);
    expect(replies[3]).toMatch(INFORMAL);
    for (const r of replies.slice(4)) expect(r, r).not.toMatch(INFORMAL);
  });

  it('reads a request in any usual wording, the newest one winning; «на выходных» is none', () => {
    const cases: Array<[string, 'ty' | 'vy' | null]> = [
      ['давай на ты', 'ty'],
      ['Можно на «ты»?', 'ty'],
      ['Обращайся ко мне на ты, пожалуйста', 'ty'],
      ['на ты', 'ty'],
      ['Лучше на вы', 'vy'],
      ['Не надо на ты', 'vy'],
      ['давай на ты. Хотя нет, давайте на вы', 'vy'],
      ['Поеду на выходных к маме', null],
      ['Я на ты с начальником', null],
      ['', null],
    ];
    for (const [text, form] of cases) expect(addressRequestIn(text), text).toBe(form);
  });
});

describe('offline assistant: context, check-in, variation', () => {
  it('links the first question to the personal context when there is one', () => {
    expect(planReply('Мне тревожно', ctx({ turn: 1, hasPersonalContext: true })).close).toContain('«Обо мне»');
    expect(planReply('Мне тревожно', ctx({ turn: 1, hasPersonalContext: false })).close).not.toContain('«Обо мне»');
  });

  it('keeps a gentle check-in while the risk flag is fresh: an opener in a new chat, a reminder later', () => {
    const opener = planReply('Сегодня получше', ctx({ turn: 1, checkIn: true }));
    expect(opener.lead).toMatch(/^(Как вы сейчас\?|Хорошо, что вы снова здесь)/);
    const reminder = checkInReminder(SHIPPED_CRISIS_LINES);
    const later = planReply('Сегодня получше', ctx({ turn: 2, checkIn: true, checkInReminder: reminder }));
    expect(later.close).toContain(reminder);
    expect(reminder).toContain('051');
    expect(reminder).not.toContain('8-800-2000-122'); // the children's line is not an adult's reminder
    expect(planReply('Сегодня получше', ctx({ turn: 2, checkInReminder: reminder })).close).not.toContain(reminder);
  });

  it('varies deterministically: the same chat and turn say the same, other chats and turns differ', () => {
    const message = 'Я так устала, сил нет ни на что';
    expect(planReply(message, ctx())).toEqual(planReply(message, ctx()));
    const leads = new Set(Array.from({ length: 12 }, (_, i) => planReply(message, ctx({ seed: `chat-${i}` })).lead));
    expect(leads.size).toBeGreaterThan(1);
    const turns = new Set(Array.from({ length: 6 }, (_, turn) => planReply(message, ctx({ turn: turn + 1 })).lead));
    expect(turns.size).toBeGreaterThan(1);
  });
});

describe('offline assistant: suggestions through the tool-call path, honest tokens', () => {
  it('suggests a fitting practice on a theme’s first turn by calling the tool; the SDK runs it and a second step follows', async () => {
    const { text, metadata, result } = await reply('Внутренняя тревога', { turn: 1 });
    expect(result.steps).toHaveLength(2);
    expect(result.steps[0]!.toolCalls[0]).toMatchObject({ toolName: 'suggest_practice' });
    expect(metadata).toMatchObject({
      type: 'practice_suggestion',
      practice_type: expect.stringMatching(/^(grounding_54321|box_breathing)$/),
      has_access: true,
    });
    expect(text).toContain(`«${(metadata as { practice_name: string } | null)!.practice_name}»`);
    expect(text.trim().endsWith('?')).toBe(true);
  });

  it('says honestly when a suggested practice needs PRO or PREMIUM', async () => {
    // Conflicts suggest advanced step practices; a START user is told, and the card asks to upgrade.
    const { text, metadata } = await reply('Конфликты и обиды', { turn: 1 });
    expect(metadata).toMatchObject({ type: 'practice_suggestion', is_advanced: true, has_access: false });
    expect(text).toContain('PRO и PREMIUM');
  });

  it('offers a diary entry with the user’s words when a moment is worth keeping', async () => {
    const { metadata } = await reply('Сегодня у меня всё получилось на выступлении, я горжусь собой!', { turn: 2 });
    expect(metadata).toEqual({
      type: 'diary_suggestion',
      suggested_title: 'Хороший момент',
      suggested_content: 'Сегодня у меня всё получилось на выступлении, я горжусь собой!',
    });
  });

  it('without tools offered it answers in one step with no suggestion', async () => {
    const result = await generateText({
      model: new OfflineChatModel(),
      prompt: 'Внутренняя тревога',
      providerOptions: { offline: { ...ctx({ turn: 1 }) } },
    });
    expect(result.steps).toHaveLength(1);
    expect(result.text.trim().endsWith('?')).toBe(true);
  });

  it('reports token counts by the documented estimator: input grows with the prompt, output is its text', async () => {
    const short = (await reply('Мне грустно')).result;
    const history: ModelMessage[] = [
      { role: 'user', content: 'Длинное сообщение о моём дне. '.repeat(20) },
      { role: 'assistant', content: 'Понимаю вас.' },
    ];
    const long = (await reply('Мне грустно', {}, history)).result;
    expect(long.usage.inputTokens! - short.usage.inputTokens!).toBe(
      history.reduce((n, m) => n + estimateMessageTokens(String(m.content)), 0),
    );
    expect(short.steps[0]!.usage.outputTokens).toBe(estimateTokens(short.steps[0]!.text));
    expect(short.totalUsage.totalTokens).toBe(short.totalUsage.inputTokens! + short.totalUsage.outputTokens!);
  });
});

describe('the stream decoder (contract/chat-stream.ts)', () => {
  it('returns complete events, keeps the unfinished rest, skips comments and unknown events', () => {
    const first = decodeChatStream(': keep-alive\n\nevent: delta\ndata: {"text":"При"}\n\nevent: delta\r\ndata: {"te');
    expect(first.events).toEqual([{ event: 'delta', data: { text: 'При' } }]);
    const second = decodeChatStream(
      `${first.rest}xt":"вет"}\r\n\r\nevent: unknown\ndata: {}\n\nevent: done\ndata: {"chat":{},"message":{}}\n\n`,
    );
    expect(second.events).toEqual([
      { event: 'delta', data: { text: 'вет' } },
      { event: 'done', data: { chat: {}, message: {} } },
    ]);
    expect(second.rest).toBe('');
  });
});

describe('offline assistant: a streamed reply paced word by word', () => {
  /** A reply through the chat's own path (runAssistant), its deltas as they came. */
  async function streamed(pace: OfflinePace, onDelta: (delta: string) => void = () => {}) {
    const deltas: string[] = [];
    const answer = await runAssistant({
      model: new OfflineChatModel(),
      system: 'Системная подсказка',
      messages: [{ role: 'user', content: 'Внутренняя тревога' }],
      tier: 'START',
      offline: { ...ctx({ turn: 1 }), ...pace }, // turn 1 of a tile: a tool call, so two steps
      timeoutMs: 60_000,
      onDelta: (delta) => {
        deltas.push(delta);
        onDelta(delta);
      },
    });
    return { deltas, answer };
  }

  it('paced, each delta is a word; the words add up to the reply given at once, sentence by sentence', async () => {
    const atOnce = await streamed({});
    const paced = await streamed({ paceMs: 1 });
    expect(paced.answer).toEqual(atOnce.answer);
    expect(paced.deltas.join('')).toBe(atOnce.deltas.join(''));
    for (const delta of paced.deltas) expect(delta).toMatch(/^\s*\S+\s*$/);
    expect(paced.deltas.length).toBe(atOnce.answer.text.split(/\s+/).length);
    expect(atOnce.deltas.length).toBeLessThan(paced.deltas.length / 3);
  });

  it('a hurry (the client left) ends the pauses: the rest of the reply comes at once', async () => {
    const atOnce = await streamed({});
    const hurry = new AbortController();
    // Ten minutes a word: only the hurry can finish this within the test's time.
    const paced = await streamed({ paceMs: 600_000, hurry: hurry.signal }, () => hurry.abort());
    expect(paced.answer).toEqual(atOnce.answer);
  });

  it('a cancelled stream stops: its pause timer is cleared, nothing more comes', async () => {
    const timers = () => process.getActiveResourcesInfo().filter((r) => r === 'Timeout').length;
    const before = timers();
    const { stream } = await new OfflineChatModel().doStream({
      prompt: [{ role: 'user', content: [{ type: 'text', text: 'Мне тревожно' }] }],
      providerOptions: { offline: { ...ctx(), paceMs: 600_000 } },
    });
    const reader = stream.getReader();
    const read: string[] = [];
    for (let part = await reader.read(); !part.done; part = await reader.read()) {
      read.push(part.value.type);
      if (part.value.type === 'text-delta') break; // the next word waits ten minutes
    }
    await new Promise((r) => setImmediate(r)); // the stream asks for that next word
    expect(timers()).toBe(before + 1);
    await reader.cancel();
    expect(timers()).toBe(before);
    expect(await reader.read()).toEqual({ done: true, value: undefined });
    expect(read).toEqual(['stream-start', 'text-start', 'text-delta']);
  });
});

describe('model configuration', () => {
  it('LLM_BASE_URL with LLM_MODEL selects the OpenAI-compatible provider; unset → the offline assistant', () => {
    const none = loadConfig({});
    expect([none.llmBaseUrl, none.llmModel, none.llmTimeoutMs, none.offlineStreamWordMs]).toEqual([
      null,
      null,
      60_000,
      35,
    ]);
    expect(loadConfig({ OFFLINE_STREAM_WORD_MS: '0' }).offlineStreamWordMs).toBe(0);
    expect(chatModel(none)).toBeInstanceOf(OfflineChatModel);
    const set = loadConfig({ LLM_BASE_URL: 'http://127.0.0.1:8000/v1/', LLM_MODEL: 'qwen', LLM_TIMEOUT_MS: '5000' });
    expect([set.llmBaseUrl, set.llmModel, set.llmApiKey, set.llmTimeoutMs]).toEqual([
      'http://127.0.0.1:8000/v1',
      'qwen',
      null,
      5_000,
    ]);
    const model = chatModel(set);
    expect([model.provider, model.modelId]).toEqual(['llm.chat', 'qwen']);
  });

  it('refuses a base URL without a model, or one that is not http(s)', () => {
    expect(() => loadConfig({ LLM_BASE_URL: 'http://127.0.0.1:8000/v1' })).toThrow(/LLM_MODEL/);
    expect(() => loadConfig({ LLM_BASE_URL: 'localhost:8000', LLM_MODEL: 'x' })).toThrow(/LLM_BASE_URL/);
  });
});

describe('prompt and naming', () => {
  it('estimates one token per 3 non-ASCII and per 4 ASCII characters, rounded up', () => {
    expect(estimateTokens('')).toBe(0);
    expect(estimateTokens('абв')).toBe(1);
    expect(estimateTokens('абвг')).toBe(2);
    expect(estimateTokens('abcdefgh')).toBe(2);
    expect(estimateMessageTokens('абв')).toBe(5);
  });

  it('bounds the history window by tokens, newest first, always keeping the current message', () => {
    // Newest first, as the repository reads them: the current user message, the reply before it, …
    const short = Array.from({ length: 39 }, (_, i) => ({
      role: (i % 2 ? 'assistant' : 'user') as 'user' | 'assistant',
      content: `Сообщение ${i}`,
    }));
    expect(historyWindow(short, 10_000)).toHaveLength(39);
    expect(historyWindow(short.slice(0, 4), 10_000).map((m) => m.content)).toEqual([
      'Сообщение 2',
      'Сообщение 1',
      'Сообщение 0',
    ]);
    const long = short.map((m) => ({ ...m, content: 'я'.repeat(1500) })); // 500 + 4 tokens each
    const window = historyWindow(long, 2_500);
    expect(window).toHaveLength(3); // 4 would be 2 016 tokens, but a window starts with the user's turn
    expect(window[0]!.role).toBe('user');
    expect(window.at(-1)!.content).toBe(long[0]!.content); // the newest message is last
    expect(historyWindow([{ role: 'user', content: 'я'.repeat(12_000) }], 100)).toHaveLength(1);
  });

  it('previews the newest message on one line, at most 100 characters', () => {
    expect(previewOf('Короткий\n\n  ответ ')).toBe('Короткий ответ');
    const long = previewOf('слово '.repeat(40));
    expect(long.length).toBeLessThanOrEqual(100);
    expect(long).toMatch(/^(слово )+слово…$/); // cut between words
  });

  it('names a chat from its first message', () => {
    expect(topicOf('Стресс и тревожность')).toBe('Стресс и тревожность');
    expect(topicOf('  Мне плохо.   Очень плохо  ')).toBe('Мне плохо');
    expect(topicOf('Почему я всё время откладываю важные дела на потом и ничего не успеваю сделать вовремя')).toBe(
      'Почему я всё время откладываю важные дела на потом и…',
    );
  });
});
