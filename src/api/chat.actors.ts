// The chat's calls as the chat machines name them, ready for useFlow (a module of its own, so screen tests that
// program src/api/chat.ts with vi.mock still run these real actors over their fakes). The send is a callback
// actor: it turns the reply's stream into the session machine's events and aborts the request when stopped.
import { fromCallback, fromPromise, type EventObject } from 'xstate';
import type { ChatListResponse, ChatMessagesResponse } from '../../contract/chat';
import { CHAT_MESSAGES_PAGE_SIZE, TOKENS_EXHAUSTED_DETAIL } from '../../contract/constants';
import type { ChatStreamEvent } from '../../contract/chat-stream';
import type { OlderPageQuery } from '../../machines/chat/chat-history';
import type {
  ChatOpening,
  ChatSendRequest,
  ChatStreamMachineEvent,
  SendFailure,
} from '../../machines/chat/chat-session.machine';
import {
  ChatLimitError,
  ChatUnavailableError,
  deleteChat,
  listChatMessages,
  listChats,
  openChat,
  sendChatMessage,
} from './chat';
import { noteUsage } from './helpNearby';
import { usageActors } from './usage.actors';

/** A stream event as the session machine's event. */
export function machineEventOf(event: ChatStreamEvent): ChatStreamMachineEvent | null {
  switch (event.event) {
    case 'chat':
      return { type: 'CHAT_CREATED', chat: event.data };
    case 'user_message':
      return { type: 'USER_MESSAGE', message: event.data };
    case 'delta':
      return { type: 'DELTA', text: event.data.text };
    case 'done':
      noteUsage(event.data.message.usage_info); // a crisis reply opens the after-crisis window
      return { type: 'DONE', chat: event.data.chat, message: event.data.message };
    default:
      return null;
  }
}

/** What the machine needs to know of a failed send; anything but the limit and the model is logged here. */
export function sendFailureOf(error: unknown): SendFailure {
  if (error instanceof ChatLimitError) return { kind: 'limit', detail: error.detail || TOKENS_EXHAUSTED_DETAIL };
  if (error instanceof ChatUnavailableError) return { kind: 'unavailable', detail: error.body.detail };
  console.error('chat: send failed', error);
  return { kind: 'failed' };
}

export const chatActors = {
  loadPage: fromPromise<ChatListResponse, { skip: number; limit: number }>(({ input }) => listChats(input)),
  deleteChat: fromPromise<void, { id: string }>(({ input }) => deleteChat(input.id)),
  loadChat: fromPromise<ChatOpening | null, { chatId: string }>(({ input }) =>
    openChat(input.chatId, CHAT_MESSAGES_PAGE_SIZE),
  ),
  loadOlder: fromPromise<ChatMessagesResponse, OlderPageQuery>(({ input }) =>
    listChatMessages(input.chatId, { skip: input.skip, limit: input.limit }),
  ),
  loadUsage: usageActors.loadUsage,
  sendMessage: fromCallback<EventObject, ChatSendRequest>(({ input, sendBack }) => {
    const controller = new AbortController();
    const forward = (event: ChatStreamEvent) => {
      const machineEvent = machineEventOf(event);
      if (machineEvent && !controller.signal.aborted) sendBack(machineEvent);
    };
    sendChatMessage(input, forward, controller.signal).catch((error: unknown) => {
      if (!controller.signal.aborted) sendBack({ type: 'ERROR', failure: sendFailureOf(error) });
    });
    return () => controller.abort();
  }),
};
