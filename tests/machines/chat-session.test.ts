// The chat session as two tables, for an existing chat and a new one: the draft read back (nothing, a text, an
// unanswered message, a failure), the history (a chat gone, a failure, older pages and their failure), the send
// (typed, a topic tile, the stream's events in the server's order, a 402, a 503, a broken stream, «Отправить ещё
// раз», «Изменить»), a reply still being written when the chat reopens (looked for every REPLY_RECHECK_MS), the
// microphone's gate and the recorder's four endings, the suggestion cards and their gates, and the safety net: a
// message at risk the server never answered shows the crisis lines on the device, a crisis reply opens «Помощь
// рядом» and quiets every upsell. The graph walks only the transitions written below; every state reached must
// have its row (the whole view model, can() for every event, the actors running). Sequences a graph cannot express
// are in chat-session-sequences.test.ts.
import { expect } from 'vitest';
import type { AnyMachineSnapshot, EventObject } from 'xstate';
import type { UsageInfo } from '../../contract/billing';
import type { ChatMessage } from '../../contract/chat';
import { EMPTY_DRAFT } from '../../machines/chat/chat-draft';
import {
  chatSessionMachine,
  chatSessionView,
  REPLY_RECHECK_MS,
  type ChatOpening,
  type ChatSessionContext,
} from '../../machines/chat/chat-session.machine';
import type { RecorderOutcome } from '../../machines/voice/voice-recorder.machine';
import { describeMachineTables, type Effect, type StateRow, type TransitionRow } from '../support/machine-tables';
import type { PathRun } from '../support/path-tests';
import { diaryMeta, LONG_CHAT, makeChat, makeMessage, messages, practiceMeta, usage } from './chat-fixtures';

// ── The data: one client id for every send (the graph needs the same state from the same events), a fixed now ──
const CID = '00000000-0000-4000-8000-000000000001';
const newClientId = () => CID;
const NOW = new Date('2025-03-10T12:00:00.000Z');
const now = () => NOW;
const UNSENT = { content: 'Мне тревожно перед экзаменом', clientId: '22222222-2222-4222-8222-222222222222' };
const LIMIT_DETAIL = 'Лимит токенов исчерпан';
const UNAVAILABLE =
  'Ассистент сейчас недоступен. Ваше сообщение сохранено — попробуйте отправить его ещё раз чуть позже.';
const C1 = makeChat(1);
const CREATED = makeChat(9, { id: 'c9', topic: 'Стресс и тревожность' });

/** What the composer may hold, by name (typed with a NUL the server would refuse: it is dropped). */
const TEXTS = {
  '': '',
  typed: 'Не могу уснуть который день',
  blank: '   ',
  draft: 'Недописанное',
  said: 'сказанное голосом',
  'typed said': 'Не могу уснуть который день сказанное голосом',
  spoken: 'и ещё сказанное голосом',
  second: 'второе',
  'typed second': 'Не могу уснуть который день\nвторое',
  unsent: UNSENT.content,
  topic: 'Стресс и тревожность',
  risk: 'хочу умереть',
} as const;
type Text = keyof typeof TEXTS;
/** What was sent, by name. */
type Content = 'typed' | 'topic' | 'unsent' | 'risk';

// Today's usage, by name. TODAY: 50 tokens left (the warning), 10 voice seconds, no diary on the plan.
const TODAY: UsageInfo = { ...usage(1000, 950), tier: 'PRO', voice_seconds_limit: 600, voice_seconds_used: 590 };
const USAGES: Record<string, UsageInfo | null> = {
  none: null,
  today: TODAY,
  // The recorder's refusals mark today's usage (machines/voice/voice-allowance.ts): not on the plan, or spent.
  noVoice: { ...TODAY, voice_seconds_limit: null },
  voiceSpent: { ...TODAY, voice_seconds_used: 600 },
  // After the recorder's words: 7 more seconds.
  spoken: { ...TODAY, voice_seconds_used: 597 },
  // After a reply with a practice card: 100 tokens of 1000 (no banner), today's 3 diary entries made.
  practice: { ...TODAY, tokens_used: 100, diary_entries_limit: 3, diary_entries_used: 3 },
  // After a reply with a diary card: every token spent, 1 diary entry left, the voice seconds spent.
  diary: { ...TODAY, tokens_used: 1000, diary_entries_limit: 3, diary_entries_used: 2, voice_seconds_used: 600 },
  // After a crisis reply: the limit spent, and the after-crisis window open for three days.
  crisis: { ...TODAY, tokens_used: 1000, help_nearby_until: '2025-03-13T12:00:00.000Z' },
  // The window closes at this very moment: no «Помощь рядом», the upsells are back.
  ended: { ...TODAY, help_nearby_until: NOW.toISOString() },
};
type Usage = keyof typeof USAGES;

/** The restored unsent message, stored by the server long ago (a 503 before the app closed): no reply. */
const STORED: ChatOpening = {
  total: 2,
  chat: C1,
  messages: [
    makeMessage(1, { id: 's1', role: 'assistant' }),
    makeMessage(2, { id: 'm-stored', role: 'user', content: UNSENT.content }),
  ],
};
/** …and answered (the reply was kept while the app was closed). */
const ANSWERED: ChatOpening = {
  total: 3,
  chat: C1,
  messages: [...STORED.messages, makeMessage(3, { id: 's3', role: 'assistant' })],
};
/** …stored 30 s before now: its reply is still being written. */
const WRITING: ChatOpening = {
  total: 3,
  chat: C1,
  messages: [
    makeMessage(1, { id: 'w1' }),
    makeMessage(2, { id: 'w2' }),
    makeMessage(3, { id: 'm-writing', content: UNSENT.content, created_at: '2025-03-10T11:59:30.000Z' }),
  ],
};
const LATE_REPLY = makeMessage(4, { id: 'a-late', content: 'Слышу вас. Что тревожит сильнее всего?' });
const WRITING_ANSWERED: ChatOpening = { total: 4, chat: C1, messages: [...WRITING.messages, LATE_REPLY] };
const OPENINGS = { missing: null, long: LONG_CHAT, stored: STORED, answered: ANSWERED, writing: WRITING };

/** The replies a send may end with, in the chat that asked. */
const REPLIES = {
  practice: { message_metadata: practiceMeta(true), usage: 'practice' },
  diary: { message_metadata: diaryMeta, usage: 'diary' },
  crisis: { safety: 'crisis', usage: 'crisis' },
} as const;
type Reply = keyof typeof REPLIES;
const reply = (kind: Reply, chatId: string): ChatMessage => {
  const { usage: name, ...over } = REPLIES[kind];
  return makeMessage(2, { id: `a-${kind}`, chat_id: chatId, usage_info: USAGES[name], ...over });
};
const storedUser = (content: Content, chatId: string) =>
  makeMessage(1, { id: `u-${content}`, chat_id: chatId, content: TEXTS[content] });

