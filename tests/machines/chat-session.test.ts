// Generated paths of the chat session machine (a new chat and an existing one), plus the sequences a graph cannot
// express on its own: a whole streamed send, the draft across app restarts, paging while a reply streams.
import { describe, expect, it } from 'vitest';
import {
  createActor,
  fromCallback,
  fromPromise,
  SimulatedClock,
  waitFor,
  type AnyMachineSnapshot,
  type EventObject,
} from 'xstate';
import type { UsageInfo } from '../../contract/billing';
import type { ChatMessage } from '../../contract/chat';
import { chatDraftKey, EMPTY_DRAFT, isTempMessage, type ChatDraft } from '../../machines/chat/chat-draft';
import {
  chatSessionMachine,
  chatSessionView,
  helpNearby,
  type ChatOpening,
  type ChatSendRequest,
  type ChatSessionContext,
  type ChatSessionInput,
  type ChatStreamMachineEvent,
  REPLY_RECHECK_MS,
  REPLY_RECHECKS,
} from '../../machines/chat/chat-session.machine';
import { checkAccess } from '../../machines/billing/daily-access';
import { voiceSecondsAllowed } from '../../machines/voice/voice-allowance';
import {
  voiceRecorderMachine,
  voiceRecorderView,
  type RecorderOutcome,
  type TranscribeRequest,
  type Transcript,
} from '../../machines/voice/voice-recorder.machine';
import { describeMachinePaths, type CaseEvent, type PathRun } from '../support/path-tests';
import { diaryMeta, makeChat, makeMessage, messages, practiceMeta, usage } from './chat-fixtures';

let idCounter = 0;
const newClientId = () => `00000000-0000-4000-8000-${String(++idCounter).padStart(12, '0')}`;
const NOW = new Date('2025-03-10T12:00:00.000Z');
const UNSENT = { content: 'Мне тревожно перед экзаменом', clientId: '22222222-2222-4222-8222-222222222222' };
const LIMIT_DETAIL = 'Лимит токенов исчерпан';
const UNAVAILABLE =
  'Ассистент сейчас недоступен. Ваше сообщение сохранено — попробуйте отправить его ещё раз чуть позже.';
const CREATED = makeChat(9, { id: 'c9', topic: 'Стресс и тревожность' });
/** A reply's usage after a crisis reply: the limit spent, and the after-crisis window open for three days. */
const IN_WINDOW: UsageInfo = { ...usage(1000, 1000), help_nearby_until: '2025-03-13T12:00:00.000Z' };

/** c1: 75 messages, the newest 30 loaded; a practice card without access and a diary card among them. */
const longChat: ChatOpening = {
  total: 75, // first: the graph tells event payloads apart by their first 80 characters
  chat: makeChat(1),
  messages: messages(46, 75).map((m) =>
    m.id === 'm70'
      ? { ...m, message_metadata: practiceMeta(false) }
      : m.id === 'm72'
        ? { ...m, message_metadata: diaryMeta }
        : m,
  ),
};
/** c1 whose last message is the restored unsent one: the server stored it, no reply yet (a 503 before the close). */
const storedUnsent: ChatOpening = {
  total: 2,
  chat: makeChat(1),
  messages: [
    makeMessage(1, { role: 'assistant' }),
    makeMessage(2, { id: 'm-stored', role: 'user', content: UNSENT.content }),
  ],
};

/** c1 whose last message is the restored unsent one, stored 30 s before NOW: its reply is still being written. */
const writingUnsent: ChatOpening = {
  total: 3,
  chat: makeChat(1),
  messages: [
    ...messages(1, 2),
    makeMessage(3, { id: 'm-writing', content: UNSENT.content, created_at: '2025-03-10T11:59:30.000Z' }),
  ],
};
/** The newest page read again once the reply to it was stored. */
const LATE_REPLY = makeMessage(4, { id: 'a-late', content: 'Слышу вас. Что тревожит сильнее всего?' });
const writingAnswered: ChatOpening = {
  total: 4,
  chat: makeChat(1),
  messages: [...writingUnsent.messages, LATE_REPLY],
};

/** What the machine keeps on the device for its chat. */
const draftOf = (c: ChatSessionContext): ChatDraft => ({
  text: c.text,
  unsent: c.pending ? { content: c.pending.content, clientId: c.pending.clientId } : null,
});

// Effects of one path run: the device store as saveDraft leaves it, and every effect with the event behind it.
const store = new Map<string, ChatDraft>();
const effects: Array<{ name: string; params: unknown; event: EventObject }> = [];
let checked = 0;
const record =
  (name: string) =>
  ({ event }: { event: EventObject }, params: unknown) =>
    void effects.push({ name, params, event });
const provide = () => {
  store.clear();
  effects.length = 0;
  checked = 0;
  idCounter = 0;
  return {
    actions: {
      saveDraft: ({ event }: { event: EventObject }, params: { chatKey: string; draft: ChatDraft }) => {
        effects.push({ name: 'saveDraft', params, event });
        if (params.draft.text === '' && params.draft.unsent === null) store.delete(params.chatKey);
        else store.set(params.chatKey, params.draft);
      },
      navigate: record('navigate'),
      toast: record('toast'),
      openUpgradeDialog: record('openUpgradeDialog'),
      haptic: record('haptic'),
    },
  };
};

const ofType = <T extends string>(e: EventObject, type: T) => e.type === type;
const messageById = (s: AnyMachineSnapshot, id: string) =>
  (s.context as ChatSessionContext).messages.find((m) => m.id === id);

