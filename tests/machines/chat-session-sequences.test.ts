// The chat session in sequences a graph cannot express on its own: a whole streamed send, the draft across app
// restarts, paging while a reply streams, the real voice recorder inside the chat, and the review's survivor (a send
// that succeeds after a 402 clears the refusal). The machine's states and transitions are the tables of
// chat-session.test.ts.
import { describe, expect, it } from 'vitest';
import { createActor, fromCallback, fromPromise, SimulatedClock, waitFor, type EventObject } from 'xstate';
import type { UsageInfo } from '../../contract/billing';
import type { ChatMessage } from '../../contract/chat';
import { EMPTY_DRAFT, type ChatDraft } from '../../machines/chat/chat-draft';
import {
  chatSessionMachine,
  chatSessionView,
  type ChatOpening,
  type ChatSendRequest,
  type ChatSessionInput,
  type ChatStreamMachineEvent,
  REPLY_RECHECK_MS,
  REPLY_RECHECKS,
} from '../../machines/chat/chat-session.machine';
import {
  voiceRecorderMachine,
  voiceRecorderView,
  type TranscribeRequest,
  type Transcript,
} from '../../machines/voice/voice-recorder.machine';
import { LONG_CHAT, makeChat, makeMessage, messages, usage } from './chat-fixtures';

let idCounter = 0;
const newClientId = () => `00000000-0000-4000-8000-${String(++idCounter).padStart(12, '0')}`;
const NOW = new Date('2025-03-10T12:00:00.000Z');
const UNSENT = { content: 'Мне тревожно перед экзаменом', clientId: '22222222-2222-4222-8222-222222222222' };
const UNAVAILABLE =
  'Ассистент сейчас недоступен. Ваше сообщение сохранено — попробуйте отправить его ещё раз чуть позже.';
const CREATED = makeChat(9, { id: 'c9', topic: 'Стресс и тревожность' });

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
          ? LONG_CHAT
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
    expect(view.messages).toEqual(LONG_CHAT.messages);
    expect(log).toEqual([
      ['toast', { key: 'limitReached', detail: 'Лимит токенов исчерпан' }],
      ['openUpgradeDialog', { key: 'messages_limit_reached' }],
    ]);
    expect(saved.get('c1')).toEqual({ text: 'Помоги разобраться', unsent: null });
  });

  // The review's survivor (issue 25): a send that succeeds after a 402 (the plan was upgraded, or a new day) must
  // clear the refusal, or the «exhausted» banner stays over a chat that works.
  it('a send that succeeds after a 402 clears the refusal: the banner follows the new usage', async () => {
    let attempt = 0;
    const reply = makeMessage(2, { id: 'a-after', content: 'Давайте разберёмся.', usage_info: usage(1000, 100) });
    const { actor, log, sends } = session(
      { chatId: 'c1' },
      {
        stream: (request, sendBack) => {
          attempt += 1;
          if (attempt === 1) sendBack({ type: 'ERROR', failure: { kind: 'limit', detail: 'Лимит токенов исчерпан' } });
          else {
            sendBack({ type: 'USER_MESSAGE', message: makeMessage(1, { id: 'u-after', content: request.content }) });
            sendBack({ type: 'DONE', chat: makeChat(1), message: reply });
          }
        },
      },
    );
    await ready(actor);
    actor.send({ type: 'TEXT.CHANGE', value: 'Помоги разобраться' });
    actor.send({ type: 'SEND' });
    await ready(actor);
    expect(actor.getSnapshot().context.limitRefused).toBe(true);
    expect(chatSessionView(actor.getSnapshot()).banner).toBe('exhausted');
    actor.send({ type: 'SEND' });
    await ready(actor);
    expect(attempt).toBe(2);
    // Nothing was stored the first time: the send again is a new message, with a client id of its own.
    expect(sends[1]!.clientId).not.toBe(sends[0]!.clientId);
    expect(actor.getSnapshot().context.limitRefused).toBe(false);
    // 100 of 1000 tokens used: no banner at all.
    expect(chatSessionView(actor.getSnapshot())).toMatchObject({ banner: 'hidden', text: '' });
    expect(chatSessionView(actor.getSnapshot()).messages.at(-1)).toEqual(reply);
    expect(log.filter(([name]) => name === 'openUpgradeDialog')).toEqual([
      ['openUpgradeDialog', { key: 'messages_limit_reached' }],
    ]);
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
    expect(actor.getSnapshot().context.messages).toEqual(LONG_CHAT.messages);
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

  it('reopened mid-reply: a look that finds no reply still shows whatever came since, the message unanswered', async () => {
    // Written from another device meanwhile (and answered there), and the chat renamed: not the awaited reply.
    const other = makeMessage(4, { id: 'm-other', role: 'user', content: 'Пишу с компьютера' });
    const otherReply = makeMessage(5, { id: 'a-other', role: 'assistant' });
    const renamed = makeChat(1, { topic: 'Бессонница' });
    for (const since of [[other], [other, otherReply]]) {
      const clock = new SimulatedClock();
      const pages = [
        writingUnsent,
        { chat: renamed, total: 3 + since.length, messages: [...writingUnsent.messages, ...since] },
      ];
      let loads = 0;
      const { actor } = session(
        { chatId: 'c1' },
        { draft: { text: '', unsent: UNSENT }, clock, opening: () => pages[loads++]! },
      );
      await waitFor(actor, (s) => s.matches({ ready: { send: 'awaitingReply' } }));
      clock.increment(REPLY_RECHECK_MS);
      await waitFor(actor, (s) => !s.matches({ ready: { send: 'checkingReply' } }));
      expect(loads).toBe(2);
      const view = chatSessionView(actor.getSnapshot());
      expect(view.messages.map((m) => m.id)).toEqual(['m1', 'm2', 'm-writing', ...since.map((m) => m.id)]);
      expect(view).toMatchObject({ topic: 'Бессонница', lastReply: null });
      expect(actor.getSnapshot().context.pending).toEqual({ ...UNSENT, messageId: 'm-writing' });
      actor.stop();
    }
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

  it('without an injected clock the device’s time decides whether «Помощь рядом» shows', async () => {
    for (const [until, nearby] of [
      ['2999-01-01T00:00:00.000Z', true],
      ['2000-01-01T00:00:00.000Z', false],
    ] as const) {
      const { actor } = session(
        { chatId: 'c1', now: undefined },
        { usage: { ...usage(1000, 0), help_nearby_until: until } },
      );
      await ready(actor);
      await waitFor(actor, (s) => s.context.usage !== null);
      expect(chatSessionView(actor.getSnapshot()).helpNearby).toBe(nearby);
      actor.stop();
    }
  });

  it('the recorder counts its seconds on the chat’s clock', async () => {
    const clock = new SimulatedClock();
    const pro: UsageInfo = { ...usage(1000, 0), tier: 'PRO', voice_seconds_limit: 600, voice_seconds_used: 0 };
    const { actor } = session(
      { chatId: 'c1', now: () => new Date(NOW.getTime() + clock.now()) },
      { usage: pro, clock },
    );
    await ready(actor);
    await waitFor(actor, (s) => s.context.usage !== null);
    actor.send({ type: 'MIC.PRESS' });
    const recorder = chatSessionView(actor.getSnapshot()).voiceRecorder!;
    clock.increment(3_500);
    expect(voiceRecorderView(recorder.getSnapshot())).toMatchObject({ status: 'recording', elapsedSeconds: 3 });
    actor.stop();
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