/** Every message a chat may show, by id (the stored copies and replies are built for the chat they are in). */
const KNOWN = new Map<string, ChatMessage>(
  [...messages(1, 45), ...LONG_CHAT.messages, ...ANSWERED.messages, ...WRITING_ANSWERED.messages].map((m) => [m.id, m]),
);
const TEMP = `temp-${CID}`;
const TEMP_RESTORED = `temp-${UNSENT.clientId}`;

// ── The state key: where the machine is, and the facts the screen shows ──
type Send = 'idle' | 'waiting' | 'replying' | 'awaitingReply' | 'checkingReply' | 'failed';
interface Pending {
  id: string;
  content: Content;
  clientId: string;
}
interface Facts {
  at: 'restoring' | 'loading' | 'notFound' | 'error' | 'ready';
  help: 'closed' | 'open';
  voice: 'closed' | 'open';
  history: 'idle' | 'loadingOlder' | 'olderFailed';
  send: Send;
  chatId: string | null;
  /** The chat loaded or created (its topic shows). */
  chat: 'c1' | 'c9' | null;
  text: Text;
  /** Message ids, oldest first. */
  msgs: string[];
  pending: Pending | null;
  /** The 503's words are kept for the failed message (shown only while it has failed). */
  detail: boolean;
  /** How many DELTAs streamed. */
  stream: number;
  lastReply: string | null;
  usage: Usage;
  refused: boolean;
  /** Looks for a reply still being written (while awaited). */
  checks: number;
  older: number;
}

const idsKey = (ids: string[]) =>
  ids
    .map((id) => (id === TEMP ? 'temp' : id === TEMP_RESTORED ? 'temp-restored' : id))
    .join(',')
    .replace(/m(\d+)(?:,m\d+)*,m(\d+)/g, (run, a: string, b: string) =>
      run.split(',').length === Number(b) - Number(a) + 1 ? `m${a}..m${b}` : run,
    );
const awaited = (f: Facts) => f.send === 'awaitingReply' || f.send === 'checkingReply';
const keyOf = (f: Facts) =>
  [
    f.at === 'ready' ? `ready(${f.help} ${f.voice} ${f.history} ${f.send})` : f.at,
    `chat:${f.chatId ?? 'new'}${f.chat ? '' : '?'}`,
    f.text && `text:${f.text}`,
    f.msgs.length > 0 && `msgs:${idsKey(f.msgs)}`,
    f.pending && `pending:${f.pending.id === TEMP ? 'temp' : f.pending.id}/${f.pending.content}`,
    f.pending && f.pending.clientId !== CID && 'restored',
    f.detail && 'detail',
    f.stream > 0 && `stream:${f.stream}`,
    f.lastReply && `last:${f.lastReply}`,
    `usage:${f.usage}`,
    f.refused && 'refused',
    awaited(f) && `checks:${f.checks}`,
    f.older > 0 && `older:${f.older}`,
  ]
    .filter(Boolean)
    .join(' ');

const canonical = (v: unknown): string =>
  JSON.stringify(v, (_k, x: unknown) =>
    x && typeof x === 'object' && !Array.isArray(x) ? Object.fromEntries(Object.entries(x).sort()) : x,
  );
const nameIn = <T extends string>(table: Record<T, unknown>, value: unknown) =>
  (Object.keys(table) as T[]).find((k) => canonical(table[k]) === canonical(value)) ??
  (`?${JSON.stringify(value)}` as T);
const STREAMS = ['', 'Похоже, ', 'Похоже, Похоже, '];

/** The facts of a snapshot (what the key shows). */
function factsOf(s: AnyMachineSnapshot): Facts {
  const c = s.context as ChatSessionContext;
  const at = (typeof s.value === 'string' ? s.value : Object.keys(s.value)[0]!) as Facts['at'];
  const ready = (s.value as { ready?: Record<string, unknown> }).ready;
  const send = ready ? ready.send : 'idle';
  const f: Facts = {
    at,
    help: (ready?.help ?? 'closed') as Facts['help'],
    voice: (ready?.voice ?? 'closed') as Facts['voice'],
    history: (ready?.history ?? 'idle') as Facts['history'],
    send: (typeof send === 'string' ? send : (send as { sending: Send }).sending) as Send,
    chatId: c.chatId,
    chat: (c.chat?.id ?? null) as Facts['chat'],
    text: nameIn(TEXTS, c.text),
    msgs: c.messages.map((m) => m.id),
    pending: c.pending && {
      id: c.pending.messageId,
      content: nameIn(TEXTS, c.pending.content) as Content,
      clientId: c.pending.clientId,
    },
    detail: c.failureDetail === UNAVAILABLE,
    stream: STREAMS.indexOf(c.streamingText),
    lastReply: c.lastReply?.id ?? null,
    usage: nameIn(USAGES, c.usage),
    refused: c.limitRefused,
    checks: c.replyChecks,
    older: c.olderRemaining,
  };
  return f;
}
const sessionKey = (s: AnyMachineSnapshot) => keyOf(factsOf(s));

