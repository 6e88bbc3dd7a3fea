// Shared pieces of the chat screen tests: the chat routes in a memory router for a signed-in user, chats and
// messages, and a scripted streamed send.
import { act, waitFor } from '@testing-library/react';
import { Route, Routes } from 'react-router-dom';
import { expect, vi } from 'vitest';
import type { Chat, ChatMessage } from '../../contract/chat';
import type { ChatStreamEvent } from '../../contract/chat-stream';
import { sendChatMessage, type ChatSendArgs } from '../../src/api/chat';
import ChatListScreen from '../../src/screens/chat/ChatListScreen';
import ChatScreen from '../../src/screens/chat/ChatScreen';
import { makeChat, makeMessage } from '../machines/chat-fixtures';
import { renderWithProviders, signedIn } from './render-app';

/** The signed-in user of the chat screen tests (drafts are kept per Telegram id). */
export const CHAT_USER = { first_name: 'Анна', telegram_id: 42 };
export const NOW = new Date(2025, 2, 10, 15, 30);

/** Renders the chat routes at `path` for a signed-in user (`voiceInput`: what the server said it can do). */
export async function renderChat(path: string, options: { now?: Date; voiceInput?: boolean } = {}) {
  const user = { ...CHAT_USER, capabilities: { voice_input: options.voiceInput ?? true } };
  const actor = signedIn(user as { first_name: string });
  actor.start();
  await waitFor(() => expect(actor.getSnapshot().matches('authenticated')).toBe(true));
  return renderWithProviders(
    <Routes>
      <Route path="/app/chat" element={<ChatListScreen now={options.now ?? NOW} />} />
      <Route path="/app/chat/:chatId" element={<ChatScreen />} />
      <Route path="*" element={<p>elsewhere</p>} />
    </Routes>,
    { path, actor },
  );
}

const uuid = (prefix: string, n: number) => `${prefix}0000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

/** A chat as the server lists it: a UUID, a topic, last active `n` minutes before NOW. */
export function chat(n: number, over: Partial<Chat> = {}): Chat {
  const at = new Date(NOW.getTime() - n * 60_000).toISOString();
  return makeChat(n, {
    id: uuid('0', n),
    topic: `Разговор ${n}`,
    last_message_at: at,
    created_at: at,
    updated_at: at,
    ...over,
  });
}
export const chats = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => chat(from + i));

/** A message of chat(1) (odd: the user's, even: the assistant's). */
export const message = (n: number, over: Partial<ChatMessage> = {}): ChatMessage =>
  makeMessage(n, { id: uuid('1', n), chat_id: chat(1).id, ...over });
export const messages = (from: number, to: number) =>
  Array.from({ length: to - from + 1 }, (_, i) => message(from + i));

/**
 * Programs the mocked sendChatMessage: each call is recorded; `emit` plays the server's events into the running
 * send, `finish()` / `fail(error)` end it.
 */
export function scriptedSends() {
  const calls: ChatSendArgs[] = [];
  let current: {
    onEvent: (e: ChatStreamEvent) => void;
    resolve: () => void;
    reject: (e: unknown) => void;
    signal: AbortSignal;
  } | null = null;
  vi.mocked(sendChatMessage).mockImplementation(
    (args, onEvent, signal) =>
      new Promise<void>((resolve, reject) => {
        calls.push(args);
        current = { onEvent, resolve, reject, signal };
      }),
  );
  return {
    calls,
    signal: () => current?.signal,
    emit: (...events: ChatStreamEvent[]) => act(() => events.forEach((e) => current!.onEvent(e))),
    finish: () => act(async () => current!.resolve()),
    fail: (error: unknown) => act(async () => current!.reject(error)),
  };
}
