// One turn of a conversation — what POST /send and /create-and-send do, streaming or not:
//
//   1. load the user's tier, style, risk flag and chat (404 if not theirs);
//   2. a repeated client_id answers from what is stored (its reply, or a new reply for the stored message);
//   3. the safety net reads the message with the user's few earlier ones (safety/reading.ts): a crisis is answered by
//      the crisis reply — fixed words, no model, no tokens; a yes to the screening question too. A concern is
//      answered as any message is, and the screening question follows the reply (docs/decisions/0286);
//   4. otherwise build the prompt and reserve tokens for it (402 «Лимит токенов исчерпан» before any model call);
//   5. store the user message (and the chat, named from it) — before the model is called;
//   6. start the reply — and, with a model, its second opinion on the message (safety/classifier.ts) beside it. The
//      reply runs to the end and is stored whatever happens to the request (the client may go away mid-stream),
//      waiting for the verdict at most until its deadline: a crisis verdict adds the crisis help to it, a concern
//      (the detector's or the verdict's) the screening question, at most once per chat a day. The tokens are
//      settled to what the model reported, all given back if it failed.
// In the check-in window after a risk signal neither a spent limit nor a failed provider is shown: the fixed
// check-in words (with the crisis lines) answer instead, free, like the crisis reply. A concern meets neither
// either: the screening question answers alone, free.
//
// No transaction is open across the model call: each write is one statement (repository.ts).
// Also the entry of chat's routes: the models (chatModels), the list, one chat, a page of messages and deleting.
import type { LanguageModelV3 } from '@ai-sdk/provider';
import type { FastifyBaseLogger } from 'fastify';
import {
  CHAT_NOT_FOUND_DETAIL,
  type Chat,
  type ChatMessage,
  type ChatMessagesQuery,
  type ChatUnavailable,
} from '../../contract/chat';
import { TOKENS_EXHAUSTED_DETAIL } from '../../contract/constants';
import { effectiveTier, reserveDaily, settleDaily, usageInfo } from '../billing/service';
import { isDatabaseUnavailable, type Db } from '../db';
import { countSafetyNet, countSafetyReading, timeModelCall } from '../metrics/metrics';
import { recordActivity } from '../users/service';
import { DETAILS, HttpError } from '../http/errors';
import { practiceById } from '../practices/service';
import { flagRisk } from '../users/service';
import type { MessageSafety } from '../../contract/chat';
import type { Config } from '../config';
import { runAssistant } from './assistant';
import {
  appendMessage,
  type WindowMessage,
  createChatWithMessage,
  findByClientId,
  findReply,
  getChat,
  isDuplicateMessage,
  listMessages,
  loadSendContext,
  NEWEST,
  recentMessages,
  type NewMessage,
  type SendContext,
} from './repository';
import { HISTORY_MAX_ROWS, historyWindow, MAX_OUTPUT_TOKENS, MAX_STEPS, systemPrompt } from './prompt';
import { chatModel, safetyClassifierModel } from './model';
import { safetyClassifier, type SafetyClassifier } from './safety/classifier';
import {
  checkInFallback,
  checkInReminder,
  CRISIS_BLOCK_EVERY_MS,
  CRISIS_PRACTICE_ID,
  CRISIS_TOPIC,
  crisisAddendum,
  crisisFollowUp,
  crisisReply,
  needsCheckIn,
  screeningAddendum,
  screeningReply,
} from './safety/crisis-reply';
import { readSafety } from './safety/reading';
import { practiceSuggestion, presentMetadata } from './suggestions';
import { estimateMessageTokens, estimateTokens } from './tokens';
import { chatTools } from './tools';

export const CHAT_ERRORS = {
  notFound: CHAT_NOT_FOUND_DETAIL,
  tokensExhausted: TOKENS_EXHAUSTED_DETAIL,
  unavailable: 'Ассистент сейчас недоступен. Ваше сообщение сохранено — попробуйте отправить его ещё раз чуть позже.',
  clientIdElsewhere: 'Это сообщение уже отправлено в другом чате',
} as const;

/** 402 before the model: today's tokens are spent. */
export class TokensExhausted extends Error {
  constructor() {
    super(TOKENS_EXHAUSTED_DETAIL);
  }
}