// ── What the screen shows and what it offers, by the spec's rules (not by the machine's code) ──
const windowOpen = (f: Facts) => f.usage === 'crisis';
const sending = (f: Facts) => f.at === 'ready' && (f.send === 'waiting' || f.send === 'replying');
const failed = (f: Facts) => f.at === 'ready' && f.send === 'failed';
function messageOf(id: string, f: Facts): ChatMessage {
  if (id === TEMP || id === TEMP_RESTORED)
    return {
      id,
      // Shown at once, before the chat exists when it is new.
      chat_id: f.chatId === 'c1' ? 'c1' : '',
      role: 'user',
      content: TEXTS[f.pending!.content],
      created_at: NOW.toISOString(),
      usage_info: null,
      message_metadata: null,
      safety: null,
    };
  if (id.startsWith('u-')) return storedUser(id.slice(2) as Content, f.chatId!);
  if (id.startsWith('a-') && id !== 'a-late') return reply(id.slice(2) as Reply, f.chatId!);
  return KNOWN.get(id)!;
}
function banner(f: Facts) {
  const u = USAGES[f.usage];
  if (f.refused) return 'exhausted';
  if (!u || u.tokens_limit === null) return 'hidden';
  const left = u.tokens_limit - u.tokens_used;
  return left <= 0 ? 'exhausted' : left <= u.tokens_limit / 10 ? 'low' : 'hidden';
}
function shows(f: Facts) {
  const ready = f.at === 'ready';
  const text = TEXTS[f.text];
  const canSend = ready && f.send === 'idle' && text.trim() !== '';
  const hasOlder = ready && f.history === 'idle' && f.chatId !== null && f.older > 0;
  return {
    status: f.at === 'restoring' ? 'loading' : f.at,
    chatId: f.chatId,
    topic: f.chat === 'c1' ? C1.topic : f.chat === 'c9' ? CREATED.topic : null,
    messages: f.msgs.map((id) => messageOf(id, f)),
    typing: ready && f.send === 'waiting',
    replyWriting: ready && awaited(f),
    streamingText: STREAMS[f.stream],
    lastReply: f.lastReply ? messageOf(f.lastReply, f) : null,
    sending: sending(f),
    failedMessageId: failed(f) ? f.pending!.id : null,
    failureDetail: failed(f) && f.detail ? UNAVAILABLE : null,
    // «Изменить» only for a message the server never stored.
    failedEditable: failed(f) && f.pending!.id.startsWith('temp-'),
    // The crisis lines on the device: a message at risk that failed (never while it is being sent).
    pendingAtRisk: failed(f) && f.pending!.content === 'risk',
    text,
    editable: ready,
    canSend,
    showMic: text.trim() === '',
    showTopics: ready && f.msgs.length === 0 && !sending(f),
    hasOlder,
    loadingOlder: ready && f.history === 'loadingOlder',
    olderFailed: ready && f.history === 'olderFailed',
    banner: banner(f),
    // «Улучшить тариф» on the banner: never in the after-crisis window.
    bannerUpgrade: ready && banner(f) === 'exhausted' && !windowOpen(f),
    helpNearby: windowOpen(f),
    helpOpen: ready && f.help === 'open',
    quiet: windowOpen(f),
    voiceRecorder: ready && f.voice === 'open' ? expect.anything() : undefined,
  };
}
function offers(f: Facts): Record<string, boolean> {
  const ready = f.at === 'ready';
  const has = (id: string) => f.msgs.includes(id);
  return {
    BACK: true, // Telegram's back button, everywhere
    RETRY: f.at === 'error',
    'TEXT.CHANGE': ready,
    'VOICE.TEXT': ready,
    'SAFETY_PLAN.OPEN': ready,
    SEND: ready && f.send === 'idle' && TEXTS[f.text].trim() !== '',
    'TOPIC.SEND topic': ready && f.send === 'idle',
    'TOPIC.SEND blank': false,
    RETRY_SEND: failed(f),
    EDIT_UNSENT: failed(f),
    LOAD_OLDER: ready && f.history === 'idle' && f.chatId !== null && f.older > 0,
    RETRY_OLDER: ready && f.history === 'olderFailed',
    // The stream's events, while a send runs.
    CHAT_CREATED: sending(f),
    USER_MESSAGE: sending(f),
    DELTA: sending(f),
    DONE: sending(f),
    ERROR: sending(f),
    'MIC.PRESS': ready && f.voice === 'closed',
    // A card leads somewhere when it is shown; a locked one offers nothing in the after-crisis window.
    'PRACTICE.OPEN free': ready && has('a-practice'),
    'PRACTICE.OPEN locked': ready && has('m70') && !windowOpen(f),
    'PRACTICE.OPEN none': false,
    'DIARY.OPEN card': ready && has('m72'),
    'DIARY.OPEN reply': ready && has('a-diary'),
    'DIARY.OPEN none': false,
    UPGRADE: ready && !windowOpen(f),
    'HELP.OPEN': ready && f.help === 'closed' && windowOpen(f),
    'HELP.CLOSE': ready && f.help === 'open',
  };
}
function runningIn(f: Facts): string[] {
  return [
    'loadUsage', // spawned at the start, it stays a child once done
    f.at === 'restoring' && 'restoreDraft',
    f.at === 'loading' && 'loadChat',
    f.at === 'ready' && f.send === 'checkingReply' && 'checkReply',
    sending(f) && 'sendMessage',
    f.at === 'ready' && f.history === 'loadingOlder' && 'loadOlder',
    f.at === 'ready' && f.voice === 'open' && 'voiceRecorder',
  ].filter((x): x is string => typeof x === 'string');
}

// ── Events: payload cases by label ──
const PRACTICE_IDS = { free: 'a-practice', locked: 'm70', none: 'none' };
const DIARY_IDS = { card: 'm72', reply: 'a-diary', none: 'none' };
const OUTCOMES: Record<string, RecorderOutcome> = {
  text: { kind: 'text', text: TEXTS.spoken, usage: USAGES.spoken! },
  forPlan: { kind: 'refused', refusal: 'not_available' },
  forToday: { kind: 'refused', refusal: 'limit_reached' },
  cancelled: { kind: 'cancelled' },
};
const byLabel = <T>(type: string, table: Record<string, T>, event: (value: T) => Record<string, unknown>) =>
  Object.fromEntries(Object.entries(table).map(([label, value]) => [label, { type, ...event(value) }]));
