// The chat's API calls, typed from contract/chat.ts. A send streams its reply: the same POST with
// `Accept: text/event-stream`, read as it arrives and split into events by the contract's decoder.
import type { HTTPError } from 'ky';
import type {
  Chat,
  ChatLimitBody,
  ChatListResponse,
  ChatMessage,
  ChatMessagesResponse,
  ChatSendBody,
  ChatUnavailable,
} from '../../contract/chat';
import { decodeChatStream, type ChatStreamEvent } from '../../contract/chat-stream';
import { api } from './client';
import { httpStatus } from './errors';

/** A reply that sends nothing (not even the server's 15 s keep-alive) for this long is given up. */
export const STREAM_IDLE_MS = 45_000;

export function listChats(query: { skip: number; limit: number }): Promise<ChatListResponse> {
  return api.get('api/chat/list', { searchParams: query }).json<ChatListResponse>();
}

/** The chat, or null when it does not exist or is someone else's (HTTP 404). */
export async function getChat(id: string): Promise<Chat | null> {
  try {
    return await api.get(`api/chat/${encodeURIComponent(id)}`).json<Chat>();
  } catch (err) {
    if (httpStatus(err) === 404) return null;
    throw err;
  }
}

/** Only user and assistant messages are ever shown (the contract has no others; a future role stays hidden). */
const shown = (messages: ChatMessage[]) => messages.filter((m) => m.role === 'user' || m.role === 'assistant');

/** A page of messages, oldest → newest; `latest` counts `skip` from the newest message. */
export async function listChatMessages(
  chatId: string,
  query: { skip: number; limit: number; latest?: boolean },
): Promise<ChatMessagesResponse> {
  const searchParams = { skip: query.skip, limit: query.limit, latest: String(query.latest ?? false) };
  const page = await api
    .get(`api/chat/${encodeURIComponent(chatId)}/messages`, { searchParams })
    .json<ChatMessagesResponse>();
  return { ...page, messages: shown(page.messages) };
}

/** A chat and its newest page of messages (asked for together), or null when it does not exist or is not yours. */
export async function openChat(
  chatId: string,
  pageSize: number,
): Promise<{ chat: Chat; messages: ChatMessage[]; total: number } | null> {
  try {
    const [chat, page] = await Promise.all([
      getChat(chatId),
      listChatMessages(chatId, { skip: 0, limit: pageSize, latest: true }),
    ]);
    return chat && { chat, messages: page.messages, total: page.total };
  } catch (err) {
    if (httpStatus(err) === 404) return null;
    throw err;
  }
}

export async function deleteChat(id: string): Promise<void> {
  await api.delete(`api/chat/${encodeURIComponent(id)}`);
}

/** A send the server refused for today's token limit (HTTP 402 `limit_reached`); nothing was stored. */
export class ChatLimitError extends Error {
  constructor(readonly detail: string) {
    super(detail);
    this.name = 'ChatLimitError';
  }
}

/** The model failed after the user message was stored (503, or the stream's `error` event). */
export class ChatUnavailableError extends Error {
  constructor(readonly body: ChatUnavailable) {
    super(body.detail);
    this.name = 'ChatUnavailableError';
  }
}

/** The stream ended, or went silent, before its `done`. */
export class ChatStreamBrokenError extends Error {
  constructor(reason: string) {
    super(reason);
    this.name = 'ChatStreamBrokenError';
  }
}

export interface ChatSendArgs {
  /** Null: create the chat with this first message. */
  chatId: string | null;
  content: string;
  clientId: string;
}

/**
 * Sends a message and streams the reply: `onEvent` gets the events in the server's order (`chat` when it creates
 * the chat, `user_message`, `delta`…, `done`); resolves after `done`. Rejects with ChatLimitError (402),
 * ChatUnavailableError (503 or the `error` event), ChatStreamBrokenError (the stream ended early or went silent),
 * or ky's error for any other failure.
 */
export async function sendChatMessage(
  { chatId, content, clientId }: ChatSendArgs,
  onEvent: (event: ChatStreamEvent) => void,
  signal: AbortSignal,
): Promise<void> {
  const path = chatId === null ? 'api/chat/create-and-send' : `api/chat/${encodeURIComponent(chatId)}/send`;
  const json: ChatSendBody = { content, client_id: clientId };
  let response: Response;
  try {
    // ky adds X-Init-Data and X-Time-Zone, sends a 401 to /init, and its timeout covers the wait for the headers.
    response = await api.post(path, { json, signal, headers: { Accept: 'text/event-stream' } });
  } catch (err) {
    throw await sendError(err);
  }
  if (!response.body || !(response.headers.get('content-type') ?? '').startsWith('text/event-stream')) {
    throw new ChatStreamBrokenError('the server did not answer with an event stream');
  }
  await readStream(response.body, onEvent, signal);
}

/** Reads the events as they arrive until `done`; an `error` event, an early end or STREAM_IDLE_MS of silence throw. */
async function readStream(
  body: ReadableStream<Uint8Array>,
  onEvent: (event: ChatStreamEvent) => void,
  signal: AbortSignal,
) {
  // TextDecoder with `stream` (not TextDecoderStream, missing from older iOS WebViews) keeps split characters whole.
  const reader = body.getReader();
  const decoder = new TextDecoder();
  const cancel = () => void reader.cancel().catch(() => {});
  let silent = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const arm = () => {
    clearTimeout(timer);
    timer = setTimeout(() => {
      silent = true;
      cancel(); // the pending read ends
    }, STREAM_IDLE_MS);
  };
  signal.addEventListener('abort', cancel);
  let buffer = '';
  try {
    for (arm(); ; arm()) {
      const { value, done } = await reader.read();
      if (done)
        throw new ChatStreamBrokenError(silent ? 'the reply went silent' : 'the reply ended before it was done');
      const decoded = decodeChatStream(buffer + decoder.decode(value, { stream: true }));
      buffer = decoded.rest;
      for (const event of decoded.events) {
        if (event.event === 'error') throw new ChatUnavailableError(event.data);
        onEvent(event);
        if (event.event === 'done') return;
      }
    }
  } finally {
    clearTimeout(timer);
    signal.removeEventListener('abort', cancel);
    cancel();
  }
}

/** 402 → ChatLimitError with the server's words; 503 → ChatUnavailableError; anything else as it is. */
async function sendError(err: unknown): Promise<unknown> {
  const status = httpStatus(err);
  if (status !== 402 && status !== 503) return err;
  try {
    const body = (await (err as HTTPError).response.clone().json()) as Partial<ChatLimitBody & ChatUnavailable>;
    if (status === 402 && body.code === 'limit_reached') return new ChatLimitError(String(body.detail ?? ''));
    if (status === 503 && typeof body.detail === 'string') {
      return new ChatUnavailableError({
        detail: body.detail,
        chat_id: body.chat_id ?? null,
        user_message_id: body.user_message_id ?? null,
      });
    }
  } catch {
    /* not JSON */
  }
  return err;
}
