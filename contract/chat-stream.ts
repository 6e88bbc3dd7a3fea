// The chat's event stream as the client reads it: the events' types and a decoder, without zod, so the client can
// import it at run time (contract/chat.ts holds the schemas the server shapes each payload with).
import type { Chat, ChatMessage, ChatUnavailable } from './chat';

export const CHAT_STREAM_EVENTS = ['chat', 'user_message', 'delta', 'done', 'error'] as const;

export type ChatStreamEvent =
  | { event: 'chat'; data: Chat }
  | { event: 'user_message'; data: ChatMessage }
  | { event: 'delta'; data: { text: string } }
  | { event: 'done'; data: { chat: Chat; message: ChatMessage } }
  | { event: 'error'; data: ChatUnavailable };

const known = new Set<string>(CHAT_STREAM_EVENTS);

/**
 * Splits received SSE text into complete events (`event:` + `data:` lines up to a blank line) and the unfinished
 * rest to prepend to the next chunk. Comments and unknown events are skipped; the data is parsed JSON, not
 * validated. Pure: the client's stream reader and the server tests both use it.
 */
export function decodeChatStream(buffer: string): { events: ChatStreamEvent[]; rest: string } {
  const events: ChatStreamEvent[] = [];
  const blocks = buffer.replace(/\r\n?/g, '\n').split('\n\n');
  const rest = blocks.pop() ?? '';
  for (const block of blocks) {
    let event = 'message';
    const data: string[] = [];
    for (const line of block.split('\n')) {
      if (line.startsWith('event:')) event = line.slice(6).trim();
      else if (line.startsWith('data:')) data.push(line.slice(5).replace(/^ /, ''));
    }
    if (data.length === 0 || !known.has(event)) continue;
    events.push({ event, data: JSON.parse(data.join('\n')) } as ChatStreamEvent);
  }
  return { events, rest };
}