const contextOf = (s: AnyMachineSnapshot) => s.context as ChatSessionContext;
const EVENTS = {
  'xstate.done.actor.loadUsage': byLabel(
    'xstate.done.actor.loadUsage',
    { today: USAGES.today, ended: USAGES.ended },
    (output) => ({ output }),
  ),
  'xstate.done.actor.restoreDraft': byLabel(
    'xstate.done.actor.restoreDraft',
    { empty: EMPTY_DRAFT, draft: { text: TEXTS.draft, unsent: null }, unsent: { text: '', unsent: UNSENT } },
    (output) => ({ output }),
  ),
  'xstate.done.actor.loadChat': byLabel('xstate.done.actor.loadChat', OPENINGS, (output) => ({ output })),
  // Looking again for the reply still being written: it came, not yet, or the chat is gone.
  'xstate.done.actor.checkReply': byLabel(
    'xstate.done.actor.checkReply',
    { answered: WRITING_ANSWERED, writing: WRITING, gone: null },
    (output) => ({ output }),
  ),
  // The page just before the oldest message shown (75 messages: 30 shown, then 30 more, then the first 15).
  'xstate.done.actor.loadOlder': (s: AnyMachineSnapshot) => {
    const left = contextOf(s).olderRemaining;
    const from = Math.max(1, left - 29);
    return { page: { type: 'xstate.done.actor.loadOlder', output: { total: 75, messages: messages(from, left) } } };
  },
  'xstate.done.actor.voiceRecorder': byLabel('xstate.done.actor.voiceRecorder', OUTCOMES, (output) => ({ output })),
  'TEXT.CHANGE': byLabel(
    'TEXT.CHANGE',
    { typed: 'Не могу уснуть\u0000 который день', blank: '   ', second: TEXTS.second, risk: TEXTS.risk },
    (value) => ({ value }),
  ),
  // The tile's text is sent trimmed.
  'TOPIC.SEND': byLabel('TOPIC.SEND', { topic: ` ${TEXTS.topic} `, blank: ' ' }, (text) => ({ text })),
  'VOICE.TEXT': { said: { type: 'VOICE.TEXT', text: TEXTS.said } },
  'PRACTICE.OPEN': byLabel('PRACTICE.OPEN', PRACTICE_IDS, (messageId) => ({ messageId })),
  'DIARY.OPEN': byLabel('DIARY.OPEN', DIARY_IDS, (messageId) => ({ messageId })),
  CHAT_CREATED: { created: { type: 'CHAT_CREATED', chat: CREATED } },
  // The server's copy of the message being sent (in the chat it went to).
  USER_MESSAGE: (s: AnyMachineSnapshot) => {
    const c = contextOf(s);
    const content = c.pending ? (nameIn(TEXTS, c.pending.content) as Content) : 'typed';
    return { stored: { type: 'USER_MESSAGE', message: storedUser(content, c.chatId ?? 'c9') } };
  },
  DELTA: { words: { type: 'DELTA', text: STREAMS[1] } },
  DONE: (s: AnyMachineSnapshot) => {
    const chatId = contextOf(s).chatId ?? 'c9';
    const chat = chatId === 'c1' ? C1 : CREATED;
    return Object.fromEntries(
      (Object.keys(REPLIES) as Reply[]).map((kind) => [kind, { type: 'DONE', chat, message: reply(kind, chatId) }]),
    );
  },
  ERROR: byLabel(
    'ERROR',
    {
      limit: { kind: 'limit', detail: LIMIT_DETAIL },
      unavailable: { kind: 'unavailable', detail: UNAVAILABLE },
      failed: { kind: 'failed' },
    },
    (failure) => ({ failure }),
  ),
};

// Labels of the cases, so the walk below can name the events the graph proposes.
const LABELS = new Map<string, string>();
const payloadKey = (e: EventObject) =>
  JSON.stringify(e, (_k, v: unknown) => (v instanceof Error ? `Error(${v.message})` : v));
type Cases = Record<string, Record<string, unknown> & { type: string }>;
const events = Object.fromEntries(
  Object.entries(EVENTS as Record<string, Cases | ((s: AnyMachineSnapshot) => Cases)>).map(([type, cases]) => [
    type,
    (s: AnyMachineSnapshot) => {
      const list = typeof cases === 'function' ? cases(s) : cases;
      for (const [label, event] of Object.entries(list)) LABELS.set(payloadKey(event), label);
      return list;
    },
  ]),
);
const eventKeyOf = (e: EventObject) => {
  const label = LABELS.get(payloadKey(e));
  const type = e.type.replace(/^xstate\./, '');
  return label ? `${type} ${label}` : type;
};

// ── Effects and actors, as the spec words them ──
const draftOf = (f: Facts) => ({
  text: TEXTS[f.text],
  unsent: f.pending ? { content: TEXTS[f.pending.content], clientId: f.pending.clientId } : null,
});
/** The device keeps exactly the composer's text and the unanswered message, per chat ('new' before it exists). */
const save = (f: Facts): Effect => ['saveDraft', { chatKey: f.chatId ?? 'new', draft: draftOf(f) }];
const go = (to: string, more: object = {}): Effect => ['navigate', { to, ...more }];
const dialog = (key: string): Effect => ['openUpgradeDialog', { key }];
const PLANS = '/app/profile/subscription';
/** The safety plan, whose back returns to this chat. */
const safetyPlan = (chatId: string | null) =>
  go('/app/safety-plan', { state: { from: chatId ? `/app/chat/${chatId}` : '/app/chat' } });
const diaryForm = (chatId: string) =>
  go('/app/diary/new', {
    state: {
      suggestedContent: diaryMeta.suggested_content,
      suggestedTitle: diaryMeta.suggested_title,
      sourceType: 'ai_suggestion',
      sourceId: chatId,
    },
  });
const refusedByLimit = (f: Facts): Effect[] => [
  ['toast', { key: 'limitReached', detail: LIMIT_DETAIL }],
  dialog('messages_limit_reached'),
  save(f),
];
const loadChat = { id: 'loadChat', src: 'loadChat', input: { chatId: 'c1' } };
const checkReply = { id: 'checkReply', src: 'loadChat', input: { chatId: 'c1' } };
const loadOlder = (skip: number, limit: number) => ({
  id: 'loadOlder',
  src: 'loadOlder',
  input: { chatId: 'c1', skip, limit },
});
const sendOf = (f: Facts) => ({
  id: 'sendMessage',
  src: 'sendMessage',
  input: { chatId: f.chatId, content: TEXTS[f.pending!.content], clientId: f.pending!.clientId },
});
/** The recorder may record what today's voice seconds allow, at most its 60 s. */
const recorder = (maxSeconds: number) => ({
  id: 'voiceRecorder',
  src: 'voiceRecorder',
  input: { maxSeconds, clock: { now: expect.any(Function) }, newClientId },
});
const AFTER_RECHECK = 'after.replyRecheck.chatSession.ready.send.awaitingReply';

// ── Building the tables: `on(from, event, to, step)` writes a transition and the rows of both ends ──
function tables() {
  const states: Record<string, StateRow> = {};
  const transitions: Record<string, Record<string, string | TransitionRow>> = {};
  const row = (f: Facts) => {
    const key = keyOf(f);
    states[key] ??= { view: shows(f), can: offers(f), running: runningIn(f) };
    return key;
  };
  const on = (from: Facts, event: string, to: Facts, step: Omit<TransitionRow, 'to'> = {}) => {
    const row_ = (transitions[row(from)] ??= {});
    if (row_[event]) throw new Error(`written twice: ${keyOf(from)} | ${event}`);
    row_[event] = { to: row(to), ...step };
  };
  /** The graph proposes only the transitions written here. */
  const walk = (s: AnyMachineSnapshot, e: EventObject) => transitions[sessionKey(s)]?.[eventKeyOf(e)] !== undefined;
  return { states, transitions, on, walk };
}