/** The reply failed after the user message was stored: the 503 (or 404) body / the stream's error event. */
export class ReplyFailed extends Error {
  constructor(
    readonly body: ChatUnavailable,
    readonly status = 503,
  ) {
    super(body.detail);
  }
}

export interface ChatDeps {
  db: Db;
  model: LanguageModelV3;
  /** The model's second opinion on each message; null without LLM_BASE_URL (the offline assistant). */
  classifier: SafetyClassifier | null;
  config: Pick<Config, 'llmTimeoutMs' | 'offlineStreamWordMs' | 'crisisLines' | 'safetyClassifierTimeoutMs'>;
  log: FastifyBaseLogger;
  /** Keeps a running reply alive past its request (the server waits for it when closing). */
  track: (running: Promise<unknown>) => void;
  /** Aborted when the server starts draining: a reply paced for a stream is finished at once. */
  draining: AbortSignal;
}

/** The chat model and, with a model only, its second opinion on every message (the offline assistant has no
 * judgement to add). */
export function chatModels(
  config: Pick<Config, 'llmBaseUrl' | 'llmApiKey' | 'llmModel' | 'safetyClassifierTimeoutMs'>,
  log: FastifyBaseLogger,
): Pick<ChatDeps, 'model' | 'classifier'> {
  const classifierModel = config.safetyClassifierTimeoutMs > 0 ? safetyClassifierModel(config) : null;
  return { model: chatModel(config), classifier: classifierModel ? safetyClassifier(classifierModel, log) : null };
}

// The reads of /api/chat and deleting: only the owner's chat (null, or false, for any other).
export { deleteChat, listChats } from './repository';

/** The user's chat; null when it is not theirs. */
export async function chatOf(db: Db, userId: number, id: string): Promise<Chat | null> {
  return (await getChat(db, userId, id))?.chat ?? null;
}

/** A page of the user's chat; null when it is not theirs. */
export async function messagesPage(
  db: Db,
  userId: number,
  chatId: string,
  query: ChatMessagesQuery,
): Promise<{ messages: ChatMessage[]; total: number } | null> {
  const page = await listMessages(db, userId, chatId, query);
  if (!page) return null;
  // A practice card's access follows the plan the reader has now (read only when the page shows one).
  if (page.messages.some((m) => m.message_metadata?.type === 'practice_suggestion')) {
    const tier = await effectiveTier(db, userId);
    for (const m of page.messages) m.message_metadata = presentMetadata(m.message_metadata, tier);
  }
  return page;
}

export interface TurnInput {
  userId: number;
  timeZone: string;
  /** null: create-and-send. */
  chatId: string | null;
  content: string;
  clientId?: string;
  /** The client watches the reply grow (Server-Sent Events): the offline assistant paces its words. */
  streamed?: boolean;
}

export interface ReplyResult {
  chat: Chat;
  /** The stored assistant message with today's usage_info. */
  message: ChatMessage;
}

/** The reply as it is produced: text deltas for whoever listens (a late listener first gets what came before). */
export class ReplyStream {
  private text = '';
  private readonly listeners = new Set<(delta: string) => void>();
  private readonly heard = new AbortController();
  /** Aborted when the last listener leaves (the client went away): nobody is left to watch the words appear. */
  readonly unheard = this.heard.signal;
  done!: Promise<ReplyResult>;

  push(delta: string): void {
    this.text += delta;
    for (const listener of this.listeners) listener(delta);
  }

  subscribe(listener: (delta: string) => void): () => void {
    if (this.text) listener(this.text);
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
      if (!this.listeners.size) this.heard.abort();
    };
  }

  settle(done: Promise<ReplyResult>): this {
    this.done = done;
    done.catch(() => {}); // the route awaits it; a reply nobody waits for anymore must not crash the process
    return this;
  }
}

export interface Turn {
  /** The chat as of the stored user message. */
  chat: Chat;
  created: boolean;
  userMessage: ChatMessage;
  reply: ReplyStream;
}

