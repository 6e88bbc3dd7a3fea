// Shared chats and messages for the chat machine tests.
import type { UsageInfo } from '../../contract/billing';
import type { Chat, ChatMessage, DiarySuggestion, MessageMetadata } from '../../contract/chat';
import type { ChatOpening } from '../../machines/chat/chat-session.machine';

export function makeChat(n: number, over: Partial<Chat> = {}): Chat {
  const at = new Date(Date.UTC(2025, 2, 10, 12, 0, 0) - n * 60_000).toISOString();
  return {
    id: `c${n}`,
    topic: `Тема ${n}`,
    status: 'active',
    last_message_at: at,
    last_message_preview: `Последнее сообщение ${n}`,
    created_at: at,
    updated_at: at,
    ...over,
  };
}

export const chats = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => makeChat(from + i));

export function makeMessage(n: number, over: Partial<ChatMessage> = {}): ChatMessage {
  return {
    id: `m${n}`,
    chat_id: 'c1',
    role: n % 2 ? 'user' : 'assistant',
    content: `Сообщение ${n}`,
    created_at: new Date(Date.UTC(2025, 2, 10, 9, 0) + n * 60_000).toISOString(),
    usage_info: null,
    message_metadata: null,
    safety: null,
    ...over,
  };
}

/** Messages n…m, oldest first. */
export const messages = (from: number, to: number) =>
  Array.from({ length: to - from + 1 }, (_, i) => makeMessage(from + i));

export const practiceMeta = (hasAccess: boolean): MessageMetadata => ({
  type: 'practice_suggestion',
  practice_type: hasAccess ? 'box_breathing' : 'goal_shift',
  practice_name: hasAccess ? 'Квадратное дыхание' : 'Смена цели',
  practice_description: 'Описание практики',
  category: 'breathing',
  duration_minutes: 5,
  is_advanced: !hasAccess,
  has_access: hasAccess,
});

export const diaryMeta: DiarySuggestion = {
  type: 'diary_suggestion',
  suggested_title: 'Хороший момент',
  suggested_content: 'Сегодня получилось закончить проект',
};

export function usage(limit: number | null, used: number): UsageInfo {
  return {
    tier: 'START',
    day: '2025-03-10',
    diary_entries_limit: null,
    diary_entries_used: 0,
    voice_seconds_limit: null,
    voice_seconds_used: 0,
    tokens_limit: limit,
    tokens_used: used,
    help_nearby_until: null,
  };
}

/** c1 as loaded: 75 messages, the newest 30; a locked practice card (m70) and a diary card (m72) among them. */
export const LONG_CHAT: ChatOpening = {
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