const BASE: Facts = {
  at: 'restoring',
  help: 'closed',
  voice: 'closed',
  history: 'idle',
  send: 'idle',
  chatId: 'c1',
  chat: null,
  text: '',
  msgs: [],
  pending: null,
  detail: false,
  stream: 0,
  lastReply: null,
  usage: 'none',
  refused: false,
  checks: 0,
  older: 0,
};
const RESTORED: Pending = { id: TEMP_RESTORED, content: 'unsent', clientId: UNSENT.clientId };
const ids = (o: ChatOpening) => o.messages.map((m) => m.id);
const opened = (f: Facts, o: ChatOpening): Facts => ({
  ...f,
  at: 'ready',
  chat: 'c1',
  msgs: ids(o),
  older: o.total - o.messages.length,
});
/** A send starts: the message shows at once with its temp id; the composer empties unless a tile sent it. */
const sent = (f: Facts, content: Content, fromComposer: boolean): Facts => ({
  ...f,
  send: 'waiting',
  pending: { id: TEMP, content, clientId: CID },
  msgs: [...f.msgs, TEMP],
  text: fromComposer ? '' : f.text,
});
/** The server's copy replaces the optimistic message. */
const storedAs = (f: Facts): Facts => {
  const id = `u-${f.pending!.content}`;
  return { ...f, pending: { ...f.pending!, id }, msgs: f.msgs.map((m) => (m === TEMP ? id : m)) };
};
/** The reply is stored: shown, announced, today's usage from it, the message answered, any 402 forgotten. */
const answered = (f: Facts, kind: Reply): Facts => ({
  ...f,
  send: 'idle',
  msgs: [...f.msgs, `a-${kind}`],
  usage: REPLIES[kind].usage,
  refused: false,
  pending: null,
  stream: 0,
  lastReply: `a-${kind}`,
});
const failedAt = (f: Facts, detail = false): Facts => ({ ...f, send: 'failed', stream: 0, detail });