// The tools' descriptions and schemas are part of every prompt.
const TOOL_TOKENS =
  estimateTokens(JSON.stringify(Object.values(chatTools('START', () => {})).map((t) => t.description))) + 200;
/** Estimated prompt tokens are a guess: reserve half as much again, so a full reservation covers the reply. */
const RESERVE_FACTOR = 1.5;

type StoredTurn = { chat: Chat; message: ChatMessage; created: boolean; position: number };

/** The same client_id raced in from another request a moment ago: answer this one as the repeat it is. */
const isRepeatRace = (error: unknown, input: TurnInput, stored: unknown) =>
  isDuplicateMessage(error) && Boolean(input.clientId) && !stored;

/** The user's turn number in the chat from the message's position (user and assistant messages alternate). */
const turnOf = (position: number) => Math.ceil(position / 2);

export async function startTurn(deps: ChatDeps, input: TurnInput, now = new Date()): Promise<Turn> {
  const { db } = deps;
  // The context and the chat's newest messages in one round trip (the window query checks ownership itself).
  const [loaded, newest] = await Promise.all([
    loadSendContext(db, input.userId, input.chatId, now),
    input.chatId === null ? [] : recentMessages(db, input.userId, input.chatId, NEWEST, HISTORY_MAX_ROWS),
  ]);
  // Flagged anew below when this message is a crisis: the reply's usage then shows «Помощь рядом» from now.
  let ctx = loaded;
  if (input.chatId !== null && !ctx.chat) throw new HttpError(404, CHAT_ERRORS.notFound);

  // A repeated send: never a second copy of the user message.
  let stored: { chat: Chat; message: ChatMessage; position: number } | null = null;
  if (input.clientId) {
    const earlier = await findByClientId(db, input.userId, input.clientId);
    if (earlier) {
      if (input.chatId !== null && earlier.message.chat_id !== input.chatId)
        throw new HttpError(409, CHAT_ERRORS.clientIdElsewhere);
      const chat = input.chatId !== null ? ctx.chat! : (await getChat(db, input.userId, earlier.message.chat_id))?.chat;
      if (!chat) throw new HttpError(404, CHAT_ERRORS.notFound);
      const { position, ...message } = earlier.message;
      if (earlier.reply) {
        const usage_info = await usageInfo(db, input.userId, input.timeZone, ctx.tier, ctx.riskFlaggedAt);
        const reply = new ReplyStream().settle(Promise.resolve({ chat, message: { ...earlier.reply, usage_info } }));
        reply.push(earlier.reply.content);
        return { chat, created: false, userMessage: message, reply };
      }
      stored = { chat, message, position };
    }
  }

  const content = stored?.message.content ?? input.content;
  const lines = deps.config.crisisLines;
  // The chat's earlier messages, newest first (a repeated send's window ends at its stored message, read on its own).
  const history = stored
    ? await recentMessages(db, input.userId, stored.chat.id, stored.position, HISTORY_MAX_ROWS)
    : newest;
  const earlier: WindowMessage[] = stored ? history.slice(1) : history;
  const safety = readSafety(content, earlier, now);
  countSafetyReading('detector', safety.tier);
  // The detector's concern: the reply, then the question — or the question alone when no reply can be had.
  const concern = safety.asks;
  if (concern) countSafetyNet('concern', 'detector');
  // A crisis still open from an earlier message of this sitting, the full block shown today: the conversation goes
  // on — the reply, then the short line — not the same fixed words to everything the person says (decision 0288).
  const continuing = safety.tier === 'crisis' && safety.continues && shownToday(ctx, now);
  const followUpAlone = () =>
    fixedTurn(deps, input, ctx, stored, now, (t) => crisisFollowUp(lines, t), CRISIS_TOPIC, 'crisis_brief');
  if (safety.tier === 'crisis') {
    countSafetyNet('crisis', 'detector');
    await flagRisk(db, input.userId, now);
    ctx = { ...ctx, riskFlaggedAt: now };
    // The full block once per chat a day; a risk again that day gets the short line (every line is in the header).
    if (!continuing)
      return shownToday(ctx, now)
        ? followUpAlone()
        : fixedTurn(deps, input, ctx, stored, now, (t) => crisisReply(lines, t), CRISIS_TOPIC, 'crisis');
  }
  const screeningAlone = () =>
    fixedTurn(deps, input, ctx, stored, now, (t) => screeningReply(lines, t), CRISIS_TOPIC, 'screening');

  // The prompt: system, then the window of history ending with this message (read before it is stored).
  const checkIn = needsCheckIn(ctx.riskFlaggedAt, now);
  const system = systemPrompt({
    style: ctx.settings.communication_style,
    address: ctx.settings.address_form,
    personalContext: ctx.settings.personal_context,
    checkIn,
    lines,
  });
  const messages = historyWindow(stored ? history : [{ role: 'user', content }, ...history]);
  const promptTokens =
    estimateTokens(system) + TOOL_TOKENS + messages.reduce((n, m) => n + estimateMessageTokens(String(m.content)), 0);
  const want = MAX_STEPS * (Math.ceil(promptTokens * RESERVE_FACTOR) + MAX_OUTPUT_TOKENS);

  const quota = { userId: input.userId, kind: 'tokens' as const, timeZone: input.timeZone, tier: ctx.tier, now };
  const reservation = await reserveDaily(db, { ...quota, amount: want });
  if (!reservation.ok) {
    if (continuing) return followUpAlone();
    if (checkIn) return fixedTurn(deps, input, ctx, stored, now, () => checkInFallback(lines));
    if (concern) return screeningAlone();
    throw new TokensExhausted();
  }
  const giveBack = () => settleDaily(db, { ...quota, reserved: reservation.reserved, used: 0 });

  let turn: StoredTurn;
  try {
    turn = stored ? { ...stored, created: false } : await storeUserMessage(db, input, ctx);
  } catch (error) {
    await giveBack().catch(() => {});
    if (isRepeatRace(error, input, stored)) return startTurn(deps, input, now);
    throw error;
  }

  const reply = new ReplyStream();
  // The model's second opinion, beside the reply: it has until its deadline, counted from now.
  const classifier = deps.classifier;
  const opinion = classifier
    ? timeModelCall(
        'safety_classifier',
        () =>
          classifier.classify({
            message: content,
            context: safety.context,
            deadline: Date.now() + deps.config.safetyClassifierTimeoutMs,
          }),
        (verdict) => verdict === null,
      ).then((verdict) => (countSafetyReading('classifier', verdict?.tier ?? 'no_verdict'), verdict))
    : Promise.resolve(null);
  const running = (async (): Promise<ReplyResult> => {
    let answer;
    try {
      answer = await timeModelCall('chat', () =>
        runAssistant({
          model: deps.model,
          system,
          messages,
          tier: ctx.tier,
          offline: {
            seed: turn.chat.id,
            turn: turnOf(turn.position),
            style: ctx.settings.communication_style,
            address: ctx.settings.address_form,
            hasPersonalContext: Boolean(ctx.settings.personal_context),
            checkIn,
            checkInReminder: checkInReminder(lines),
            // Only a reply someone watches grow is paced, and only while they do: stored, it is needed at once.
            paceMs: input.streamed ? deps.config.offlineStreamWordMs : 0,
            // …and a draining server needs it done.
            hurry: AbortSignal.any([reply.unheard, deps.draining]),
          },
          timeoutMs: deps.config.llmTimeoutMs,
          onDelta: (delta) => reply.push(delta),
        }),
      );
    } catch (error) {
      await giveBack().catch(() => {});
      deps.log.warn({ err: error, chatId: turn.chat.id }, 'chat reply failed');
      // Words the model streamed before failing stay on screen only until `done` brings the stored reply.
      if (continuing || (await opinion)?.tier === 'crisis') {
        if (!continuing) {
          countSafetyNet('crisis', 'classifier');
          await flagRisk(db, input.userId, now);
        }
        const words = shownToday(ctx, now)
          ? crisisFollowUp(lines, turnOf(turn.position))
          : crisisReply(lines, turnOf(turn.position));
        reply.push(words);
        const flagged = { ...ctx, riskFlaggedAt: now };
        const safetyOf: MessageSafety = shownToday(ctx, now) ? 'crisis_brief' : 'crisis';
        return storeReply(
          deps,
          input,
          flagged,
          turn.chat,
          turn.message,
          fixedAnswer(ctx, turn.message, words, safetyOf),
          FREE,
        );
      }
      if (checkIn || concern) {
        const words = checkIn ? checkInFallback(lines) : screeningReply(lines, turnOf(turn.position));
        reply.push(words);
        const answer = fixedAnswer(ctx, turn.message, words, checkIn ? null : 'screening');
        return storeReply(deps, input, ctx, turn.chat, turn.message, answer, FREE);
      }
      throw new ReplyFailed({
        detail: CHAT_ERRORS.unavailable,
        chat_id: turn.chat.id,
        user_message_id: turn.message.id,
      });
    }
    // The reply is written; its second opinion may still be on its way (never past its deadline).
    const verdict = await opinion;
    let message: NewMessage = {
      role: 'assistant',
      content: answer.text,
      metadata: answer.metadata,
      replyTo: turn.message.id,
      tokens: answer.tokens,
    };
    let replyCtx = ctx;
    if (continuing || verdict?.tier === 'crisis') {
      // A crisis still open, or the model called it one: the reply never goes out without the crisis help and the
      // grounding card.
      if (!continuing) {
        countSafetyNet('crisis', 'classifier');
        await flagRisk(db, input.userId, now);
      }
      replyCtx = { ...ctx, riskFlaggedAt: now };
      const brief = shownToday(ctx, now);
      const help = crisisAddendum(lines, brief);
      reply.push(`\n\n${help}`);
      message = {
        ...message,
        content: `${answer.text}\n\n${help}`,
        metadata: practiceSuggestion(practiceById(CRISIS_PRACTICE_ID)!, ctx.tier),
        safety: brief ? 'crisis_brief' : 'crisis',
      };
    } else if (concern || (verdict?.tier === 'concern' && safety.mayAsk)) {
      if (!concern) countSafetyNet('concern', 'classifier');
      const question = screeningAddendum(lines);
      reply.push(`\n\n${question}`);
      message = { ...message, content: `${answer.text}\n\n${question}`, safety: 'screening' };
    }
    if (verdict) deps.log.info({ chatId: turn.chat.id, verdict }, 'safety classifier verdict');
    return storeReply(deps, input, replyCtx, turn.chat, turn.message, message, {
      settle: (used) => settleDaily(db, { ...quota, reserved: reservation.reserved, used }),
      refund: (amount) => settleDaily(db, { ...quota, reserved: amount, used: 0 }),
    });
  })();
  deps.track(running);
  return { chat: turn.chat, created: turn.created, userMessage: turn.message, reply: reply.settle(running) };
}

