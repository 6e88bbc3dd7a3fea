// Chat queries: every read and write of chats and messages — and so of message content, the topic and the preview
// made from it. Those are sealed columns (server/db/sealed.ts): Drizzle seals and opens them, and the raw parameters
// of the prepared statements below are sealed by their column (`params`). Every query is scoped by the owner's user
// id: another user's chat is simply "not found".
//
// Paging: a chat's messages are numbered 1…message_count (`position`), assigned by the statement that inserts the
// message (it bumps chats.message_count and inserts at the new value, atomically), so any page — newest or oldest —
// is a range scan of `limit` entries on the unique (chat_id, position) index, and the total is the counter
// (bench/chat.ts compares a 5 000-message chat with a 10-message one).
import { and, asc, count, desc, eq, gt, lte, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type {
  Chat,
  ChatListQuery,
  ChatMessage,
  ChatMessagesQuery,
  MessageMetadata,
  MessageSafety,
} from '../../contract/chat';
import type { Settings } from '../../contract/settings';
import { tierOf, type Tier } from '../billing/service';
import { preparedPerDb, type Db } from '../db';
import { chatMessages, chats, subscriptions, users, userSettings } from '../db/schema';
import { DEFAULT_SETTINGS } from '../../contract/settings';

type ChatRow = typeof chats.$inferSelect;
type MessageRow = typeof chatMessages.$inferSelect;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** A malformed id cannot name a chat: "not found" without asking PostgreSQL (which would throw). */
export const isChatId = (id: string) => UUID.test(id);

const PREVIEW_MAX = 100;
const TOPIC_MAX = 60;

/** `text` if it fits `max` characters, else cut at a word boundary (when one is not too far back) with «…». */
function clip(text: string, max: number): string {
  if (text.length <= max) return text;
  const cut = text.slice(0, max - 1);
  const space = cut.lastIndexOf(' ');
  return `${(space > max / 2 ? cut.slice(0, space) : cut).replace(/[\s,;:—-]+$/, '')}…`;
}

/** The list card's preview: the message on one line, at most 100 characters. */
export function previewOf(content: string): string {
  return clip(content.replace(/\s+/g, ' ').trim(), PREVIEW_MAX);
}

/** A chat's topic from its first message: the first sentence (a topic tile's text as it is), at most 60 characters. */
export function topicOf(firstMessage: string): string {
  const line = firstMessage.replace(/\s+/g, ' ').trim();
  const sentence = line.match(/^.+?[.!?…](?=\s|$)/)?.[0] ?? line;
  return clip(sentence.length <= TOPIC_MAX ? sentence.replace(/[.]$/, '') : sentence, TOPIC_MAX);
}

export function toChatDto(
  row: Pick<ChatRow, 'id' | 'topic' | 'status' | 'lastMessageAt' | 'lastMessagePreview' | 'createdAt' | 'updatedAt'>,
): Chat {
  return {
    id: row.id,
    topic: row.topic,
    status: row.status as Chat['status'],
    last_message_at: row.lastMessageAt ? new Date(row.lastMessageAt).toISOString() : null,
    last_message_preview: row.lastMessagePreview ?? null,
    created_at: new Date(row.createdAt).toISOString(),
    updated_at: new Date(row.updatedAt).toISOString(),
  };
}

export function toMessageDto(
  row: Pick<MessageRow, 'id' | 'chatId' | 'role' | 'content' | 'metadata' | 'safety' | 'createdAt'>,
): ChatMessage {
  return {
    id: row.id,
    chat_id: row.chatId,
    role: row.role as ChatMessage['role'],
    content: row.content,
    created_at: new Date(row.createdAt).toISOString(),
    usage_info: null,
    message_metadata: (row.metadata ?? null) as MessageMetadata | null,
    safety: (row.safety ?? null) as MessageSafety | null,
  };
}

// ---- what a send needs to know, in one round trip -----------------------------------------------------------------

export interface SendContext {
  tier: Tier;
  settings: Pick<Settings, 'communication_style' | 'personal_context' | 'address_form'>;
  riskFlaggedAt: Date | null;
  /** The chat named by the send, when it exists and is the user's; null for create-and-send or not found. */
  chat: Chat | null;
  /** Its number of messages (the newest one's position); 0 without a chat. */
  messageCount: number;
  /** When the chat last showed the full crisis block (its newest `crisis` reply); null: never. */
  crisisShownAt: Date | null;
}

const sendContextStatement = preparedPerDb((db) =>
  db
    .select({
      riskFlaggedAt: users.riskFlaggedAt,
      style: userSettings.communicationStyle,
      personalContext: userSettings.personalContext,
      addressForm: userSettings.addressForm,
      subscriptionTier: subscriptions.tier,
      subscriptionExpiresAt: subscriptions.expiresAt,
      chatId: chats.id,
      topic: chats.topic,
      status: chats.status,
      messageCount: chats.messageCount,
      lastMessageAt: chats.lastMessageAt,
      lastMessagePreview: chats.lastMessagePreview,
      createdAt: chats.createdAt,
      updatedAt: chats.updatedAt,
      // The newest crisis reply of the chat: one entry of chat_messages_crisis_idx (backward scan, limit 1).
      crisisShownAt: sql<
        Date | string | null
      >`(select ${chatMessages.createdAt} from ${chatMessages} where ${chatMessages.chatId} = ${chats.id} and ${chatMessages.safety} = 'crisis' order by ${chatMessages.createdAt} desc limit 1)`,
    })
    .from(users)
    .leftJoin(userSettings, eq(userSettings.userId, users.id))
    .leftJoin(subscriptions, eq(subscriptions.userId, users.id))
    .leftJoin(chats, and(eq(chats.id, sql`${sql.placeholder('chatId')}::uuid`), eq(chats.userId, users.id)))
    .where(eq(users.id, sql.placeholder('userId')))
    .prepare('chat_send_context'),
);

/** The user's tier, chat style, address, personal context, risk flag and (when `chatId` is given) their chat. */
export async function loadSendContext(
  db: Db,
  userId: number,
  chatId: string | null,
  now = new Date(),
): Promise<SendContext> {
  const [row] = await sendContextStatement(db).execute({ userId, chatId: chatId && isChatId(chatId) ? chatId : null });
  if (!row) throw new Error(`loadSendContext: no user ${userId}`);
  const subscription = row.subscriptionTier
    ? { tier: row.subscriptionTier, expiresAt: row.subscriptionExpiresAt }
    : undefined;
  return {
    tier: tierOf(subscription, now),
    settings: {
      communication_style: (row.style ?? DEFAULT_SETTINGS.communication_style) as Settings['communication_style'],
      personal_context: row.style ? row.personalContext : DEFAULT_SETTINGS.personal_context,
      address_form: (row.addressForm ?? DEFAULT_SETTINGS.address_form) as Settings['address_form'],
    },
    riskFlaggedAt: row.riskFlaggedAt,
    chat:
      row.chatId && row.topic !== null && row.status !== null && row.createdAt && row.updatedAt
        ? toChatDto({
            ...row,
            id: row.chatId,
            topic: row.topic,
            status: row.status,
            createdAt: row.createdAt,
            updatedAt: row.updatedAt,
          })
        : null,
    messageCount: row.messageCount ?? 0,
    crisisShownAt: row.crisisShownAt ? new Date(row.crisisShownAt) : null,
  };
}

// ---- writing messages ---------------------------------------------------------------------------------------------

export interface NewMessage {
  role: 'user' | 'assistant';
  content: string;
  metadata?: MessageMetadata | null;
  clientId?: string | null;
  replyTo?: string | null;
  tokens?: number | null;
  /** Written or completed by the safety net (schema: chat_messages.safety). */
  safety?: MessageSafety | null;
}

// The inserted row's columns, in the table's order (an INSERT … SELECT must list them so).
const messageValues = (
  chatId: AnyPgColumn,
  position: SQL.Aliased | AnyPgColumn,
  createdAt: SQL.Aliased | AnyPgColumn,
) => ({
  id: sql`gen_random_uuid()`.as('id'),
  chatId,
  userId: sql`${sql.placeholder('userId')}::int`.as('user_id'),
  position,
  role: sql`${sql.placeholder('role')}::text`.as('role'),
  content: sql`${sql.placeholder('content')}::bytea`.as('content'),
  metadata: sql`${sql.placeholder('metadata')}::bytea`.as('metadata'),
  clientId: sql`${sql.placeholder('clientId')}::uuid`.as('client_id'),
  replyTo: sql`${sql.placeholder('replyTo')}::uuid`.as('reply_to'),
  tokens: sql`${sql.placeholder('tokens')}::int`.as('tokens'),
  safety: sql`${sql.placeholder('safety')}::text`.as('safety'),
  createdAt,
});

// One statement: bump the chat's counter, activity and preview (only if it is the user's) and insert the message at
// the new position. A failed insert (a repeated client_id, a second reply) rolls the bump back with it.
const appendStatement = preparedPerDb((db) => {
  const bump = db.$with('bump').as(
    db
      .update(chats)
      .set({
        messageCount: sql`${chats.messageCount} + 1`,
        lastMessageAt: sql`now()`,
        lastMessagePreview: sql`${sql.placeholder('preview')}::bytea`,
        updatedAt: sql`now()`,
      })
      .where(and(eq(chats.id, sql`${sql.placeholder('chatId')}::uuid`), eq(chats.userId, sql.placeholder('userId'))))
      .returning({ chatId: chats.id, position: chats.messageCount }),
  );
  return db
    .with(bump)
    .insert(chatMessages)
    .select(db.select(messageValues(bump.chatId, bump.position, sql`now()`.as('created_at'))).from(bump))
    .returning()
    .prepare('chat_append_message');
});

// One statement: the chat (topic and preview from its first message) and that message at position 1.
const createStatement = preparedPerDb((db) => {
  const made = db.$with('made').as(
    db
      .insert(chats)
      .values({
        userId: sql`${sql.placeholder('userId')}::int`,
        topic: sql`${sql.placeholder('topic')}::bytea`,
        messageCount: 1,
        lastMessageAt: sql`now()`,
        lastMessagePreview: sql`${sql.placeholder('preview')}::bytea`,
      })
      .returning({ chatId: chats.id, createdAt: chats.createdAt }),
  );
  return db
    .with(made)
    .insert(chatMessages)
    .select(db.select(messageValues(made.chatId, sql`1`.as('position'), made.createdAt)).from(made))
    .returning()
    .prepare('chat_create_with_message');
});

// Raw parameters bypass the columns' own mapping: each sealed value is sealed by its column here.
const params = (userId: number, message: NewMessage) => ({
  userId,
  role: message.role,
  content: chatMessages.content.mapToDriverValue(message.content),
  preview: chats.lastMessagePreview.mapToDriverValue(previewOf(message.content)),
  metadata: message.metadata ? chatMessages.metadata.mapToDriverValue(message.metadata) : null,
  clientId: message.clientId ?? null,
  replyTo: message.replyTo ?? null,
  tokens: message.tokens ?? null,
  safety: message.safety ?? null,
});

/** Creates a chat named from its first (user) message — or `topic` when given — and stores the message. */
export async function createChatWithMessage(
  db: Db,
  userId: number,
  message: NewMessage,
  topic = topicOf(message.content),
): Promise<{ chat: Chat; message: ChatMessage }> {
  const [row] = await createStatement(db).execute({
    ...params(userId, message),
    topic: chats.topic.mapToDriverValue(topic),
  });
  const at = row!.createdAt;
  const chat = toChatDto({
    id: row!.chatId,
    topic,
    status: 'active',
    lastMessageAt: at,
    lastMessagePreview: previewOf(message.content),
    createdAt: at,
    updatedAt: at,
  });
  return { chat, message: toMessageDto(row!) };
}

/**
 * Appends a message to the user's chat; null when the chat is not theirs (or is gone). The chat returned is `chat`
 * with the activity this message made (the statement sets both from the same now()).
 */
export async function appendMessage(
  db: Db,
  userId: number,
  chat: Chat,
  message: NewMessage,
): Promise<{ chat: Chat; message: ChatMessage } | null> {
  const [row] = await appendStatement(db).execute({ ...params(userId, message), chatId: chat.id });
  if (!row) return null;
  const at = new Date(row.createdAt).toISOString();
  return {
    chat: { ...chat, last_message_at: at, updated_at: at, last_message_preview: previewOf(message.content) },
    message: toMessageDto(row),
  };
}

/** True for the unique violation a repeated client_id or a second reply to one message raises. */
export function isDuplicateMessage(error: unknown): boolean {
  for (
    let e: unknown = error, depth = 0;
    e && typeof e === 'object' && depth < 5;
    e = (e as { cause?: unknown }).cause, depth++
  ) {
    if ((e as { code?: unknown }).code === '23505') return true;
  }
  return false;
}

/** A user message stored earlier with this client id (any of the user's chats), and its reply when there is one. */
export async function findByClientId(
  db: Db,
  userId: number,
  clientId: string,
): Promise<{ message: ChatMessage & { position: number }; reply: ChatMessage | null } | null> {
  const [row] = await db
    .select()
    .from(chatMessages)
    .where(and(eq(chatMessages.userId, userId), eq(chatMessages.clientId, clientId)))
    .limit(1);
  if (!row) return null;
  return { message: { ...toMessageDto(row), position: row.position }, reply: await findReply(db, row.id) };
}

/** The stored reply to a user message, if any. */
export async function findReply(db: Db, userMessageId: string): Promise<ChatMessage | null> {
  const [reply] = await db.select().from(chatMessages).where(eq(chatMessages.replyTo, userMessageId)).limit(1);
  return reply ? toMessageDto(reply) : null;
}

// ---- reading -----------------------------------------------------------------------------------------------------

const windowStatement = preparedPerDb((db) =>
  db
    .select({
      role: chatMessages.role,
      content: chatMessages.content,
      safety: chatMessages.safety,
      at: chatMessages.createdAt,
    })
    .from(chatMessages)
    .innerJoin(chats, and(eq(chats.id, chatMessages.chatId), eq(chats.userId, sql.placeholder('userId'))))
    .where(
      and(
        eq(chatMessages.chatId, sql`${sql.placeholder('chatId')}::uuid`),
        lte(chatMessages.position, sql.placeholder('upTo')),
      ),
    )
    .orderBy(desc(chatMessages.position))
    .limit(sql.placeholder('rows'))
    .prepare('chat_history_window'),
);

/** No position is beyond this: "up to the newest". */
export const NEWEST = 2_147_483_647;

/**
 * The newest `rows` messages of the user's chat up to and including position `upTo`, newest first (the prompt's
 * history window); none when the chat is not theirs. Needs no count first, so a send reads it beside its context.
 */
export async function recentMessages(
  db: Db,
  userId: number,
  chatId: string,
  upTo: number,
  rows: number,
): Promise<WindowMessage[]> {
  if (!isChatId(chatId)) return [];
  const found = await windowStatement(db).execute({ userId, chatId, upTo, rows });
  return found as WindowMessage[];
}

/** A message of the history window: what the prompt needs, and what the safety net wrote and when. */
export interface WindowMessage {
  role: 'user' | 'assistant';
  content: string;
  safety: MessageSafety | null;
  at: Date;
}

const chatStatement = preparedPerDb((db) =>
  db
    .select()
    .from(chats)
    .where(and(eq(chats.id, sql`${sql.placeholder('id')}::uuid`), eq(chats.userId, sql.placeholder('userId'))))
    .prepare('chat_get'),
);

/** The user's chat and its number of messages; null when it is not theirs. */
export async function getChat(
  db: Db,
  userId: number,
  id: string,
): Promise<{ chat: Chat; messageCount: number } | null> {
  if (!isChatId(id)) return null;
  const [row] = await chatStatement(db).execute({ id, userId });
  return row ? { chat: toChatDto(row), messageCount: row.messageCount } : null;
}

const pageStatement = preparedPerDb((db) =>
  db
    .select()
    .from(chatMessages)
    .where(
      and(
        eq(chatMessages.chatId, sql`${sql.placeholder('chatId')}::uuid`),
        gt(chatMessages.position, sql.placeholder('after')),
        lte(chatMessages.position, sql.placeholder('upTo')),
      ),
    )
    .orderBy(asc(chatMessages.position))
    .prepare('chat_messages_page'),
);

/** A page of the user's chat in chronological order, and its total; null when the chat is not theirs. */
export async function listMessages(
  db: Db,
  userId: number,
  chatId: string,
  query: ChatMessagesQuery,
): Promise<{ messages: ChatMessage[]; total: number } | null> {
  const found = await getChat(db, userId, chatId);
  if (!found) return null;
  const total = found.messageCount;
  // Positions (after, upTo]: counted from the newest end for latest=true, from the oldest otherwise.
  const upTo = query.latest ? Math.max(total - query.skip, 0) : Math.min(query.skip + query.limit, total);
  const after = Math.max(upTo - query.limit, query.latest ? 0 : Math.min(query.skip, total));
  if (upTo <= after) return { messages: [], total };
  const rows = await pageStatement(db).execute({ chatId, after, upTo });
  return { messages: rows.map(toMessageDto), total };
}

/** The user's chats, newest activity first, and how many there are. */
export async function listChats(
  db: Db,
  userId: number,
  query: ChatListQuery,
): Promise<{ chats: Chat[]; total: number }> {
  const filter = and(eq(chats.userId, userId), query.status ? eq(chats.status, query.status) : undefined);
  const [rows, [counted]] = await Promise.all([
    db
      .select()
      .from(chats)
      .where(filter)
      .orderBy(desc(chats.updatedAt), desc(chats.id))
      .limit(query.limit)
      .offset(query.skip),
    db.select({ total: count() }).from(chats).where(filter),
  ]);
  return { chats: rows.map(toChatDto), total: Number(counted?.total ?? 0) };
}

/** Deletes the user's chat and (cascade) its messages for good; false when there was no such chat of theirs. */
export async function deleteChat(db: Db, userId: number, id: string): Promise<boolean> {
  if (!isChatId(id)) return false;
  const gone = await db
    .delete(chats)
    .where(and(eq(chats.id, id), eq(chats.userId, userId)))
    .returning({ id: chats.id });
  return gone.length > 0;
}