/** c1: every way in, the history, the send, the recorder, the cards, and the after-crisis window. */
function existingChat() {
  const t = tables();
  const { on } = t;
  // Reading the draft, while today's usage loads (or once it has).
  const R0 = BASE;
  const R1: Facts = { ...R0, usage: 'today' };
  const loading = (f: Facts): Facts => ({ ...f, at: 'loading' });
  on(R0, 'BACK', R0, { effects: [go('/app/chat')] });
  on(R0, 'done.actor.loadUsage today', R1);
  const L0 = loading(R0);
  const L1 = loading(R1);
  const L1draft: Facts = { ...L1, text: 'draft' };
  const L1unsent: Facts = { ...L1, pending: RESTORED };
  on(R0, 'done.actor.restoreDraft empty', L0, { invokes: [loadChat] });
  on(R1, 'done.actor.restoreDraft empty', L1, { invokes: [loadChat] });
  on(R1, 'error.actor.restoreDraft', L1, { invokes: [loadChat] });
  on(R1, 'done.actor.restoreDraft draft', L1draft, { invokes: [loadChat] });
  on(R1, 'done.actor.restoreDraft unsent', L1unsent, { invokes: [loadChat] });

  // A chat gone or unreachable.
  const GONE: Facts = { ...L0, at: 'notFound' };
  const ERR: Facts = { ...L0, at: 'error' };
  on(L0, 'done.actor.loadChat missing', GONE);
  on(GONE, 'BACK', GONE, { effects: [go('/app/chat')] });
  on(L0, 'error.actor.loadChat', ERR);
  on(ERR, 'RETRY', L0, { invokes: [loadChat] });

  // Opened before today's usage came: the recorder may take its 60 s; the diary's card is not gated.
  const READY0 = opened(L0, LONG_CHAT);
  const MIC0: Facts = { ...READY0, voice: 'open' };
  const SPOKEN0: Facts = { ...READY0, text: 'spoken', usage: 'spoken' };
  on(L0, 'done.actor.loadChat long', READY0, { effects: [save(READY0)] });
  on(READY0, 'MIC.PRESS', MIC0, { invokes: [recorder(60)] });
  on(MIC0, 'done.actor.voiceRecorder forPlan', READY0, { effects: [dialog('voice_not_available')] });
  on(MIC0, 'done.actor.voiceRecorder text', SPOKEN0, { effects: [save(SPOKEN0), ['haptic', { kind: 'success' }]] });
  on(READY0, 'DIARY.OPEN card', READY0, { effects: [diaryForm('c1')] });

  // Opened with today's usage: the rest of the chat's buttons.
  const REST = opened(L1, LONG_CHAT);
  const DRAFTED = opened(L1draft, LONG_CHAT);
  on(L1, 'done.actor.loadChat long', REST, { effects: [save(REST)] });
  // The after-crisis window ended as the chat opens: «Помощь рядом» is gone, the upsells are back.
  const R_END: Facts = { ...R0, usage: 'ended' };
  const ENDED = opened(loading(R_END), LONG_CHAT);
  on(R0, 'done.actor.loadUsage ended', R_END);
  on(R_END, 'done.actor.restoreDraft empty', loading(R_END), { invokes: [loadChat] });
  on(loading(R_END), 'done.actor.loadChat long', ENDED, { effects: [save(ENDED)] });
  on(ENDED, 'HELP.OPEN', ENDED);
  on(ENDED, 'UPGRADE', ENDED, { effects: [go(PLANS)] });
  on(ENDED, 'PRACTICE.OPEN locked', ENDED, { effects: [go(PLANS)] });
  on(L1draft, 'done.actor.loadChat long', DRAFTED, { effects: [save(DRAFTED)] });
  on(REST, 'BACK', REST, { effects: [go('/app/chat')] });
  on(REST, 'SEND', REST); // blank: ignored
  on(REST, 'HELP.OPEN', REST); // not in the after-crisis window: ignored
  on(REST, 'PRACTICE.OPEN none', REST);
  on(REST, 'DIARY.OPEN none', REST);
  on(REST, 'PRACTICE.OPEN locked', REST, { effects: [go(PLANS)] });
  on(REST, 'DIARY.OPEN card', REST, { effects: [dialog('diary_not_available')] }); // TODAY: no diary on the plan
  on(REST, 'UPGRADE', REST, { effects: [go(PLANS)] });
  on(REST, 'SAFETY_PLAN.OPEN', REST, { effects: [safetyPlan('c1')] });
  const SAID: Facts = { ...REST, text: 'said' };
  const TYPED: Facts = { ...REST, text: 'typed' };
  const TYPED_SAID: Facts = { ...REST, text: 'typed said' };
  const BLANK: Facts = { ...REST, text: 'blank' };
  on(REST, 'VOICE.TEXT said', SAID, { effects: [save(SAID)] });
  on(REST, 'TEXT.CHANGE typed', TYPED, { effects: [save(TYPED)] });
  on(TYPED, 'TEXT.CHANGE blank', BLANK, { effects: [save(BLANK)] });
  on(TYPED, 'VOICE.TEXT said', TYPED_SAID, { effects: [save(TYPED_SAID)] });
  on(BLANK, 'VOICE.TEXT said', SAID, { effects: [save(SAID)] }); // spaces alone are not kept before the words

  // The microphone: 10 voice seconds left today; the recorder's four endings; a refusal gates the next press.
  const MIC1: Facts = { ...REST, voice: 'open' };
  const SPOKEN: Facts = { ...REST, text: 'spoken', usage: 'spoken' };
  const NO_VOICE: Facts = { ...REST, usage: 'noVoice' };
  const VOICE_SPENT: Facts = { ...REST, usage: 'voiceSpent' };
  on(REST, 'MIC.PRESS', MIC1, { invokes: [recorder(10)] });
  on(MIC1, 'done.actor.voiceRecorder text', SPOKEN, { effects: [save(SPOKEN), ['haptic', { kind: 'success' }]] });
  on(MIC1, 'done.actor.voiceRecorder forPlan', NO_VOICE, { effects: [dialog('voice_not_available')] });
  on(MIC1, 'done.actor.voiceRecorder forToday', VOICE_SPENT, { effects: [dialog('voice_limit_reached')] });
  on(MIC1, 'done.actor.voiceRecorder cancelled', REST);
  on(NO_VOICE, 'MIC.PRESS', NO_VOICE, { effects: [dialog('voice_not_available')] });
  on(VOICE_SPENT, 'MIC.PRESS', VOICE_SPENT, { effects: [dialog('voice_limit_reached')] });

  // Older pages: 45 older than the 30 shown → the 30 before them, then the first 15, then nothing to load.
  const LO1: Facts = { ...REST, history: 'loadingOlder' };
  const OF: Facts = { ...REST, history: 'olderFailed' };
  const P1: Facts = { ...REST, msgs: [...messages(16, 45).map((m) => m.id), ...ids(LONG_CHAT)], older: 15 };
  const LO2: Facts = { ...P1, history: 'loadingOlder' };
  const P2: Facts = { ...P1, msgs: [...messages(1, 15).map((m) => m.id), ...P1.msgs], older: 0 };
  on(REST, 'LOAD_OLDER', LO1, { invokes: [loadOlder(15, 30)] });
  on(LO1, 'error.actor.loadOlder', OF);
  on(OF, 'RETRY_OLDER', LO1, { invokes: [loadOlder(15, 30)] });
  on(LO1, 'done.actor.loadOlder page', P1);
  on(P1, 'LOAD_OLDER', LO2, { invokes: [loadOlder(0, 15)] });
  on(LO2, 'done.actor.loadOlder page', P2);
  on(P2, 'LOAD_OLDER', P2); // everything loaded: ignored

  // The send, and the ways it fails before the server stored the message.
  const W_T = sent(TYPED, 'typed', true);
  const F_T = failedAt(W_T);
  const LIMITED: Facts = { ...TYPED, refused: true };
  on(TYPED, 'SEND', W_T, { effects: [save(W_T)], invokes: [sendOf(W_T)] });
  on(W_T, 'error.actor.sendMessage', F_T);
  on(W_T, 'ERROR failed', F_T);
  on(W_T, 'ERROR limit', LIMITED, { effects: refusedByLimit(LIMITED) });
  on(F_T, 'RETRY_SEND', W_T, { invokes: [sendOf(W_T)] }); // the same content and client id
  on(F_T, 'EDIT_UNSENT', TYPED, { effects: [save(TYPED)] });
  // Typing while it is sent: a refusal or «Изменить» puts the message before what was typed since.
  const W_T2: Facts = { ...W_T, text: 'second' };
  const F_T2 = failedAt(W_T2);
  const BOTH: Facts = { ...REST, text: 'typed second' };
  on(W_T, 'TEXT.CHANGE second', W_T2, { effects: [save(W_T2)] });
  on(W_T2, 'ERROR limit', { ...BOTH, refused: true }, { effects: refusedByLimit({ ...BOTH, refused: true }) });
  on(W_T2, 'ERROR failed', F_T2);
  on(F_T2, 'EDIT_UNSENT', BOTH, { effects: [save(BOTH)] });
  // An older page while the first words are awaited.
  const W_TO: Facts = { ...W_T, history: 'loadingOlder' };
  on(W_T, 'LOAD_OLDER', W_TO, { invokes: [loadOlder(15, 30)] });
  on(W_TO, 'done.actor.loadOlder page', {
    ...W_T,
    msgs: [...messages(16, 45).map((m) => m.id), ...W_T.msgs],
    older: 15,
  });

  // Stored by the server, then streamed, answered or failed.
  const W_S = storedAs(W_T);
  const RP1: Facts = { ...W_S, send: 'replying', stream: 1 };
  const F_S = failedAt(W_S);
  const F_SD = failedAt(W_S, true);
  const DONE_P = answered(W_S, 'practice');
  const DONE_D = answered(W_S, 'diary');
  const WIN = answered(W_S, 'crisis');
  on(W_T, 'USER_MESSAGE stored', W_S);
  on(W_S, 'DELTA words', RP1);
  on(RP1, 'DELTA words', { ...RP1, stream: 2 });
  on(RP1, 'DONE practice', DONE_P, { effects: [save(DONE_P)] });
  on(RP1, 'ERROR unavailable', F_SD);
  on(W_S, 'ERROR failed', F_S);
  on(W_S, 'DONE diary', DONE_D, { effects: [save(DONE_D)] });
  on(W_S, 'DONE crisis', WIN, { effects: [save(WIN)] });
  on(F_S, 'RETRY_SEND', W_S, { invokes: [sendOf(W_S)] });
  // Sent again after a 503: its words go once the send fails otherwise, or the message is left.
  const W_SD: Facts = { ...W_S, detail: true };
  on(F_SD, 'RETRY_SEND', W_SD, { invokes: [sendOf(W_S)] });
  on(W_SD, 'error.actor.sendMessage', F_S);
  on(F_SD, 'EDIT_UNSENT', { ...W_S, send: 'idle', pending: null }, { effects: [save({ ...W_S, pending: null })] });
  on(RP1, 'error.actor.sendMessage', F_S); // the words streamed so far go
  // «Изменить» on a stored message: it stays unanswered in the list, the composer is left alone.
  const LEFT: Facts = { ...W_S, send: 'idle', pending: null };
  on(F_S, 'EDIT_UNSENT', LEFT, { effects: [save(LEFT)] });

  // After a 402 the send again: its reply clears the refusal (the review's survivor, issue 25).
  const W_TR: Facts = { ...W_T, refused: true };
  const W_SR = storedAs(W_TR);
  on(LIMITED, 'UPGRADE', LIMITED, { effects: [go(PLANS)] });
  on(LIMITED, 'SEND', W_TR, { effects: [save(W_TR)], invokes: [sendOf(W_TR)] });
  on(W_TR, 'USER_MESSAGE stored', W_SR);
  on(W_SR, 'DONE practice', DONE_P, { effects: [save(DONE_P)] });

  // The reply's cards, gated by the usage it brought.
  on(DONE_P, 'PRACTICE.OPEN free', DONE_P, {
    effects: [go('/app/practices/box_breathing', { state: { sourceType: 'ai_suggestion', sourceId: 'c1' } })],
  });
  on(DONE_P, 'PRACTICE.OPEN locked', DONE_P, { effects: [go(PLANS)] });
  on(DONE_P, 'DIARY.OPEN card', DONE_P, { effects: [dialog('diary_limit_reached')] });
  on(DONE_D, 'DIARY.OPEN reply', DONE_D, { effects: [diaryForm('c1')] });
  on(DONE_D, 'UPGRADE', DONE_D, { effects: [go(PLANS)] });
  on(DONE_D, 'MIC.PRESS', DONE_D, { effects: [dialog('voice_limit_reached')] });

  // The crisis reply: «Помощь рядом» with its sheet and the safety plan; no upsell anywhere.
  const WIN_H: Facts = { ...WIN, help: 'open' };
  on(WIN, 'HELP.OPEN', WIN_H);
  on(WIN_H, 'HELP.CLOSE', WIN);
  on(WIN_H, 'SAFETY_PLAN.OPEN', WIN, { effects: [safetyPlan('c1')] });
  on(WIN, 'SAFETY_PLAN.OPEN', WIN, { effects: [safetyPlan('c1')] });
  on(WIN, 'UPGRADE', WIN);
  on(WIN, 'PRACTICE.OPEN locked', WIN);

  // Reopened with the unanswered message: never stored → its resend (or «Изменить»); stored long ago → its
  // resend; answered meanwhile → forgotten; stored moments ago → «Ответ ещё пишется…».
  const F_R: Facts = { ...opened(L1unsent, LONG_CHAT), send: 'failed', msgs: [...ids(LONG_CHAT), TEMP_RESTORED] };
  const W_R: Facts = { ...F_R, send: 'waiting' };
  on(L1unsent, 'done.actor.loadChat long', F_R, { effects: [save(F_R)] });
  on(F_R, 'RETRY_SEND', W_R, { invokes: [sendOf(W_R)] });
  on(W_R, 'ERROR failed', F_R);
  on(F_R, 'EDIT_UNSENT', { ...REST, text: 'unsent' }, { effects: [save({ ...REST, text: 'unsent' })] });
  const F_ST: Facts = { ...opened(L1unsent, STORED), send: 'failed', pending: { ...RESTORED, id: 'm-stored' } };
  const W_ST: Facts = { ...F_ST, send: 'waiting' };
  const LEFT_ST: Facts = { ...F_ST, send: 'idle', pending: null };
  on(L1unsent, 'done.actor.loadChat stored', F_ST, { effects: [save(F_ST)] });
  on(F_ST, 'RETRY_SEND', W_ST, { invokes: [sendOf(W_ST)] });
  on(W_ST, 'ERROR unavailable', failedAt(W_ST, true));
  on(F_ST, 'EDIT_UNSENT', LEFT_ST, { effects: [save(LEFT_ST)] });
  const ANS: Facts = { ...opened(L1unsent, ANSWERED), pending: null };
  on(L1unsent, 'done.actor.loadChat answered', ANS, { effects: [save(ANS)] });

  // Mid-reply: a look every REPLY_RECHECK_MS, 4 of them, then «Отправить ещё раз». Every answer at the first and
  // the last look.
  const writing: Facts = { ...opened(L1unsent, WRITING), pending: { ...RESTORED, id: 'm-writing' } };
  const awaiting = (checks: number): Facts => ({ ...writing, send: 'awaitingReply', checks });
  const checking = (checks: number): Facts => ({ ...writing, send: 'checkingReply', checks });
  const F_W: Facts = { ...writing, send: 'failed' };
  const LATE: Facts = { ...writing, msgs: [...ids(WRITING_ANSWERED)], pending: null, lastReply: 'a-late' };
  on(L1unsent, 'done.actor.loadChat writing', awaiting(0), { effects: [save(awaiting(0))] });
  for (let n = 1; n <= 4; n++) {
    on(awaiting(n - 1), AFTER_RECHECK, checking(n), { after: REPLY_RECHECK_MS, invokes: [checkReply] });
    const notYet = n < 4 ? awaiting(n) : F_W;
    on(checking(n), 'done.actor.checkReply writing', notYet, { effects: [save(notYet)] });
    if (n === 1 || n === 4) {
      on(checking(n), 'done.actor.checkReply answered', LATE, { effects: [save(LATE)] });
      on(checking(n), 'done.actor.checkReply gone', notYet, { effects: [save(notYet)] });
      on(checking(n), 'error.actor.checkReply', F_W);
    }
  }
  on(F_W, 'RETRY_SEND', { ...F_W, send: 'waiting' }, { invokes: [sendOf(F_W)] });
  return t;
}