/** The chat showed the full crisis block less than a day ago. */
const shownToday = (ctx: SendContext, now: Date) =>
  ctx.crisisShownAt !== null && now.getTime() - ctx.crisisShownAt.getTime() < CRISIS_BLOCK_EVERY_MS;

/**
 * A turn answered by fixed words (the crisis reply, the check-in's fallback): the user message is stored as usual
 * (a risk message's new chat gets `topic`), then the reply — no model and no tokens (nothing may stand in its way).
 */
async function fixedTurn(
  deps: ChatDeps,
  input: TurnInput,
  ctx: SendContext,
  stored: Omit<StoredTurn, 'created'> | null,
  now: Date,
  words: (turn: number) => string,
  topic?: string,
  safety: MessageSafety | null = null,
): Promise<Turn> {
  let turn: StoredTurn;
  try {
    turn = stored ? { ...stored, created: false } : await storeUserMessage(deps.db, input, ctx, topic);
  } catch (error) {
    if (isRepeatRace(error, input, stored)) return startTurn(deps, input, now);
    throw error;
  }
  const content = words(turnOf(turn.position));
  const reply = new ReplyStream();
  const running = (async () => {
    reply.push(content);
    return storeReply(deps, input, ctx, turn.chat, turn.message, fixedAnswer(ctx, turn.message, content, safety), FREE);
  })();
  deps.track(running);
  return { chat: turn.chat, created: turn.created, userMessage: turn.message, reply: reply.settle(running) };
}

