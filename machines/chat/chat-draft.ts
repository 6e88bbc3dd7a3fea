// Pure rules of what the chat keeps on the device so that nothing typed is lost: per chat, the composer's text and
// the message that was sent but not answered (`unsent`, with the client id that makes its resend idempotent).
// The screen's store (src/screens/chat/chatDraftStorage.ts) reads and writes them; the session machine decides.
import type { ChatMessage } from '../../contract/chat';
import { CLIENT_ID_PATTERN } from '../../contract/client-id';
import { CHAT_CONTENT_MAX } from '../../contract/constants';
import { NEW_CHAT_ID } from '../paths';
import { storedList } from '../stored-list';

/** A message sent but not answered yet (in flight, or failed): resending it with `clientId` never duplicates it. */
export interface UnsentMessage {
  content: string;
  clientId: string;
}

export interface ChatDraft {
  /** What the composer holds. */
  text: string;
  unsent: UnsentMessage | null;
}

/** The key of a chat's draft: its id, or 'new' for the chat the first send creates. */
export const chatDraftKey = (chatId: string | null) => chatId ?? NEW_CHAT_ID;

export const EMPTY_DRAFT: ChatDraft = { text: '', unsent: null };
export const isEmptyDraft = (draft: ChatDraft) => draft.text === '' && draft.unsent === null;

/** How many chats' drafts are kept per user; the least recently saved goes first. */
export const MAX_CHAT_DRAFTS = 20;

export interface StoredChatDraft extends ChatDraft {
  key: string;
}

/** Text the server will store: no NUL characters (PostgreSQL refuses them), at most the contract's length. */
export const cleanChatText = (text: string) => text.replaceAll('\u0000', '').slice(0, CHAT_CONTENT_MAX);

/** The drafts with `key`'s saved as the most recent one; an empty draft is removed instead. */
export function withChatDraft(drafts: readonly StoredChatDraft[], key: string, draft: ChatDraft): StoredChatDraft[] {
  const others = drafts.filter((d) => d.key !== key);
  return (isEmptyDraft(draft) ? others : [...others, { key, ...draft }]).slice(-MAX_CHAT_DRAFTS);
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

function parseUnsent(v: unknown): UnsentMessage | null {
  if (!isRecord(v) || typeof v.content !== 'string' || typeof v.clientId !== 'string') return null;
  const content = cleanChatText(v.content).trim();
  return content && CLIENT_ID_PATTERN.test(v.clientId) ? { content, clientId: v.clientId } : null;
}

/** Reads stored drafts strictly (storage may hold anything): unusable fields are dropped, one draft per key. */
export function parseChatDrafts(raw: string | null): StoredChatDraft[] {
  const drafts = storedList(raw).flatMap((v): StoredChatDraft[] => {
    if (!isRecord(v) || typeof v.key !== 'string' || !v.key) return [];
    const draft = { text: typeof v.text === 'string' ? cleanChatText(v.text) : '', unsent: parseUnsent(v.unsent) };
    return isEmptyDraft(draft) ? [] : [{ key: v.key, ...draft }];
  });
  return drafts.filter((d, i) => !drafts.slice(i + 1).some((later) => later.key === d.key)).slice(-MAX_CHAT_DRAFTS);
}

/**
 * How long after its message a reply may still be on its way: beyond the server's wait for a model (60 s by
 * default), so an unanswered message this recent is most likely being answered right now.
 */
export const REPLY_WRITING_MS = 2 * 60_000;

export type UnsentFate = 'answered' | 'writing' | 'stored' | 'unsent';

/**
 * What became of an unsent message, judged from the chat's newest messages when it is opened again: the server
 * stored it and answered (the app was closed mid-reply, the reply was kept), stored it moments ago and is
 * presumably still writing the reply (`writing`, by its `created_at` against `now`), stored it without an answer
 * (the model failed), or never got it.
 */
export function unsentFate(unsent: UnsentMessage, messages: readonly ChatMessage[], now: Date): UnsentFate {
  const last = messages.at(-1);
  const beforeLast = messages.at(-2);
  if (last?.role === 'user' && last.content === unsent.content)
    return now.getTime() - Date.parse(last.created_at) < REPLY_WRITING_MS ? 'writing' : 'stored';
  if (last?.role === 'assistant' && beforeLast?.role === 'user' && beforeLast.content === unsent.content)
    return 'answered';
  return 'unsent';
}

/** The optimistic message's id: `temp-` and the client id, so it is unique and recognisable. */
export const TEMP_PREFIX = 'temp-';
export const tempMessageId = (clientId: string) => `${TEMP_PREFIX}${clientId}`;
export const isTempMessage = (id: string) => id.startsWith(TEMP_PREFIX);

/** The optimistic user message shown until the server's stored one replaces it. */
export function optimisticMessage(unsent: UnsentMessage, chatId: string | null, now: Date): ChatMessage {
  return {
    id: tempMessageId(unsent.clientId),
    chat_id: chatId ?? '',
    role: 'user',
    content: unsent.content,
    created_at: now.toISOString(),
    usage_info: null,
    message_metadata: null,
    safety: null,
  };
}

/** Text taken back into the composer (an unsent message the user edits, a send refused by the limit). */
export const textWithTakenBack = (taken: string, current: string) =>
  cleanChatText(current.trim() ? `${taken}\n${current}` : taken);
