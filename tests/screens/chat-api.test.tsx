// The chat's API module and its streaming actor over a stubbed fetch: the request a send makes, events read as
// they arrive (split anywhere, even inside a letter), the failures each mapped to what the machine must tell apart,
// the silence limit, and the abort when the session stops.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, createMachine, type EventObject } from 'xstate';
import type { ChatStreamEvent } from '../../contract/chat-stream';
import {
  ChatLimitError,
  ChatStreamBrokenError,
  ChatUnavailableError,
  listChatMessages,
  openChat,
  sendChatMessage,
  STREAM_IDLE_MS,
} from '../../src/api/chat';
import { chatActors, sendFailureOf } from '../../src/api/chat.actors';
import { readInitData } from '../../src/telegram/initData';
import { chat, message } from './chat-helpers';

const encoder = new TextEncoder();
const CLIENT_ID = '44444444-4444-4444-8444-444444444444';

/** An event stream response whose body the test writes chunk by chunk. */
function streamResponse() {
  let controller!: ReadableStreamDefaultController<Uint8Array>;
  const body = new ReadableStream<Uint8Array>({ start: (c) => void (controller = c) });
  return {
    response: new Response(body, { status: 200, headers: { 'Content-Type': 'text/event-stream' } }),
    write: (bytes: Uint8Array | string) =>
      controller.enqueue(typeof bytes === 'string' ? encoder.encode(bytes) : bytes),
    close: () => controller.close(),
  };
}

const sse = (event: string, data: unknown) => `event: ${event}\ndata: ${JSON.stringify(data)}\n\n`;
const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