/** Fixed words as the stored reply, with the grounding practice (open on every plan) and no tokens. */
const fixedAnswer = (
  ctx: SendContext,
  userMessage: ChatMessage,
  content: string,
  safety: MessageSafety | null = null,
): NewMessage => ({
  role: 'assistant',
  content,
  metadata: practiceSuggestion(practiceById(CRISIS_PRACTICE_ID)!, ctx.tier),
  replyTo: userMessage.id,
  tokens: 0,
  safety,
});

/** A new chat's topic is named from its first message (repository.ts), or given. */
async function storeUserMessage(db: Db, input: TurnInput, ctx: SendContext, topic?: string) {
  const message: NewMessage = { role: 'user', content: input.content, clientId: input.clientId ?? null };
  const stored = ctx.chat
    ? await appendMessage(db, input.userId, ctx.chat, message).then((appended) => {
        if (!appended) throw new HttpError(404, CHAT_ERRORS.notFound); // deleted a moment ago
        return { ...appended, created: false, position: ctx.messageCount + 1 };
      })
    : { ...(await createChatWithMessage(db, input.userId, message, topic)), created: true, position: 1 };
  await recordActivity(db, input.userId, input.timeZone); // a day the user chatted: home's streak, no reminder
  return stored;
}

/** A reply's token accounting: settle the reservation to what was used (→ the day's new total, null: unchanged); refund a charge already settled. */
interface Tokens {
  settle(used: number): Promise<number | null>;
  refund(amount: number): Promise<unknown>;
}
const FREE: Tokens = { settle: async () => null, refund: async () => null };

