// The AI chat's API contract: zod schemas validate requests and filter responses on the server; the client imports
// the inferred types (`import type`) and the stream decoder from chat-stream.ts (no zod at run time).
//
// Routes (all under /api/chat, init-data auth; another user's chat — and a malformed id — is 404 «Чат не найден»):
//   GET    /list?skip&limit&status        → ChatListResponse   newest activity first (updated_at desc)
//   GET    /{id}                          → Chat
//   GET    /{id}/messages?skip&limit&latest → ChatMessagesResponse   always oldest → newest within the page
//   POST   /{id}/send          {content, client_id?} → ChatSendResponse (200)          or an event stream
//   POST   /create-and-send    {content, client_id?} → ChatCreateAndSendResponse (201) or an event stream
//   DELETE /{id}                          → 204, the chat and its messages are gone for good
//
// The two POSTs answer JSON, or Server-Sent Events when the request says `Accept: text/event-stream`.
// Errors before the model is called are plain HTTP answers in both modes: 422 (blank or over-long content,
// nothing stored), 404, 402 `{detail: 'Лимит токенов исчерпан', code: 'limit_reached'}` (nothing stored, the
// model not called), 409 (client_id used in another chat). Once the user message is stored:
//   JSON: 200/201 with the reply, or 503 ChatUnavailable — the user message stays stored.
//   SSE (status 200, `Content-Type: text/event-stream`), events in this order (each `event: <name>` + one `data:`
//   line of JSON; lines starting with `:` are keep-alive comments):
//     chat          Chat          create-and-send only, first: the new chat's id (the client replaces /new)
//     user_message  ChatMessage   the stored user message (replaces the optimistic `temp-` one)
//     delta         {text}        a piece of the reply; append in order
//     done          {chat, message}   the stored assistant message with usage_info; the stream ends
//     error         ChatUnavailable   instead of `done` when the model failed; the stream ends
//   The reply is produced and stored even if the client goes away mid-stream: reopening the chat shows it.
//
// Idempotent sends: a `client_id` (a UUID the client makes per typed message) is kept with the user message.
// Repeating a send with the same client_id (a retry after 503, a lost connection) stores no second user message:
// it answers the stored reply, or — when there is none yet — produces it for the stored message.
import { z } from 'zod';
import { usageSchema } from './billing';
import { CLIENT_ID_PATTERN } from './client-id';
import { storableString, timestampSchema } from './common';
import { CHAT_CONTENT_MAX, CHAT_LIST_PAGE_SIZE, CHAT_MAX_LIMIT, CHAT_MESSAGES_PAGE_SIZE } from './constants';

export const CHAT_STATUSES = ['active', 'archived'] as const;
/** Detail of a missing or foreign chat. */
export const CHAT_NOT_FOUND_DETAIL = 'Чат не найден';

const unknownKeys = (iss: { code?: string; keys?: string[] }) =>
  iss.code === 'unrecognized_keys'
    ? `Неизвестные поля: ${(iss.keys ?? []).join(', ')}`
    : iss.code === 'invalid_type'
      ? 'Ожидается JSON-объект'
      : undefined;

const skipSchema = z.coerce
  .number({ error: 'skip должен быть целым числом' })
  .int({ error: 'skip должен быть целым числом' })
  .min(0, { error: 'skip не может быть отрицательным' })
  .default(0);

const limitSchema = (fallback: number) =>
  z.coerce
    .number({ error: 'limit должен быть целым числом' })
    .int({ error: 'limit должен быть целым числом' })
    .min(1, { error: `limit должен быть от 1 до ${CHAT_MAX_LIMIT}` })
    .max(CHAT_MAX_LIMIT, { error: `limit должен быть от 1 до ${CHAT_MAX_LIMIT}` })
    .default(fallback);

export const chatStatusSchema = z.enum(CHAT_STATUSES, { error: 'status должен быть active или archived' });
export type ChatStatus = z.infer<typeof chatStatusSchema>;

export const chatSchema = z.object({
  id: z.string(),
  /** Named from the first message (a topic tile's text as it is). */
  topic: z.string(),
  status: chatStatusSchema,
  /** Null only for a chat with no message (never left by the API). */
  last_message_at: timestampSchema.nullable(),
  /** The newest message's first 100 characters on one line; null → the card shows 'Новый чат'. */
  last_message_preview: z.string().nullable(),
  created_at: timestampSchema,
  updated_at: timestampSchema,
});
export type Chat = z.infer<typeof chatSchema>;

/** The AI's practice suggestion; `has_access` is computed for the reader's plan now (an upgrade opens it). */
export const practiceSuggestionSchema = z.object({
  type: z.literal('practice_suggestion'),
  /** One of the 13 practice ids (server/practices/catalogue.ts), e.g. 'box_breathing'. */
  practice_type: z.string(),
  practice_name: z.string(),
  practice_description: z.string(),
  /** breathing | grounding | productivity | psychological | journaling | self_awareness */
  category: z.string(),
  duration_minutes: z.number().int(),
  is_advanced: z.boolean(),
  /** False → the card's button reads 'Улучшить тариф'. */
  has_access: z.boolean(),
});
export type PracticeSuggestion = z.infer<typeof practiceSuggestionSchema>;

/** The AI's diary suggestion: 'Создать запись' opens /app/diary/new prefilled with these. */
export const diarySuggestionSchema = z.object({
  type: z.literal('diary_suggestion'),
  suggested_title: z.string(),
  suggested_content: z.string(),
});
export type DiarySuggestion = z.infer<typeof diarySuggestionSchema>;

