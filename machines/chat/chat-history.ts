// Paging of a chat's history: the newest 30 messages first, then older pages by a computed offset. The offset
// counts from the oldest message (`latest=false`), from how many messages are older than the oldest one shown —
// a number fixed when the chat opened — so replies arriving meanwhile never shift the pages.
import type { ChatMessage } from '../../contract/chat';
import { CHAT_MESSAGES_PAGE_SIZE } from '../../contract/constants';

export interface OlderPageQuery {
  chatId: string;
  skip: number;
  limit: number;
}

/** The page just before the oldest loaded message, when `olderRemaining` messages are older than it. */
export function olderPageQuery(chatId: string, olderRemaining: number): OlderPageQuery {
  const limit = Math.min(CHAT_MESSAGES_PAGE_SIZE, olderRemaining);
  return { chatId, skip: olderRemaining - limit, limit };
}

/** Messages of an older page put before the loaded ones, skipping any already shown. */
export function prependPage(messages: readonly ChatMessage[], page: readonly ChatMessage[]): ChatMessage[] {
  return [...unseen(messages, page), ...messages];
}

/** The newest page read again: the messages that came since, after the ones shown (older pages stay as they are). */
export function appendNewest(messages: readonly ChatMessage[], page: readonly ChatMessage[]): ChatMessage[] {
  return [...messages, ...unseen(messages, page)];
}

function unseen(messages: readonly ChatMessage[], page: readonly ChatMessage[]): ChatMessage[] {
  const seen = new Set(messages.map((m) => m.id));
  return page.filter((m) => !seen.has(m.id));
}