let fetchMock: ReturnType<typeof vi.fn>;
/** Programs the next answers; like a real fetch, each call reads the request's body (ky waits for that). */
const answer = (...responses: Response[]) => {
  for (const response of responses) {
    fetchMock.mockImplementationOnce(async (request: Request) => {
      await request.clone().text();
      return response;
    });
  }
};
beforeEach(() => {
  localStorage.clear();
  localStorage.setItem('tg_init_data', 'user=%7B%22id%22%3A42%7D&hash=abc');
  readInitData();
  fetchMock = vi.fn();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('sendChatMessage', () => {
  it('posts the message with the init data, the time zone and Accept: text/event-stream; reads events as they arrive', async () => {
    const stream = streamResponse();
    answer(stream.response);
    const events: ChatStreamEvent[] = [];
    const sent = sendChatMessage(
      { chatId: null, content: 'Привет', clientId: CLIENT_ID },
      (e) => events.push(e),
      new AbortController().signal,
    );

    await vi.waitFor(() => expect(fetchMock).toHaveBeenCalled());
    const request = fetchMock.mock.calls[0]![0] as Request;
    expect(request.method).toBe('POST');
    expect(new URL(request.url).pathname).toBe('/api/chat/create-and-send');
    expect(request.headers.get('accept')).toBe('text/event-stream');
    expect(request.headers.get('x-init-data')).toBe('user=%7B%22id%22%3A42%7D&hash=abc');
    expect(request.headers.get('x-time-zone')).toBe(Intl.DateTimeFormat().resolvedOptions().timeZone);
    expect(await request.clone().json()).toEqual({ content: 'Привет', client_id: CLIENT_ID });

    const created = chat(9);
    const whole =
      sse('chat', created) + ': keep-alive\n\n' + sse('user_message', message(1)) + sse('delta', { text: 'Слышу вас' });
    // Split inside an event and inside a two-byte letter («ы» of «Слышу»).
    const bytes = encoder.encode(whole);
    const cut = encoder.encode(whole.slice(0, whole.indexOf('Слы') + 2)).length + 1;
    stream.write(bytes.slice(0, 40));
    stream.write(bytes.slice(40, cut));
    await vi.waitFor(() => expect(events).toHaveLength(2));
    stream.write(bytes.slice(cut));
    await vi.waitFor(() => expect(events).toHaveLength(3));
    expect(events.map((e) => e.event)).toEqual(['chat', 'user_message', 'delta']);
    expect(events[2]).toEqual({ event: 'delta', data: { text: 'Слышу вас' } });
    stream.write(sse('done', { chat: created, message: message(2) }));
    await sent;
    expect(events.at(-1)).toEqual({ event: 'done', data: { chat: created, message: message(2) } });
  });

  it('sends to an existing chat by its id', async () => {
    const stream = streamResponse();
    answer(stream.response);
    stream.write(sse('done', { chat: chat(1), message: message(2) }));
    await sendChatMessage({ chatId: 'c/1', content: 'x', clientId: CLIENT_ID }, () => {}, new AbortController().signal);
    expect(new URL((fetchMock.mock.calls[0]![0] as Request).url).pathname).toBe('/api/chat/c%2F1/send');
  });

  it('an error event, an early end, a 402, a 503 and a 404 each reject as themselves', async () => {
    const send = () =>
      sendChatMessage({ chatId: 'c1', content: 'x', clientId: CLIENT_ID }, () => {}, new AbortController().signal);
    const unavailable = { detail: 'Ассистент сейчас недоступен.', chat_id: 'c1', user_message_id: 'm1' };

    let stream = streamResponse();
    answer(stream.response);
    stream.write(sse('user_message', message(1)) + sse('error', unavailable));
    await expect(send()).rejects.toEqual(new ChatUnavailableError(unavailable));

    stream = streamResponse();
    answer(stream.response);
    stream.write(sse('user_message', message(1)));
    stream.close();
    await expect(send()).rejects.toBeInstanceOf(ChatStreamBrokenError);

    answer(json(402, { detail: 'Лимит токенов исчерпан', code: 'limit_reached' }));
    const limit = await send().catch((e: unknown) => e);
    expect(limit).toBeInstanceOf(ChatLimitError);
    expect((limit as ChatLimitError).detail).toBe('Лимит токенов исчерпан');

    answer(json(503, unavailable));
    await expect(send()).rejects.toMatchObject({ name: 'ChatUnavailableError', body: unavailable });

    answer(json(404, { detail: 'Чат не найден' }));
    await expect(send()).rejects.toMatchObject({ name: 'HTTPError' });
  });

  it('gives up on a reply that sends nothing for 45 s (the server’s keep-alive comes every 15 s)', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const stream = streamResponse();
    answer(stream.response);
    const sent = sendChatMessage(
      { chatId: 'c1', content: 'x', clientId: CLIENT_ID },
      () => {},
      new AbortController().signal,
    );
    const outcome = sent.catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(STREAM_IDLE_MS - 1000);
    stream.write(': keep-alive\n\n');
    await vi.advanceTimersByTimeAsync(STREAM_IDLE_MS - 1000);
    stream.write(sse('user_message', message(1)));
    await vi.advanceTimersByTimeAsync(STREAM_IDLE_MS + 1);
    expect(await outcome).toBeInstanceOf(ChatStreamBrokenError);
    expect(((await outcome) as Error).message).toBe('the reply went silent');
  });
});

describe('the chat actors', () => {
  it('sendMessage reports the stream as the session machine’s events, and aborts the request when stopped', async () => {
    const stream = streamResponse();
    answer(stream.response);
    const received: EventObject[] = [];
    const parent = createActor(
      createMachine({
        invoke: {
          id: 'send',
          src: chatActors.sendMessage,
          input: { chatId: null, content: 'Привет', clientId: CLIENT_ID },
        },
        on: { '*': { actions: ({ event }) => void received.push(event) } },
      }),
    ).start();
    stream.write(sse('chat', chat(9)) + sse('user_message', message(1)) + sse('delta', { text: 'Да' }));
    await vi.waitFor(() => expect(received).toHaveLength(3));
    expect(received).toEqual([
      { type: 'CHAT_CREATED', chat: chat(9) },
      { type: 'USER_MESSAGE', message: message(1) },
      { type: 'DELTA', text: 'Да' },
    ]);
    const request = fetchMock.mock.calls[0]![0] as Request;
    parent.stop();
    expect(request.signal.aborted).toBe(true);
  });

  it('maps failures: the limit (with the default words), the model, anything else logged', () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(sendFailureOf(new ChatLimitError(''))).toEqual({ kind: 'limit', detail: 'Лимит токенов исчерпан' });
    expect(sendFailureOf(new ChatLimitError('Свои слова'))).toEqual({ kind: 'limit', detail: 'Свои слова' });
    expect(
      sendFailureOf(new ChatUnavailableError({ detail: 'Недоступен', chat_id: null, user_message_id: null })),
    ).toEqual({
      kind: 'unavailable',
      detail: 'Недоступен',
    });
    expect(logged).not.toHaveBeenCalled();
    const boom = new TypeError('Failed to fetch');
    expect(sendFailureOf(boom)).toEqual({ kind: 'failed' });
    expect(logged).toHaveBeenCalledWith('chat: send failed', boom);
  });

  it('pages: latest counts from the newest; only user and assistant messages; a chat that is not yours is null', async () => {
    answer(json(200, { messages: [message(1), { ...message(2), role: 'system' }, message(3)], total: 3 }));
    const page = await listChatMessages('c1', { skip: 0, limit: 30, latest: true });
    const url = new URL((fetchMock.mock.calls[0]![0] as Request).url);
    expect(url.pathname).toBe('/api/chat/c1/messages');
    expect(Object.fromEntries(url.searchParams)).toEqual({ skip: '0', limit: '30', latest: 'true' });
    expect(page.messages.map((m) => m.id)).toEqual([message(1).id, message(3).id]);

    answer(json(404, { detail: 'Чат не найден' }), json(404, { detail: 'Чат не найден' }));
    await expect(openChat('c2', 30)).resolves.toBeNull();
  });
});