/** 'new': the draft read back, the first send creates the chat, a message at risk, the crisis reply. */
function newChat() {
  const t = tables();
  const { on } = t;
  const N0: Facts = { ...BASE, chatId: null };
  const NR: Facts = { ...N0, at: 'ready' };
  const DRAFTED: Facts = { ...NR, text: 'draft' };
  const NF_R: Facts = { ...NR, send: 'failed', pending: RESTORED, msgs: [TEMP_RESTORED] };
  on(N0, 'BACK', N0, { effects: [go('/app/chat')] });
  on(N0, 'done.actor.restoreDraft empty', NR, { effects: [save(NR)] });
  on(N0, 'error.actor.restoreDraft', NR, { effects: [save(NR)] });
  on(N0, 'done.actor.restoreDraft draft', DRAFTED, { effects: [save(DRAFTED)] });
  on(N0, 'done.actor.restoreDraft unsent', NF_R, { effects: [save(NF_R)] });
  on(NF_R, 'RETRY_SEND', { ...NF_R, send: 'waiting' }, { invokes: [sendOf(NF_R)] });
  on(NF_R, 'EDIT_UNSENT', { ...NR, text: 'unsent' }, { effects: [save({ ...NR, text: 'unsent' })] });

  // The empty chat: the tiles; nothing to load; no speech-to-text on this server; no window.
  on(NR, 'TOPIC.SEND blank', NR);
  on(NR, 'SEND', NR);
  on(NR, 'LOAD_OLDER', NR);
  on(NR, 'HELP.OPEN', NR);
  on(NR, 'MIC.PRESS', NR, { effects: [['toast', { key: 'voiceUnconfigured' }]] });
  on(NR, 'SAFETY_PLAN.OPEN', NR, { effects: [safetyPlan(null)] });
  on(NR, 'UPGRADE', NR, { effects: [go(PLANS)] });
  const NW_TOPIC = sent(NR, 'topic', false);
  const TOPIC_BACK: Facts = { ...NR, text: 'topic', refused: true };
  on(NR, 'TOPIC.SEND topic', NW_TOPIC, { effects: [save(NW_TOPIC)], invokes: [sendOf(NW_TOPIC)] });
  on(NW_TOPIC, 'ERROR limit', TOPIC_BACK, { effects: refusedByLimit(TOPIC_BACK) });
  // A tile leaves what the composer holds alone.
  const NW_TOPIC_DRAFTED = sent(DRAFTED, 'topic', false);
  on(DRAFTED, 'TOPIC.SEND topic', NW_TOPIC_DRAFTED, {
    effects: [save(NW_TOPIC_DRAFTED)],
    invokes: [sendOf(NW_TOPIC_DRAFTED)],
  });

  // A message at risk: failed before the server answered → the crisis lines on the device.
  const RISK: Facts = { ...NR, text: 'risk' };
  const NW = sent(RISK, 'risk', true);
  const NF = failedAt(NW);
  on(NR, 'TEXT.CHANGE risk', RISK, { effects: [save(RISK)] });
  on(RISK, 'SEND', NW, { effects: [save(NW)], invokes: [sendOf(NW)] });
  on(NW, 'ERROR failed', NF);
  on(NF, 'RETRY_SEND', NW, { invokes: [sendOf(NW)] });
  on(NF, 'EDIT_UNSENT', RISK, { effects: [save(RISK)] });
  // The chat is created: the route becomes its own, the draft moves with it.
  const NC: Facts = { ...NW, chatId: 'c9', chat: 'c9' };
  on(NW, 'CHAT_CREATED created', NC, {
    effects: [
      go('/app/chat/c9', { replace: true, state: { createdChat: 'c9' } }),
      ['saveDraft', { chatKey: 'new', draft: EMPTY_DRAFT }],
      save(NC),
    ],
  });
  on(NC, 'error.actor.sendMessage', failedAt(NC));
  const NS = storedAs(NC);
  on(NC, 'USER_MESSAGE stored', NS);
  on(NS, 'ERROR failed', failedAt(NS));
  // The crisis reply opens the window: «Помощь рядом», the safety plan (back to c9), no upsell.
  const NWIN = answered(NS, 'crisis');
  const NWIN_H: Facts = { ...NWIN, help: 'open' };
  on(NS, 'DONE crisis', NWIN, { effects: [save(NWIN)] });
  on(NWIN, 'HELP.OPEN', NWIN_H);
  on(NWIN_H, 'HELP.CLOSE', NWIN);
  on(NWIN_H, 'SAFETY_PLAN.OPEN', NWIN, { effects: [safetyPlan('c9')] });
  on(NWIN, 'SAFETY_PLAN.OPEN', NWIN, { effects: [safetyPlan('c9')] });
  on(NWIN, 'UPGRADE', NWIN);
  return t;
}