export const messageMetadataSchema = z.discriminatedUnion('type', [practiceSuggestionSchema, diarySuggestionSchema]);
export type MessageMetadata = z.infer<typeof messageMetadataSchema>;

/**
 * An assistant message the safety net wrote or completed: `crisis` — the crisis help with every line (at most once
 * per chat a day); `crisis_brief` — the crisis help again that day, with the short line (the client shows the safety
 * plan's card under both); `screening` — the screening question («…У вас бывают такие мысли?»), answered by the
 * chat's next user message.
 */
export const MESSAGE_SAFETY = ['crisis', 'crisis_brief', 'screening'] as const;
export type MessageSafety = (typeof MESSAGE_SAFETY)[number];

export const chatMessageSchema = z.object({
  id: z.string(),
  chat_id: z.string(),
  role: z.enum(['user', 'assistant']),
  content: z.string(),
  created_at: timestampSchema,
  /** Today's usage after the reply, on the assistant message a send returns; null in message lists. */
  usage_info: usageSchema.nullable(),
  message_metadata: messageMetadataSchema.nullable(),
  /** Null for every other message. */
  safety: z.enum(MESSAGE_SAFETY).nullable(),
});
export type ChatMessage = z.infer<typeof chatMessageSchema>;

export const chatListQuerySchema = z.strictObject(
  {
    skip: skipSchema,
    limit: limitSchema(CHAT_LIST_PAGE_SIZE),
    status: chatStatusSchema.optional(),
  },
  { error: unknownKeys },
);
export type ChatListQuery = z.output<typeof chatListQuerySchema>;

export const chatListResponseSchema = z.object({ chats: z.array(chatSchema), total: z.number().int() });
export type ChatListResponse = z.infer<typeof chatListResponseSchema>;

/**
 * `latest=true`: `skip` counts from the newest message — skip 0 is the newest page, skip 30 the page before it.
 * Otherwise `skip` counts from the oldest. Either way the page is in chronological order and `total` is the chat's
 * message count, so "older pages by a computed offset" is skip = total − loaded − limit (latest=false) or
 * skip = loaded (latest=true); both cost the same for any page.
 */
export const chatMessagesQuerySchema = z.strictObject(
  {
    skip: skipSchema,
    limit: limitSchema(CHAT_MESSAGES_PAGE_SIZE),
    latest: z
      .enum(['true', 'false'], { error: 'latest должен быть true или false' })
      .default('false')
      .transform((v) => v === 'true'),
  },
  { error: unknownKeys },
);
export type ChatMessagesQuery = z.output<typeof chatMessagesQuerySchema>;

export const chatMessagesResponseSchema = z.object({ messages: z.array(chatMessageSchema), total: z.number().int() });
export type ChatMessagesResponse = z.infer<typeof chatMessagesResponseSchema>;

export const chatSendBodySchema = z.strictObject(
  {
    content: storableString('Сообщение обязательно')
      .trim()
      .min(1, { error: 'Сообщение не может быть пустым' })
      .max(CHAT_CONTENT_MAX, { error: `Сообщение не может быть длиннее ${CHAT_CONTENT_MAX} символов` }),
    client_id: z
      .string({ error: 'client_id должен быть UUID' })
      .regex(CLIENT_ID_PATTERN, { error: 'client_id должен быть UUID' })
      .optional(),
  },
  { error: unknownKeys },
);
/** What the client sends. */
export type ChatSendBody = z.input<typeof chatSendBodySchema>;
export type ChatSendInput = z.output<typeof chatSendBodySchema>;

/** POST /{id}/send → the stored assistant message (with usage_info) and the stored user message. */
export const chatSendResponseSchema = chatMessageSchema.extend({ user_message: chatMessageSchema });
export type ChatSendResponse = z.infer<typeof chatSendResponseSchema>;

/** POST /create-and-send → the new chat, the assistant message (with usage_info) and the stored user message. */
export const chatCreateAndSendResponseSchema = z.object({
  chat: chatSchema,
  message: chatMessageSchema,
  user_message: chatMessageSchema,
});
export type ChatCreateAndSendResponse = z.infer<typeof chatCreateAndSendResponseSchema>;

/** 402: no tokens left today. Nothing was stored; the typed text stays with the client. */
export const chatLimitSchema = z.object({ detail: z.string(), code: z.literal('limit_reached') });
export type ChatLimitBody = z.infer<typeof chatLimitSchema>;

/**
 * 503 (JSON) or the `error` event (SSE): the model provider failed or timed out after the user message was
 * stored. `chat_id` (a create-and-send made the chat) and `user_message_id` let the client retry with
 * POST /{chat_id}/send and the same client_id, which answers for the stored message without a second copy.
 * (A 503 of an unavailable database, from any route, is the shared `{detail}` alone.)
 */
export const chatUnavailableSchema = z.object({
  detail: z.string(),
  chat_id: z.string().nullable(),
  user_message_id: z.string().nullable(),
});
export type ChatUnavailable = z.infer<typeof chatUnavailableSchema>;

export const chatIdParamsSchema = z.object({ id: z.string() });

// ---- Server-Sent Events ----------------------------------------------------------------------------------------

/** `data` of each event name (see the top of this file for the order; the client's decoder: chat-stream.ts). */
export const chatStreamEventSchemas = {
  chat: chatSchema,
  user_message: chatMessageSchema,
  delta: z.object({ text: z.string() }),
  done: z.object({ chat: chatSchema, message: chatMessageSchema }),
  error: chatUnavailableSchema,
} as const;