/** Every effect since the last check, against the event that caused it: exact params, nothing unexpected. */
function checkNewEffects(s: AnyMachineSnapshot) {
  const c = s.context as ChatSessionContext;
  for (const { name, params, event } of effects.slice(checked)) {
    const where = `${name} after ${event.type}`;
    if (name === 'saveDraft') continue; // checked as an outcome: the store always equals the context (see ready)
    if (ofType(event, 'PRACTICE.OPEN')) {
      const meta = messageById(s, (event as unknown as { messageId: string }).messageId)?.message_metadata;
      expect(meta?.type, where).toBe('practice_suggestion');
      if (meta?.type !== 'practice_suggestion') continue;
      expect(params, where).toEqual(
        meta.has_access
          ? { to: `/app/practices/${meta.practice_type}`, state: { sourceType: 'ai_suggestion', sourceId: c.chatId } }
          : { to: '/app/profile/subscription' },
      );
      // A locked card offers no upgrade in the after-crisis window.
      expect(meta.has_access || !helpNearby(c.usage, NOW), where).toBe(true);
    } else if (ofType(event, 'DIARY.OPEN')) {
      const meta = messageById(s, (event as unknown as { messageId: string }).messageId)?.message_metadata;
      expect(meta, where).toEqual(diaryMeta);
      // The diary's gate: not on the plan or spent today → its dialog instead of the form.
      const decision = checkAccess('diary', c.usage);
      if (decision !== 'allowed') {
        expect([name, params], where).toEqual(['openUpgradeDialog', { key: `diary_${decision}` }]);
        continue;
      }
      expect(params, where).toEqual({
        to: '/app/diary/new',
        state: {
          suggestedContent: diaryMeta.suggested_content,
          suggestedTitle: diaryMeta.suggested_title,
          sourceType: 'ai_suggestion',
          sourceId: c.chatId,
        },
      });
    } else if (ofType(event, 'UPGRADE')) {
      expect([name, params], where).toEqual(['navigate', { to: '/app/profile/subscription' }]);
      expect(helpNearby(c.usage, NOW), where).toBe(false); // no upsell in the after-crisis window
    } else if (ofType(event, 'SAFETY_PLAN.OPEN')) {
      // Back from the plan returns to this chat.
      expect([name, params], where).toEqual([
        'navigate',
        { to: '/app/safety-plan', state: { from: c.chatId ? `/app/chat/${c.chatId}` : '/app/chat' } },
      ]);
    } else if (ofType(event, 'BACK')) {
      expect([name, params], where).toEqual(['navigate', { to: '/app/chat' }]);
    } else if (ofType(event, 'MIC.PRESS')) {
      // The gate: no STT on the server → the toast; the plan or today's seconds → their dialog; else no effect.
      const decision = checkAccess('voice', c.usage);
      expect([name, params], where).toEqual(
        !c.voiceInput
          ? ['toast', { key: 'voiceUnconfigured' }]
          : [
              'openUpgradeDialog',
              { key: decision === 'not_available' ? 'voice_not_available' : 'voice_limit_reached' },
            ],
      );
      expect(decision === 'allowed' && c.voiceInput, where).toBe(false);
    } else if (ofType(event, 'xstate.done.actor.voiceRecorder')) {
      const outcome = (event as unknown as { output: RecorderOutcome }).output;
      expect([name, params], where).toEqual(
        outcome.kind === 'text'
          ? ['haptic', { kind: 'success' }]
          : ['openUpgradeDialog', { key: outcome.kind === 'refused' ? `voice_${outcome.refusal}` : 'none' }],
      );
    } else if (ofType(event, 'CHAT_CREATED')) {
      expect([name, params], where).toEqual([
        'navigate',
        { to: '/app/chat/c9', replace: true, state: { createdChat: 'c9' } },
      ]);
    } else if (ofType(event, 'ERROR')) {
      expect((event as unknown as { failure: { kind: string } }).failure.kind, where).toBe('limit');
      expect(
        [
          ['toast', { key: 'limitReached', detail: LIMIT_DETAIL }],
          ['openUpgradeDialog', { key: 'messages_limit_reached' }],
        ],
        where,
      ).toContainEqual([name, params]);
    } else {
      throw new Error(`unexpected effect ${where}: ${JSON.stringify(params)}`);
    }
  }
  checked = effects.length;
}

const streamEvents = {
  // A new chat is created by its first send; an existing chat never reports one.
  CHAT_CREATED: (s: AnyMachineSnapshot): CaseEvent[] =>
    (s.context as ChatSessionContext).chatId === null ? [{ type: 'CHAT_CREATED', chat: CREATED }] : [],
  USER_MESSAGE: (s: AnyMachineSnapshot): CaseEvent[] => {
    const c = s.context as ChatSessionContext;
    if (!c.pending || !isTempMessage(c.pending.messageId)) return [];
    const stored: ChatMessage = makeMessage(1, {
      id: `u${c.messages.length}`,
      chat_id: c.chatId ?? 'c9',
      content: c.pending.content,
    });
    return [{ type: 'USER_MESSAGE', message: stored }];
  },
  DELTA: [{ type: 'DELTA', text: 'Похоже, ' }],
  DONE: (s: AnyMachineSnapshot): CaseEvent[] => {
    const c = s.context as ChatSessionContext;
    const reply = (over: Partial<ChatMessage>) =>
      makeMessage(2, { id: `a${c.messages.length}`, chat_id: c.chatId ?? 'c9', ...over });
    return [
      {
        type: 'DONE',
        chat: CREATED,
        message: reply({ message_metadata: practiceMeta(true), usage_info: usage(1000, 100) }),
      },
      { type: 'DONE', chat: CREATED, message: reply({ message_metadata: diaryMeta, usage_info: usage(1000, 1000) }) },
      // The crisis reply: the window opens (and the limit, spent, offers no upgrade).
      {
        type: 'DONE',
        chat: CREATED,
        message: reply({ safety: 'crisis', message_metadata: practiceMeta(true), usage_info: IN_WINDOW }),
      },
    ];
  },
  ERROR: [
    { type: 'ERROR', failure: { kind: 'limit', detail: LIMIT_DETAIL } },
    { type: 'ERROR', failure: { kind: 'unavailable', detail: UNAVAILABLE } },
    { type: 'ERROR', failure: { kind: 'failed' } },
  ],
};

/** Cards the graph may press: every suggestion shown, and an id that is none. */
const cardEvents =
  (type: 'PRACTICE.OPEN' | 'DIARY.OPEN') =>
  (s: AnyMachineSnapshot): CaseEvent[] => [
    ...(s.context as ChatSessionContext).messages
      .filter(
        (m) => m.message_metadata?.type === (type === 'PRACTICE.OPEN' ? 'practice_suggestion' : 'diary_suggestion'),
      )
      .map((m) => ({ type, messageId: m.id })),
    { type, messageId: 'none' },
  ];

/** Events that change nothing but effects: offered only where the chat rests, to keep the graph small. */
const SIDE_EVENTS = new Set([
  'PRACTICE.OPEN',
  'DIARY.OPEN',
  'UPGRADE',
  'MIC.PRESS',
  'BACK',
  'VOICE.TEXT',
  'xstate.done.actor.loadUsage',
  'HELP.OPEN',
  'SAFETY_PLAN.OPEN',
]);

/**
 * The stream's events in the order the server sends them: the chat (a new chat only), the stored user message,
 * then deltas and done, or an error event. A 402 is an HTTP answer before any event; a failure of the connection
 * may come at any time.
 */
function inStreamOrder(c: ChatSessionContext, e: EventObject): boolean {
  const stored = c.pending !== null && !isTempMessage(c.pending.messageId);
  switch (e.type) {
    case 'USER_MESSAGE':
      return c.chatId !== null;
    case 'DELTA':
    case 'DONE':
      return stored;
    case 'ERROR': {
      const kind = (e as unknown as { failure: { kind: string } }).failure.kind;
      return kind === 'limit'
        ? !stored && c.streamingText === '' && (c.chatId === null) === (c.chat === null || c.chatId !== null)
        : kind === 'unavailable'
          ? stored
          : true;
    }
    default:
      return true;
  }
}

/** What the after-crisis window changes: the header's help, the safety plan, and the upsells it quiets. */
const WINDOW_EVENTS = new Set(['HELP.OPEN', 'HELP.CLOSE', 'SAFETY_PLAN.OPEN', 'PRACTICE.OPEN', 'UPGRADE']);