const OTHER_TABLE = 'taken in the other chat’s table';
/** At the start: today's usage is asked for, and the draft of this chat ('new' before it exists) read back. */
const startAsserts = (chatKey: string) => ({
  restoring: (_s: AnyMachineSnapshot, run: PathRun) =>
    expect(run.invocations).toEqual([
      { id: 'loadUsage', src: 'loadUsage', input: undefined },
      { id: 'restoreDraft', src: 'restoreDraft', input: { chatKey } },
    ]),
});
{
  const { states, transitions, walk } = existingChat();
  describeMachineTables(chatSessionMachine, {
    name: 'chat session: an existing chat',
    input: { chatId: 'c1', newClientId, now },
    view: chatSessionView,
    key: sessionKey,
    events,
    filterEvents: walk,
    states,
    transitions,
    assert: {
      ...startAsserts('c1'),
      // The sheet reads the recorder itself: the view hands over that very child.
      'ready.voice.open': (s: AnyMachineSnapshot) =>
        expect(chatSessionView(s as never).voiceRecorder).toBe(s.children.voiceRecorder),
    },
    unreachable: ['ready.send.settling'], // transient: `always` leaves it at once
    guardSides: {
      isNewChat: 'c1 is never new (the new chat’s table takes the other side)',
      isTopic: 'the tiles show only in an empty chat: the new chat’s table',
      isVoiceUnconfigured: 'this server has speech-to-text; the new chat’s server has none',
    },
    counts: { paths: 66, transitions: 119 },
  });
}
{
  const { states, transitions, walk } = newChat();
  describeMachineTables(chatSessionMachine, {
    name: 'chat session: a new chat',
    input: { chatId: 'new', newClientId, now, voiceInput: false },
    view: chatSessionView,
    key: sessionKey,
    events,
    filterEvents: walk,
    states,
    transitions,
    assert: startAsserts('new'),
    // A new chat never loads: its history, error and not-found states belong to existing chats; without
    // speech-to-text the recorder never opens.
    unreachable: [
      'loading',
      'notFound',
      'error',
      'ready.history.loadingOlder',
      'ready.history.olderFailed',
      'ready.send.settling',
      'ready.send.awaitingReply',
      'ready.send.checkingReply',
      'ready.send.sending.replying',
      'ready.voice.open',
    ],
    guardSides: {
      isNewChat: 'always new here (the existing chat’s table takes the other side)',
      isReplyWriting: 'nothing restored here was stored by the server',
      hasOlder: 'a new chat has no older messages',
      isVoiceUnconfigured: 'this server has no speech-to-text',
      ...Object.fromEntries(
        [
          'isMissing',
          'hasPracticeAccess',
          'isLockedPractice',
          'isDiarySuggestion',
          'isDiaryNotAvailable',
          'isDiaryLimitReached',
          'isVoiceNotAvailable',
          'isVoiceLimitReached',
          'isVoiceText',
          'isVoiceRefusedForPlan',
          'isVoiceRefusedForToday',
        ].map((g) => [g, OTHER_TABLE]),
      ),
    },
    counts: { paths: 21, transitions: 32 },
  });
}