/** Stores the reply (once per user message: a racing duplicate yields the first one), settles tokens, adds usage. */
async function storeReply(
  deps: ChatDeps,
  input: TurnInput,
  ctx: SendContext,
  chat: Chat,
  userMessage: ChatMessage,
  reply: NewMessage,
  tokens: Tokens,
): Promise<ReplyResult> {
  const { db } = deps;
  const usage = () => usageInfo(db, input.userId, input.timeZone, ctx.tier, ctx.riskFlaggedAt);
  // Independent: the message, the token settlement and today's other counters go to the database together; the
  // settlement's own total then replaces the tokens the read may have seen before it.
  const [stored, settled, read] = await Promise.allSettled([
    appendMessage(db, input.userId, chat, reply),
    tokens.settle(reply.tokens ?? 0),
    usage(),
  ]);
  if (settled.status === 'rejected') deps.log.error({ err: settled.reason }, 'chat: settling tokens failed');
  let result: { chat: Chat; message: ChatMessage } | null;
  let usage_info = read.status === 'fulfilled' ? read.value : null;
  if (stored.status === 'fulfilled') {
    result = stored.value;
    if (usage_info && settled.status === 'fulfilled' && settled.value !== null)
      usage_info = { ...usage_info, tokens_used: settled.value };
  } else {
    if (!isDuplicateMessage(stored.reason)) throw stored.reason;
    // Another request stored this message's reply first: that one is the answer, and this one is not charged.
    await tokens.refund(reply.tokens ?? 0).catch(() => {});
    const first = await findReply(db, userMessage.id);
    result = first ? { chat: (await getChat(db, input.userId, chat.id))?.chat ?? chat, message: first } : null;
    usage_info = null;
  }
  // The chat was deleted while the reply was being written.
  if (!result) throw new ReplyFailed({ detail: CHAT_ERRORS.notFound, chat_id: null, user_message_id: null }, 404);
  return { chat: result.chat, message: { ...result.message, usage_info: usage_info ?? (await usage()) } };
}

/** A reply that failed after the user message was stored, as the route answers it (JSON status and body, or SSE). */
export function replyFailure(error: unknown, turn: Turn): { status: number; body: ChatUnavailable } {
  if (error instanceof ReplyFailed) return { status: error.status, body: error.body };
  const unavailable = isDatabaseUnavailable(error);
  return {
    status: unavailable ? 503 : 500,
    body: {
      detail: unavailable ? DETAILS.dbUnavailable : DETAILS.internal,
      chat_id: turn.chat.id,
      user_message_id: turn.userMessage.id,
    },
  };
}