const PAYLOAD_EVENTS = new Set(['CHAT_CREATED', 'USER_MESSAGE', 'PRACTICE.OPEN', 'DIARY.OPEN']);

const VOICE_SAID = 'и ещё сказанное голосом';
const TODAY: UsageInfo = { ...usage(1000, 950), tier: 'PRO', voice_seconds_limit: 600, voice_seconds_used: 590 };
/** How the recorder may end: the words (with today's usage after them), a refusal of either kind, or closed. */
const voiceOutcomes: RecorderOutcome[] = [
  { kind: 'text', text: VOICE_SAID, usage: { ...usage(1000, 100), voice_seconds_limit: 600, voice_seconds_used: 7 } },
  { kind: 'refused', refusal: 'not_available' },
  { kind: 'refused', refusal: 'limit_reached' },
  { kind: 'cancelled' },
];

const common = (input: ChatSessionInput) => ({
  input,
  paths: 'shortest' as const,
  maxPaths: 700, // the recorder's four outcomes after each way into the chat; the after-crisis window
  provide,
  filterEvents: (s: AnyMachineSnapshot, e: EventObject) =>
    // An event whose cases are empty here comes back bare: never send one without its payload.
    !(PAYLOAD_EVENTS.has(e.type) && Object.keys(e).length === 1) &&
    // The recorder's sheet is modal: while it is open only its outcome arrives (the sequences below mix them).
    (!s.matches({ ready: { voice: 'open' } }) || e.type === 'xstate.done.actor.voiceRecorder') &&
    // So is «Помощь рядом»: closed, or the safety plan.
    (!s.matches({ ready: { help: 'open' } }) || e.type === 'HELP.CLOSE' || e.type === 'SAFETY_PLAN.OPEN') &&
    // After the crisis reply the graph explores what the window changes (the sequences below go on sending).
    (!helpNearby((s.context as ChatSessionContext).usage, NOW) || WINDOW_EVENTS.has(e.type)) &&
    inStreamOrder(s.context as ChatSessionContext, e) &&
    (e.type !== 'TEXT.CHANGE' || !s.matches({ ready: { send: { sending: 'replying' } } })) &&
    // The tiles show only in an empty chat; older pages are asked for while nothing or the first words stream.
    (e.type !== 'TOPIC.SEND' || (s.context as ChatSessionContext).messages.length === 0) &&
    (e.type !== 'LOAD_OLDER' ||
      s.matches({ ready: { send: 'idle' } }) ||
      s.matches({ ready: { send: { sending: 'waiting' } } })) &&
    (!SIDE_EVENTS.has(e.type) ||
      (s.matches({ ready: { send: 'idle', history: 'idle' } }) && !(s.context as ChatSessionContext).text) ||
      (e.type === 'xstate.done.actor.loadUsage' && s.matches('restoring'))),
  serializeState: (s: AnyMachineSnapshot) => {
    const c = s.context as ChatSessionContext;
    return JSON.stringify([
      s.value,
      c.chatId,
      c.text.trim() !== '',
      c.pending ? (isTempMessage(c.pending.messageId) ? 'temp' : 'stored') : null,
      c.olderRemaining,
      c.limitRefused,
      // How many looks for a reply still being written (only while it is awaited: after, it changes nothing).
      s.matches({ ready: { send: 'awaitingReply' } }) || s.matches({ ready: { send: 'checkingReply' } })
        ? c.replyChecks
        : null,
      c.streamingText !== '',
      c.messages.length > 0,
      // What the microphone does, where it is pressed (elsewhere it would only multiply the states).
      s.matches({ ready: { send: 'idle', history: 'idle' } }) && !c.text && c.usage
        ? checkAccess('voice', c.usage)
        : null,
      helpNearby(c.usage, c.now()),
    ]);
  },
  events: {
    ...streamEvents,
    // Typing flips the composer between blank and not (the graph needs no more to reach every state).
    'TEXT.CHANGE': (s: AnyMachineSnapshot): CaseEvent[] => [
      {
        type: 'TEXT.CHANGE',
        value: (s.context as ChatSessionContext).text.trim() ? '   ' : 'Не могу уснуть\u0000 который день',
      },
    ],
    'TOPIC.SEND': [
      { type: 'TOPIC.SEND', text: 'Стресс и тревожность' },
      { type: 'TOPIC.SEND', text: ' ' },
    ],
    'VOICE.TEXT': [{ type: 'VOICE.TEXT', text: 'сказанное голосом' }],
    'xstate.done.actor.voiceRecorder': voiceOutcomes.map((output) => ({
      type: 'xstate.done.actor.voiceRecorder',
      output,
    })),
    'PRACTICE.OPEN': cardEvents('PRACTICE.OPEN'),
    'DIARY.OPEN': cardEvents('DIARY.OPEN'),
    'xstate.done.actor.restoreDraft': [
      { type: 'xstate.done.actor.restoreDraft', output: EMPTY_DRAFT },
      { type: 'xstate.done.actor.restoreDraft', output: { text: 'Недописанное', unsent: null } },
      { type: 'xstate.done.actor.restoreDraft', output: { text: '', unsent: UNSENT } },
    ],
    // A restored unsent message meets a history that stored it, or one that never got it (or answered it: the
    // sequences below); a plain draft, the long chat; no draft, also a chat that is gone.
    'xstate.done.actor.loadChat': (s: AnyMachineSnapshot): CaseEvent[] => {
      const c = s.context as ChatSessionContext;
      const outputs = c.pending ? [storedUnsent, writingUnsent, longChat] : c.text ? [longChat] : [null, longChat];
      return outputs.map((output) => ({ type: 'xstate.done.actor.loadChat', output }));
    },
    // Looking again for the reply still being written: it came, not yet, or the chat is gone.
    'xstate.done.actor.checkReply': [writingAnswered, writingUnsent, null].map((output) => ({
      type: 'xstate.done.actor.checkReply',
      output,
    })),
    'xstate.done.actor.loadOlder': (s: AnyMachineSnapshot): CaseEvent[] => {
      const left = (s.context as ChatSessionContext).olderRemaining;
      const from = left - Math.min(30, left) + 1;
      return [{ type: 'xstate.done.actor.loadOlder', output: { total: 75, messages: messages(from, left) } }];
    },
    // 50 tokens left (the banner's warning) and 10 voice seconds: the recorder opens for 10 s at most.
    'xstate.done.actor.loadUsage': [{ type: 'xstate.done.actor.loadUsage', output: TODAY }],
  },
  assert: {
    '#chatSession': (s: AnyMachineSnapshot) => checkNewEffects(s),
    restoring: (s: AnyMachineSnapshot, run: { invocations: Array<{ src: string; input: unknown }> }) => {
      expect(run.invocations.find((i) => i.src === 'restoreDraft')?.input).toEqual({ chatKey: input.chatId });
      expect(chatSessionView(s)).toMatchObject({
        status: 'loading',
        editable: false,
        canSend: false,
        showTopics: false,
      });
    },
    loading: (s: AnyMachineSnapshot, run: { invocations: Array<{ src: string; input: unknown }> }) => {
      expect(run.invocations.filter((i) => i.src === 'loadChat').at(-1)?.input).toEqual({ chatId: 'c1' });
      expect(chatSessionView(s)).toMatchObject({ status: 'loading', editable: false, messages: [] });
    },
    notFound: (s: AnyMachineSnapshot) => {
      expect(chatSessionView(s)).toMatchObject({ status: 'notFound', editable: false });
    },
    error: (s: AnyMachineSnapshot) => {
      expect(chatSessionView(s)).toMatchObject({ status: 'error', editable: false });
      expect(s.can({ type: 'RETRY' })).toBe(true);
    },
    ready: (s: AnyMachineSnapshot) => {
      const c = s.context as ChatSessionContext;
      const view = chatSessionView(s);
      // Nothing typed is lost: the device holds exactly the composer's text and the unanswered message.
      expect(store.get(chatDraftKey(c.chatId)) ?? EMPTY_DRAFT).toEqual(draftOf(c));
      if (c.chatId) expect(store.has('new')).toBe(false);
      expect(c.text).not.toContain('\u0000');
      expect(new Set(c.messages.map((m) => m.id)).size).toBe(c.messages.length);
      // Temp messages: only the pending one, and only until the server's copy replaced it.
      const temps = c.messages.filter((m) => isTempMessage(m.id));
      expect(temps.map((m) => m.id)).toEqual(
        c.pending && isTempMessage(c.pending.messageId) ? [c.pending.messageId] : [],
      );
      expect(view).toMatchObject({
        status: 'ready',
        editable: true,
        messages: c.messages,
        showMic: c.text.trim() === '',
        showTopics: c.messages.length === 0 && !s.matches({ ready: { send: 'sending' } }),
      });
      // The banner: usage 950/1000 → the warning; a reply's 1000/1000 or a 402 → exhausted; 100/1000 → hidden.
      const used = c.usage?.tokens_used;
      expect(view.banner).toBe(c.limitRefused || used === 1000 ? 'exhausted' : used === 950 ? 'low' : 'hidden');
      // The after-crisis window: only after the crisis reply's usage, until its end; then no upsell anywhere here.
      const nearby = c.usage === IN_WINDOW;
      expect(view).toMatchObject({
        helpNearby: nearby,
        quiet: nearby,
        helpOpen: s.matches({ ready: { help: 'open' } }),
      });
      expect(view.bannerUpgrade).toBe(view.banner === 'exhausted' && !nearby);
      expect(s.can({ type: 'UPGRADE' })).toBe(!nearby);
      expect(s.can({ type: 'SAFETY_PLAN.OPEN' })).toBe(true);
    },
    'ready.help.closed': (s: AnyMachineSnapshot) => {
      expect(s.can({ type: 'HELP.OPEN' })).toBe((s.context as ChatSessionContext).usage === IN_WINDOW);
      expect(s.can({ type: 'HELP.CLOSE' })).toBe(false);
    },
    'ready.help.open': (s: AnyMachineSnapshot, run: PathRun) => {
      expect(run.events.at(-1)?.type).toBe('HELP.OPEN');
      expect((s.context as ChatSessionContext).usage).toBe(IN_WINDOW);
      expect(chatSessionView(s)).toMatchObject({ helpOpen: true, helpNearby: true });
      expect(s.can({ type: 'HELP.CLOSE' })).toBe(true);
    },
    'ready.send.idle': (s: AnyMachineSnapshot, run: PathRun) => {
      const c = s.context as ChatSessionContext;
      expect(c.pending).toBeNull();
      expect(c.streamingText).toBe('');
      expect(chatSessionView(s)).toMatchObject({
        canSend: c.text.trim() !== '',
        typing: false,
        replyWriting: false,
        sending: false,
        failedMessageId: null,
      });
      // The reply that was still being written when the chat opened: shown, announced, the message answered.
      const event = run.events.at(-1) as (EventObject & { output?: ChatOpening | null }) | undefined;
      if (event?.type === 'xstate.done.actor.checkReply') {
        expect(event.output).toBe(writingAnswered);
        expect(c.messages.slice(-2).map((m) => m.id)).toEqual(['m-writing', 'a-late']);
        expect(chatSessionView(s).lastReply).toBe(LATE_REPLY);
      }
      // Right after a 402 the message is back in the composer (not in the list).
      const last = effects.at(-1);
      if (last?.name === 'saveDraft' && last.event.type === 'ERROR') {
        expect(c.text).toMatch(
          /^(Стресс и тревожность|Не могу уснуть который день|Недописанное|Мне тревожно перед экзаменом)/,
        );
      }
    },
    'ready.send.sending': (s: AnyMachineSnapshot, run: { invocations: Array<{ src: string; input: unknown }> }) => {
      const c = s.context as ChatSessionContext;
      const send = run.invocations.filter((i) => i.src === 'sendMessage').at(-1)!.input as ChatSendRequest;
      // Sent as typed (trimmed, without NUL), with its client id; to the chat once it exists.
      expect(send.content).toBe(c.pending!.content);
      expect(send.content).toMatch(
        /^(Стресс и тревожность|Не могу уснуть который день|Недописанное|Мне тревожно перед экзаменом)$/,
      );
      expect(send.clientId).toBe(c.pending!.clientId);
      expect(messageById(s, c.pending!.messageId)).toMatchObject({ role: 'user', content: send.content });
      expect(c.messages.at(-1)!.id).toBe(c.pending!.messageId);
      expect(chatSessionView(s)).toMatchObject({
        sending: true,
        canSend: false,
        showTopics: false,
        failedMessageId: null,
      });
    },
    'ready.send.sending.waiting': (s: AnyMachineSnapshot) => {
      expect(chatSessionView(s)).toMatchObject({ typing: true, streamingText: '' });
    },
    'ready.send.sending.replying': (s: AnyMachineSnapshot) => {
      expect(chatSessionView(s).typing).toBe(false);
      expect(chatSessionView(s).streamingText).toMatch(/^(Похоже, )+$/);
    },
    'ready.send.awaitingReply': (s: AnyMachineSnapshot, run: PathRun) => {
      const c = s.context as ChatSessionContext;
      // Only a stored message sent moments ago; looked for again after REPLY_RECHECK_MS, at most REPLY_RECHECKS.
      expect(c.messages.at(-1)!.id).toBe('m-writing');
      expect(c.pending!.messageId).toBe('m-writing');
      expect(c.replyChecks).toBeLessThan(REPLY_RECHECKS);
      expect(run.clock.now() % REPLY_RECHECK_MS).toBe(0);
      expect(chatSessionView(s)).toMatchObject({
        replyWriting: true,
        typing: false,
        sending: false,
        failedMessageId: null,
        canSend: false,
        pendingAtRisk: false,
      });
    },
    'ready.send.checkingReply': (s: AnyMachineSnapshot, run: PathRun) => {
      const c = s.context as ChatSessionContext;
      expect(run.invocations.filter((i) => i.src === 'loadChat').at(-1)).toMatchObject({
        id: 'checkReply',
        input: { chatId: 'c1' },
      });
      expect(run.clock.now()).toBe(c.replyChecks * REPLY_RECHECK_MS);
      expect(chatSessionView(s)).toMatchObject({ replyWriting: true, failedMessageId: null, canSend: false });
    },
    'ready.send.failed': (s: AnyMachineSnapshot) => {
      const c = s.context as ChatSessionContext;
      const view = chatSessionView(s);
      expect(view.replyWriting).toBe(false);
      // A message still being answered falls back to its resend only after every look found no reply (or failed).
      if (c.pending!.messageId === 'm-writing') expect(c.replyChecks).toBeGreaterThan(0);
      expect(view.failedMessageId).toBe(c.pending!.messageId);
      expect(messageById(s, c.pending!.messageId)).toMatchObject({ role: 'user', content: c.pending!.content });
      expect(view.failedEditable).toBe(isTempMessage(c.pending!.messageId));
      expect([null, UNAVAILABLE]).toContain(view.failureDetail);
      expect(view).toMatchObject({ canSend: false, typing: false, streamingText: '', sending: false });
      expect(view.pendingAtRisk).toBe(false); // everyday words: no crisis lines
    },
    'ready.history.loadingOlder': (
      s: AnyMachineSnapshot,
      run: { invocations: Array<{ src: string; input: unknown }> },
    ) => {
      // 75 messages, 30 shown: the 30 before them (skip 15), then the first 15.
      const left = (s.context as ChatSessionContext).olderRemaining;
      expect(run.invocations.filter((i) => i.src === 'loadOlder').at(-1)!.input).toEqual(
        left === 45 ? { chatId: 'c1', skip: 15, limit: 30 } : { chatId: 'c1', skip: 0, limit: 15 },
      );
      expect(chatSessionView(s)).toMatchObject({ loadingOlder: true, hasOlder: false });
    },
    'ready.history.idle': (s: AnyMachineSnapshot) => {
      const c = s.context as ChatSessionContext;
      expect(chatSessionView(s).hasOlder).toBe(c.olderRemaining > 0);
      // The oldest message shown is the one right after the remaining older ones.
      if (c.messages.length && c.chatId === 'c1' && c.olderRemaining + c.messages.length >= 75) {
        expect(c.messages[0]!.id).toBe(`m${c.olderRemaining + 1}`);
      }
    },
    'ready.history.olderFailed': (s: AnyMachineSnapshot) => {
      expect(chatSessionView(s)).toMatchObject({ olderFailed: true, loadingOlder: false, hasOlder: false });
    },
    'ready.voice.open': (s: AnyMachineSnapshot, run: PathRun) => {
      const c = s.context as ChatSessionContext;
      expect(run.events.at(-1)?.type).toBe('MIC.PRESS');
      expect(checkAccess('voice', c.usage)).toBe('allowed');
      // The recorder may record what today's voice seconds allow, at most its 60 s.
      const recorder = run.invocations.filter((i) => i.src === 'voiceRecorder').at(-1)!;
      expect(recorder.input).toEqual({
        maxSeconds: voiceSecondsAllowed(c.usage),
        clock: { now: expect.any(Function) },
        newClientId: c.newClientId,
      });
      expect(chatSessionView(s).voiceRecorder).toBe(s.children.voiceRecorder);
      expect(chatSessionView(s).voiceRecorder).toBeDefined();
    },
    'ready.voice.closed': (s: AnyMachineSnapshot, run: PathRun) => {
      const c = s.context as ChatSessionContext;
      expect(chatSessionView(s).voiceRecorder).toBeUndefined();
      const event = run.events.at(-1) as (EventObject & { output?: RecorderOutcome }) | undefined;
      if (event?.type !== 'xstate.done.actor.voiceRecorder') return;
      const outcome = event.output!;
      // The words land in the composer after what was typed (never sent), with today's usage from the answer;
      // a refusal marks today's usage so the gate refuses the next press itself.
      if (outcome.kind === 'text') {
        expect(c.text.endsWith(VOICE_SAID)).toBe(true);
        expect(c.usage).toBe(outcome.usage);
        expect(chatSessionView(s).sending).toBe(false);
      } else if (outcome.kind === 'refused') {
        expect(checkAccess('voice', c.usage)).toBe(c.usage === null ? 'allowed' : outcome.refusal);
      }
    },
  },
});

describe('a new chat', () => {
  describeMachinePaths(chatSessionMachine, {
    ...common({ chatId: 'new', newClientId, now: () => NOW }),
    // A new chat never loads: its history, error and not-found states belong to existing chats. Settling passes
    // through `always`, so it never rests there.
    unreachable: [
      'loading',
      'notFound',
      'error',
      'ready.history.loadingOlder',
      'ready.history.olderFailed',
      'ready.send.settling',
      'ready.send.awaitingReply',
      'ready.send.checkingReply',
    ],
  });
});

describe('an existing chat', () => {
  describeMachinePaths(chatSessionMachine, {
    ...common({ chatId: 'c1', newClientId, now: () => NOW }),
    unreachable: ['ready.send.settling'],
  });
});

/** The machine with scripted effects: `stream(request, sendBack)` plays the server's part of each send. */
function session(
  input: Partial<ChatSessionInput>,
  options: {
    draft?: ChatDraft;
    /** The chat as loaded: one answer, or each load's own (the newest messages read again). */
    opening?: ChatOpening | null | (() => ChatOpening | null);
    /** Time for the machine's delays (default: real time). */
    clock?: SimulatedClock;
    stream?: (request: ChatSendRequest, sendBack: (e: ChatStreamMachineEvent) => void) => void;
    older?: () => Promise<{ messages: ChatMessage[]; total: number }>;
    usage?: UsageInfo | null;
    /** The recorder's server side: its words, or a TranscribeFailure to reject with. */
    transcribe?: (request: TranscribeRequest) => Promise<Transcript>;
  } = {},
) {
  const log: Array<[string, unknown]> = [];
  const sends: ChatSendRequest[] = [];
  let stopped = 0;
  const saved = new Map<string, ChatDraft>();
  const microphone = { on: 0, off: 0 };
  // The real recorder, with a microphone that grants at once and a recorder that hands over a little audio.
  const voiceRecorder = voiceRecorderMachine.provide({
    actors: {
      microphone: fromCallback(({ sendBack }) => {
        microphone.on++;
        sendBack({ type: 'MICROPHONE.READY', stream: {} as MediaStream });
        return () => void microphone.off++;
      }),
      mediaRecorder: fromCallback(({ sendBack, receive }) => {
        receive((e) => {
          if (e.type === 'STOP') sendBack({ type: 'RECORDER.DONE', audio: new Blob(['opus']) });
        });
      }),
      levelMeter: fromCallback(() => undefined),
      transcribe: fromPromise<Transcript, TranscribeRequest>(({ input }) =>
        options.transcribe ? options.transcribe(input) : Promise.reject(new Error('no speech server')),
      ),
    },
  });
  const machine = chatSessionMachine.provide({
    actors: {
      restoreDraft: fromPromise(async () => options.draft ?? EMPTY_DRAFT),
      loadChat: fromPromise(async () =>
        options.opening === undefined
          ? longChat
          : typeof options.opening === 'function'
            ? options.opening()
            : options.opening,
      ),
      loadUsage: fromPromise<UsageInfo | null, void>(async () =>
        options.usage === undefined ? usage(1000, 0) : options.usage,
      ),
      loadOlder: fromPromise(options.older ?? (async () => ({ messages: messages(16, 45), total: 75 }))),
      sendMessage: fromCallback<EventObject, ChatSendRequest>(({ input: request, sendBack }) => {
        sends.push(request);
        options.stream?.(request, sendBack);
        return () => void (stopped += 1);
      }),
      voiceRecorder,
    },
    actions: {
      navigate: (_, params) => void log.push(['navigate', params]),
      haptic: (_, params) => void log.push(['haptic', params]),
      toast: (_, params) => void log.push(['toast', params]),
      openUpgradeDialog: (_, params) => void log.push(['openUpgradeDialog', params]),
      saveDraft: (_, { chatKey, draft }) => void saved.set(chatKey, draft),
    },
  });
  const actor = createActor(machine, {
    input: { chatId: 'new', newClientId, now: () => NOW, ...input },
    ...(options.clock ? { clock: options.clock } : {}),
  }).start();
  return { actor, log, sends, saved, microphone, stopped: () => stopped };
}

const ready = (actor: ReturnType<typeof session>['actor']) =>
  waitFor(actor, (s) => s.matches({ ready: { send: 'idle' } }));

describe('chat session machine: sequences', () => {
  it('a new chat: the first send creates it, the route is replaced, the reply streams in and is kept', async () => {
    let push!: (e: ChatStreamMachineEvent) => void;
    const { actor, log, sends, saved } = session({}, { stream: (_, sendBack) => (push = sendBack) });
    await ready(actor);
    actor.send({ type: 'TEXT.CHANGE', value: '  Не могу уснуть  ' });
    actor.send({ type: 'SEND' });
    actor.send({ type: 'SEND' }); // a running send: ignored
    expect(sends).toEqual([{ chatId: null, content: 'Не могу уснуть', clientId: expect.stringMatching(/^0{8}-/) }]);
    const { clientId } = sends[0]!;
    let view = chatSessionView(actor.getSnapshot());
    expect(view).toMatchObject({ typing: true, text: '', showMic: true, showTopics: false, canSend: false });
    expect(view.messages).toEqual([
      expect.objectContaining({ id: `temp-${clientId}`, role: 'user', content: 'Не могу уснуть' }),
    ]);
    expect(saved.get('new')).toEqual({ text: '', unsent: { content: 'Не могу уснуть', clientId } });

    push({ type: 'CHAT_CREATED', chat: CREATED });
    expect(log).toContainEqual(['navigate', { to: '/app/chat/c9', replace: true, state: { createdChat: 'c9' } }]);
    expect(saved.get('new')).toEqual(EMPTY_DRAFT);
    expect(saved.get('c9')).toEqual({ text: '', unsent: { content: 'Не могу уснуть', clientId } });
    const stored = makeMessage(1, { id: 'u1', chat_id: 'c9', content: 'Не могу уснуть' });
    push({ type: 'USER_MESSAGE', message: stored });
    push({ type: 'DELTA', text: 'Похоже, ' });
    push({ type: 'DELTA', text: 'вам тревожно.' });
    view = chatSessionView(actor.getSnapshot());
    expect(view).toMatchObject({
      typing: false,
      streamingText: 'Похоже, вам тревожно.',
      topic: 'Стресс и тревожность',
    });
    expect(view.messages).toEqual([stored]);
    const reply = makeMessage(2, {
      id: 'a1',
      chat_id: 'c9',
      content: 'Похоже, вам тревожно.',
      usage_info: usage(1000, 920),
    });
    push({ type: 'DONE', chat: CREATED, message: reply });
    view = chatSessionView(actor.getSnapshot());
    expect(view).toMatchObject({ streamingText: '', sending: false, banner: 'low' });
    expect(view.messages).toEqual([stored, reply]);
    expect(saved.get('c9')).toEqual(EMPTY_DRAFT);
  });

  it('blank text and a blank tile are ignored; a tile sends its text and leaves the composer alone', async () => {
    const { actor, sends } = session({});
    await ready(actor);
    actor.send({ type: 'TEXT.CHANGE', value: ' \n ' });
    actor.send({ type: 'SEND' });
    actor.send({ type: 'TOPIC.SEND', text: '  ' });
    expect(sends).toEqual([]);
    actor.send({ type: 'TOPIC.SEND', text: 'Нехватка мотивации' });
    expect(sends.map((s) => s.content)).toEqual(['Нехватка мотивации']);
    expect(actor.getSnapshot().context.text).toBe(' \n ');
  });

  it('402: the text goes back to the composer, the server’s words show and the upgrade dialog opens', async () => {
    const { actor, log, saved } = session(
      { chatId: 'c1' },
      {
        stream: (_, sendBack) =>
          sendBack({ type: 'ERROR', failure: { kind: 'limit', detail: 'Лимит токенов исчерпан' } }),
      },
    );
    await ready(actor);
    actor.send({ type: 'TEXT.CHANGE', value: 'Помоги разобраться' });
    actor.send({ type: 'SEND' });
    await ready(actor);
    const view = chatSessionView(actor.getSnapshot());
    expect(view).toMatchObject({ text: 'Помоги разобраться', banner: 'exhausted', failedMessageId: null });
    expect(view.messages).toEqual(longChat.messages);
    expect(log).toEqual([
      ['toast', { key: 'limitReached', detail: 'Лимит токенов исчерпан' }],
      ['openUpgradeDialog', { key: 'messages_limit_reached' }],
    ]);
    expect(saved.get('c1')).toEqual({ text: 'Помоги разобраться', unsent: null });
  });

  it('a failed send keeps its message; «Отправить ещё раз» resends the same content and client id', async () => {
    let attempt = 0;
    const { actor, sends, log } = session(
      { chatId: 'c1' },
      {
        stream: (request, sendBack) => {
          attempt += 1;
          const stored = makeMessage(1, { id: 'u-stored', content: request.content });
          sendBack({ type: 'USER_MESSAGE', message: stored });
          if (attempt === 1) sendBack({ type: 'ERROR', failure: { kind: 'unavailable', detail: UNAVAILABLE } });
          else sendBack({ type: 'DONE', chat: makeChat(1), message: makeMessage(2, { id: 'a-late' }) });
        },
      },
    );
    await ready(actor);
    actor.send({ type: 'TEXT.CHANGE', value: 'Тяжёлый день' });
    actor.send({ type: 'SEND' });
    await waitFor(actor, (s) => s.matches({ ready: { send: 'failed' } }));
    let view = chatSessionView(actor.getSnapshot());
    expect(view).toMatchObject({
      failedMessageId: 'u-stored',
      failureDetail: UNAVAILABLE,
      failedEditable: false,
      canSend: false,
    });
    actor.send({ type: 'SEND' }); // not while a message waits for its resend
    actor.send({ type: 'RETRY_SEND' });
    await ready(actor);
    expect(sends).toHaveLength(2);
    expect(sends[1]).toEqual(sends[0]);
    view = chatSessionView(actor.getSnapshot());
    expect(view.messages.map((m) => m.id).slice(-2)).toEqual(['u-stored', 'a-late']);
    expect(log).toEqual([]); // other failures are not toasted
  });

  it('a risk message the server never answered brings the crisis lines on the device, until it is answered', async () => {
    let attempt = 0;
    const { actor } = session(
      { chatId: 'c1' },
      {
        stream: (_, sendBack) => {
          attempt += 1;
          if (attempt === 1) sendBack({ type: 'ERROR', failure: { kind: 'failed' } });
        },
      },
    );
    await ready(actor);
    const atRisk = () => chatSessionView(actor.getSnapshot()).pendingAtRisk;
    actor.send({ type: 'TEXT.CHANGE', value: 'хочу умереть' });
    expect(atRisk()).toBe(false); // typed, not sent
    actor.send({ type: 'SEND' });
    await waitFor(actor, (s) => s.matches({ ready: { send: 'failed' } }));
    expect(atRisk()).toBe(true);
    actor.send({ type: 'RETRY_SEND' });
    expect(atRisk()).toBe(false); // the send runs: the server's crisis reply is on its way
    actor.send({ type: 'DONE', chat: makeChat(1), message: makeMessage(2, { id: 'a-crisis' }) });
    expect(atRisk()).toBe(false);
  });

  it('«Создать запись» passes the diary’s gate: no diary on the plan or none left today opens the dialog', async () => {
    const diaryUsage = (limit: number | null, used: number): UsageInfo => ({
      ...usage(1000, 0),
      diary_entries_limit: limit,
      diary_entries_used: used,
    });
    for (const [today, effect] of [
      [diaryUsage(null, 0), ['openUpgradeDialog', { key: 'diary_not_available' }]],
      [diaryUsage(3, 3), ['openUpgradeDialog', { key: 'diary_limit_reached' }]],
      [diaryUsage(3, 2), ['navigate', expect.objectContaining({ to: '/app/diary/new' })]],
      [null, ['navigate', expect.objectContaining({ to: '/app/diary/new' })]], // usage unknown: the server decides
    ] as const) {
      const { actor, log } = session({ chatId: 'c1' }, { usage: today });
      await ready(actor);
      await waitFor(actor, (s) => s.context.usage === today);
      actor.send({ type: 'DIARY.OPEN', messageId: 'm72' });
      expect(log).toEqual([effect]);
      actor.stop();
    }
  });

  it('«Изменить» takes a message that never reached the server back into the composer', async () => {
    const { actor, saved } = session(
      { chatId: 'c1' },
      { stream: (_, sendBack) => sendBack({ type: 'ERROR', failure: { kind: 'failed' } }) },
    );
    await ready(actor);
    actor.send({ type: 'TEXT.CHANGE', value: 'Первое' });
    actor.send({ type: 'SEND' });
    actor.send({ type: 'TEXT.CHANGE', value: 'второе' });
    await waitFor(actor, (s) => s.matches({ ready: { send: 'failed' } }));
    expect(chatSessionView(actor.getSnapshot()).failedEditable).toBe(true);
    actor.send({ type: 'EDIT_UNSENT' });
    expect(actor.getSnapshot().context.text).toBe('Первое\nвторое');
    expect(actor.getSnapshot().context.messages).toEqual(longChat.messages);
    expect(saved.get('c1')).toEqual({ text: 'Первое\nвторое', unsent: null });
  });

  it('reopened after the app was closed: an answered message is forgotten, an unsent one offers its resend', async () => {
    const answered = session(
      { chatId: 'c1' },
      {
        draft: { text: 'ещё пишу', unsent: UNSENT },
        opening: {
          ...storedUnsent,
          messages: [...storedUnsent.messages, makeMessage(3, { id: 'a3', role: 'assistant' })],
          total: 3,
        },
      },
    );
    await ready(answered.actor);
    expect(answered.actor.getSnapshot().context).toMatchObject({ text: 'ещё пишу', pending: null });
    expect(answered.saved.get('c1')).toEqual({ text: 'ещё пишу', unsent: null });

    const unsent = session({ chatId: 'c1' }, { draft: { text: '', unsent: UNSENT } });
    await waitFor(unsent.actor, (s) => s.matches({ ready: { send: 'failed' } }));
    const view = chatSessionView(unsent.actor.getSnapshot());
    expect(view.failedMessageId).toBe(`temp-${UNSENT.clientId}`);
    expect(view.messages.at(-1)).toMatchObject({ role: 'user', content: UNSENT.content });
    unsent.actor.send({ type: 'RETRY_SEND' });
    expect(unsent.sends).toEqual([{ chatId: 'c1', content: UNSENT.content, clientId: UNSENT.clientId }]);
  });

  it('reopened mid-reply: «Ответ ещё пишется…», a look again in a few seconds, and the reply shows', async () => {
    const clock = new SimulatedClock();
    const pages = [writingUnsent, writingUnsent, writingAnswered];
    let loads = 0;
    const { actor, sends, saved } = session(
      { chatId: 'c1' },
      { draft: { text: '', unsent: UNSENT }, clock, opening: () => pages[loads++]! },
    );
    await waitFor(actor, (s) => s.matches({ ready: { send: 'awaitingReply' } }));
    let view = chatSessionView(actor.getSnapshot());
    // Not a failed send: no resend offered, no second model call started.
    expect(view).toMatchObject({ replyWriting: true, failedMessageId: null, typing: false, canSend: false });
    expect(view.messages.at(-1)!.id).toBe('m-writing');
    clock.increment(REPLY_RECHECK_MS - 1);
    expect(loads).toBe(1);
    clock.increment(1);
    expect(loads).toBe(2);
    await waitFor(actor, (s) => s.matches({ ready: { send: 'awaitingReply' } })); // not yet
    expect(chatSessionView(actor.getSnapshot()).replyWriting).toBe(true);
    clock.increment(REPLY_RECHECK_MS);
    await ready(actor);
    view = chatSessionView(actor.getSnapshot());
    expect(view).toMatchObject({ replyWriting: false, failedMessageId: null, lastReply: LATE_REPLY });
    expect(view.messages.map((m) => m.id)).toEqual(['m1', 'm2', 'm-writing', 'a-late']);
    expect(saved.get('c1')).toEqual(EMPTY_DRAFT); // answered: nothing left to resend
    expect(sends).toEqual([]);
  });

  it('reopened mid-reply, and no reply after every look: the message offers its resend', async () => {
    const clock = new SimulatedClock();
    let loads = 0;
    const { actor, sends } = session(
      { chatId: 'c1' },
      { draft: { text: '', unsent: UNSENT }, clock, opening: () => (loads++, writingUnsent) },
    );
    for (let look = 1; look <= REPLY_RECHECKS; look++) {
      await waitFor(actor, (s) => s.matches({ ready: { send: 'awaitingReply' } }));
      clock.increment(REPLY_RECHECK_MS);
    }
    await waitFor(actor, (s) => s.matches({ ready: { send: 'failed' } }));
    expect(loads).toBe(1 + REPLY_RECHECKS);
    expect(chatSessionView(actor.getSnapshot())).toMatchObject({
      replyWriting: false,
      failedMessageId: 'm-writing',
      failedEditable: false,
    });
    actor.send({ type: 'RETRY_SEND' });
    expect(sends).toEqual([{ chatId: 'c1', content: UNSENT.content, clientId: UNSENT.clientId }]);
  });

  it('older pages load while a reply streams; leaving stops the stream', async () => {
    let push!: (e: ChatStreamMachineEvent) => void;
    const { actor, stopped } = session({ chatId: 'c1' }, { stream: (_, sendBack) => (push = sendBack) });
    await ready(actor);
    actor.send({ type: 'TOPIC.SEND', text: 'Поиск смысла и целей' });
    push({ type: 'USER_MESSAGE', message: makeMessage(101, { id: 'u101', content: 'Поиск смысла и целей' }) });
    push({ type: 'DELTA', text: 'Давайте' });
    actor.send({ type: 'LOAD_OLDER' });
    await waitFor(actor, (s) => s.matches({ ready: { history: 'idle' } }));
    const { messages: shown, olderRemaining } = actor.getSnapshot().context;
    expect(shown[0]!.id).toBe('m16');
    expect(olderRemaining).toBe(15);
    expect(chatSessionView(actor.getSnapshot()).streamingText).toBe('Давайте');
    expect(stopped()).toBe(0);
    actor.stop();
    expect(stopped()).toBe(1);
  });

  it('the microphone: the recorder opens recording at once; its words land in the composer, unsent', async () => {
    const pro: UsageInfo = { ...usage(1000, 0), tier: 'PRO', voice_seconds_limit: 600, voice_seconds_used: 590 };
    const after: UsageInfo = { ...pro, voice_seconds_used: 597 };
    const uploads: TranscribeRequest[] = [];
    const { actor, log, sends, saved, microphone } = session(
      { chatId: 'c1' },
      {
        usage: pro,
        transcribe: async (request) => (uploads.push(request), { text: 'мне не спится', usage: after }),
      },
    );
    await ready(actor);
    await waitFor(actor, (s) => s.context.usage !== null);
    actor.send({ type: 'TEXT.CHANGE', value: 'Добрый вечер.' });
    actor.send({ type: 'MIC.PRESS' });
    const recorder = chatSessionView(actor.getSnapshot()).voiceRecorder!;
    expect(voiceRecorderView(recorder.getSnapshot())).toMatchObject({ status: 'recording', maxSeconds: 10 });
    expect(microphone).toEqual({ on: 1, off: 0 });
    actor.send({ type: 'MIC.PRESS' }); // the sheet is open: ignored
    recorder.send({ type: 'STOP' });
    await waitFor(actor, (s) => s.matches({ ready: { voice: 'closed' } }));
    expect(microphone).toEqual({ on: 1, off: 1 });
    expect(uploads).toHaveLength(1);
    const view = chatSessionView(actor.getSnapshot());
    expect(view).toMatchObject({ text: 'Добрый вечер. мне не спится', voiceRecorder: undefined, sending: false });
    expect(actor.getSnapshot().context.usage).toBe(after);
    expect(sends).toEqual([]); // never sent unseen
    expect(saved.get('c1')).toEqual({ text: 'Добрый вечер. мне не спится', unsent: null });
    expect(log).toEqual([['haptic', { kind: 'success' }]]);
  });

  it.each([
    ['a server without speech-to-text', false, usage(1000, 0), ['toast', { key: 'voiceUnconfigured' }]],
    ['START: voice input not on the plan', true, usage(1000, 0), ['openUpgradeDialog', { key: 'voice_not_available' }]],
    [
      'today’s voice seconds spent',
      true,
      { ...usage(1000, 0), voice_seconds_limit: 600, voice_seconds_used: 600 },
      ['openUpgradeDialog', { key: 'voice_limit_reached' }],
    ],
  ] as const)('the gate: %s → nothing is recorded', async (_name, voiceInput, today, effect) => {
    const { actor, log, microphone } = session({ chatId: 'c1', voiceInput }, { usage: today });
    await ready(actor);
    await waitFor(actor, (s) => s.context.usage !== null);
    actor.send({ type: 'MIC.PRESS' });
    expect(log).toEqual([effect]);
    expect(chatSessionView(actor.getSnapshot()).voiceRecorder).toBeUndefined();
    expect(microphone.on).toBe(0);
  });

  it('402 from the server: the dialog opens, and the next press is refused without recording', async () => {
    const pro: UsageInfo = { ...usage(1000, 0), tier: 'PRO', voice_seconds_limit: 600, voice_seconds_used: 100 };
    const { actor, log, microphone } = session(
      { chatId: 'c1' },
      { usage: pro, transcribe: () => Promise.reject({ kind: 'refused', refusal: 'limit_reached' }) },
    );
    await ready(actor);
    await waitFor(actor, (s) => s.context.usage !== null);
    actor.send({ type: 'MIC.PRESS' });
    chatSessionView(actor.getSnapshot()).voiceRecorder!.send({ type: 'STOP' });
    await waitFor(actor, (s) => s.matches({ ready: { voice: 'closed' } }));
    actor.send({ type: 'MIC.PRESS' });
    expect(log).toEqual([
      ['openUpgradeDialog', { key: 'voice_limit_reached' }],
      ['openUpgradeDialog', { key: 'voice_limit_reached' }],
    ]);
    expect(microphone).toEqual({ on: 1, off: 1 });
    expect(actor.getSnapshot().context.text).toBe('');
  });

  it('leaving the chat while recording releases the microphone', async () => {
    const { actor, microphone } = session({ chatId: 'c1' }, { usage: null });
    await ready(actor);
    actor.send({ type: 'MIC.PRESS' });
    expect(microphone).toEqual({ on: 1, off: 0 });
    actor.stop();
    expect(microphone).toEqual({ on: 1, off: 1 });
  });
});
