// One chat: its history (the newest 30 messages, older pages when scrolled to the top), the composer, and sending
// with a streamed reply. A send shows the user's message at once (a `temp-` id until the server's stored one
// replaces it), the typing indicator until the reply's first words, then the reply growing as it streams. In a new
// chat ('new') the first send creates the chat and the route becomes the chat's own. Nothing typed is lost: the
// composer's text and the unanswered message are kept on the device per chat (`saveDraft`), a failed send keeps
// its message with «Отправить ещё раз» (the same client id, so the server never stores it twice), and a send the
// daily limit refuses (402) gives the text back to the composer, shows the server's words and the upgrade dialog.
// The microphone opens the voice recorder (machines/voice/) once the server, the plan and today's voice seconds
// allow it; the recognised words land in the composer, to be read, edited and sent — never sent unseen. A diary
// card's «Создать запись» passes the diary's plan and daily-limit rule, like every way into the new-entry form.
// Reopened while the reply to a message sent moments ago is still being written (the app was closed mid-reply),
// the chat says so calmly and looks at its newest messages again in a few seconds, before offering a resend.
// For 72 hours after the safety net's last risk signal (today's usage says until when: `help_nearby_until`) the
// header shows «Помощь рядом» — the lines and the safety plan in a sheet — and nothing upsells: no «Улучшить
// тариф» on the limit banner or a locked practice card (docs/safety.md). Under every crisis reply a card opens the
// safety plan.
import { assign, sendTo, setup, spawnChild, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import type { UsageInfo } from '../../contract/billing';
import type { Chat, ChatMessage, ChatMessagesResponse } from '../../contract/chat';
import { signalsRisk } from '../../contract/safety/detect';
import { checkAccess } from '../billing/daily-access';
import {
  stubAction,
  stubActor,
  stubCallback,
  type HapticParams,
  type NavigateParams,
  type ToastParams,
  type UpgradeDialogParams,
} from '../effects';
import { NEW_CHAT_ID, paths } from '../paths';
import { topState } from '../view-model';
import {
  chatDraftKey,
  cleanChatText,
  EMPTY_DRAFT,
  isTempMessage,
  optimisticMessage,
  tempMessageId,
  textWithTakenBack,
  unsentFate,
  type ChatDraft,
} from './chat-draft';
import { appendNewest, olderPageQuery, prependPage, type OlderPageQuery } from './chat-history';
import { diaryNavigation, diarySuggestionOf, practiceNavigation, practiceSuggestionOf } from './chat-suggestions';
import { voiceSecondsAllowed, withVoiceRefusal } from '../voice/voice-allowance';
import { voiceRecorderMachine, type RecorderOutcome } from '../voice/voice-recorder.machine';
import { limitBanner } from './limit-banner';

/** How long to wait before looking for a reply still being written, and how many looks before offering a resend. */
export const REPLY_RECHECK_MS = 3_000;
export const REPLY_RECHECKS = 4;

/** Why a send failed, as the streaming actor reports it (src/api/chat.actors.ts maps HTTP and stream errors). */
export type SendFailure =
  { kind: 'limit'; detail: string } | { kind: 'unavailable'; detail: string } | { kind: 'failed' };

/** What the streaming send reports to the machine, in this order (CHAT_CREATED only when it creates the chat). */
export type ChatStreamMachineEvent =
  | { type: 'CHAT_CREATED'; chat: Chat }
  | { type: 'USER_MESSAGE'; message: ChatMessage }
  | { type: 'DELTA'; text: string }
  | { type: 'DONE'; chat: Chat; message: ChatMessage }
  | { type: 'ERROR'; failure: SendFailure };

/** One send: to the chat, or (chatId null) creating it. */
export interface ChatSendRequest {
  chatId: string | null;
  content: string;
  clientId: string;
}

/** An opened chat: the chat, its newest page and the total count of its messages. */
export interface ChatOpening {
  chat: Chat;
  messages: ChatMessage[];
  total: number;
}

/** A message sent and not answered yet; `messageId` is its temp id until the server's copy arrives. */
export interface PendingMessage {
  content: string;
  clientId: string;
  messageId: string;
}

/** The safety plan, whose back returns to this chat (the plan reads `from`: machines/safety-plan/opened-from.ts). */
const safetyPlanNavigation = (chatId: string | null) => ({
  to: paths.safetyPlan,
  state: { from: chatId ? paths.chat(chatId) : paths.chatList },
});

export interface ChatSessionContext {
  /** Null until the first send creates the chat. */
  chatId: string | null;
  chat: Chat | null;
  /** Oldest → newest, user and assistant messages (the optimistic one included). */
  messages: ChatMessage[];
  /** How many messages are older than the oldest one loaded. */
  olderRemaining: number;
  /** The composer's text. */
  text: string;
  pending: PendingMessage | null;
  /** The server's words for the failed send (a 503), shown with «Отправить ещё раз». */
  failureDetail: string | null;
  /** The reply so far while it streams. */
  streamingText: string;
  /** The last reply that finished streaming here (screen readers hear it once, whole). */
  lastReply: ChatMessage | null;
  usage: UsageInfo | null;
  /** The server refused a send for the daily limit (402). */
  limitRefused: boolean;
  /** How often the newest messages were read again for a reply still being written (at most REPLY_RECHECKS). */
  replyChecks: number;
  /** This server can turn speech into text (GET /api/users/me's capabilities, read at sign-in). */
  voiceInput: boolean;
  /** Injected: a new client id (a UUID) and the clock for the optimistic message. */
  newClientId: () => string;
  now: () => Date;
}

export interface ChatSessionInput {
  /** The route's chat id; 'new' for the chat the first send creates. */
  chatId: string;
  newClientId: () => string;
  now?: () => Date;
  /** False when the server has no speech-to-text (default true: an older server that does not say). */
  voiceInput?: boolean;
}

export type ChatSessionEvent =
  | ChatStreamMachineEvent
  | { type: 'TEXT.CHANGE'; value: string }
  | { type: 'SEND' }
  | { type: 'TOPIC.SEND'; text: string }
  | { type: 'RETRY_SEND' }
  | { type: 'EDIT_UNSENT' }
  | { type: 'LOAD_OLDER' }
  | { type: 'RETRY_OLDER' }
  | { type: 'RETRY' }
  | { type: 'BACK' }
  | { type: 'MIC.PRESS' }
  | { type: 'VOICE.TEXT'; text: string }
  | { type: 'PRACTICE.OPEN'; messageId: string }
  | { type: 'DIARY.OPEN'; messageId: string }
  | { type: 'UPGRADE' }
  | { type: 'HELP.OPEN' }
  | { type: 'HELP.CLOSE' }
  | { type: 'SAFETY_PLAN.OPEN' };

/** The after-crisis window is open now (today's usage says until when): «Помощь рядом», and no upsell. */
export function helpNearby(usage: Pick<UsageInfo, 'help_nearby_until'> | null, now: Date): boolean {
  const until = usage?.help_nearby_until;
  return until != null && Date.parse(until) > now.getTime();
}

/** What the device keeps for this chat: the composer's text and the unanswered message. */
const draftOf = (context: ChatSessionContext): ChatDraft => ({
  text: context.text,
  unsent: context.pending ? { content: context.pending.content, clientId: context.pending.clientId } : null,
});
const saveParams = ({ context }: { context: ChatSessionContext }) => ({
  chatKey: chatDraftKey(context.chatId),
  draft: draftOf(context),
});

export const chatSessionMachine = setup({
  types: {
    context: {} as ChatSessionContext,
    input: {} as ChatSessionInput,
    events: {} as ChatSessionEvent,
  },
  delays: { replyRecheck: REPLY_RECHECK_MS },
  actors: {
    restoreDraft: stubActor<ChatDraft, { chatKey: string }>(),
    /** Null when the chat does not exist or is someone else's (HTTP 404). */
    loadChat: stubActor<ChatOpening | null, { chatId: string }>(),
    loadOlder: stubActor<ChatMessagesResponse, OlderPageQuery>(),
    loadUsage: stubActor<UsageInfo | null>(),
    /** The streamed send: reports CHAT_CREATED, USER_MESSAGE, DELTA…, then DONE or ERROR; stopping it aborts. */
    sendMessage: stubCallback<ChatSendRequest>(),
    /** The recorder: records, transcribes, and ends with the words, a refusal, or nothing (closed). */
    voiceRecorder: voiceRecorderMachine,
  },
  actions: {
    navigate: stubAction<NavigateParams>(),
    toast: stubAction<ToastParams>(),
    openUpgradeDialog: stubAction<UpgradeDialogParams>(),
    haptic: stubAction<HapticParams>(),
    /** The device's copy of this chat's composer text and unanswered message (an empty draft removes it). */
    saveDraft: stubAction<{ chatKey: string; draft: ChatDraft }>(),
    /** Words into the composer, after what is typed (recognised speech). */
    appendText: assign(({ context }, { text }: { text: string }) => ({
      text: cleanChatText(context.text.trim() ? `${context.text} ${text}` : text),
    })),
    applyDraft: assign((_, { draft }: { draft: ChatDraft }) => ({
      text: cleanChatText(draft.text),
      pending: draft.unsent ? { ...draft.unsent, messageId: tempMessageId(draft.unsent.clientId) } : null,
    })),
    /**
     * A restored unanswered message, against the history just loaded: answered → forgotten (and the device's copy
     * with it, by the saveDraft that follows); stored (its reply perhaps still being written) → it is that stored
     * message; never stored → shown again as an optimistic message.
     */
    placeUnsent: assign(({ context }) => {
      const { pending, messages } = context;
      if (!pending) return {};
      const fate = unsentFate(pending, messages, context.now());
      if (fate === 'answered') return { pending: null };
      if (fate === 'unsent')
        return { messages: [...messages, optimisticMessage(pending, context.chatId, context.now())] };
      return { pending: { ...pending, messageId: messages.at(-1)!.id } };
    }),
    /** The newest messages read again: whatever came since is shown; the awaited reply among them answers it. */
    takeNewest: assign(({ context }, { opening }: { opening: ChatOpening | null }) => {
      if (!opening || !context.pending) return {};
      const messages = appendNewest(context.messages, opening.messages);
      const answered = unsentFate(context.pending, messages, context.now()) === 'answered';
      return answered
        ? { chat: opening.chat, messages, pending: null, lastReply: messages.at(-1)! }
        : { chat: opening.chat, messages };
    }),
    /** The message goes out: shown at once with a temp id, the composer emptied (unless it was a topic tile). */
    startSend: assign(({ context }, { content, fromComposer }: { content: string; fromComposer: boolean }) => {
      const clientId = context.newClientId();
      const unsent = { content: content.trim(), clientId };
      return {
        pending: { ...unsent, messageId: tempMessageId(clientId) },
        messages: [...context.messages, optimisticMessage(unsent, context.chatId, context.now())],
        text: fromComposer ? '' : context.text,
        failureDetail: null,
      };
    }),
    /** The pending message leaves the list if the server never stored it, and its text goes back to the composer. */
    takeBackPending: assign(({ context }) => {
      const { pending } = context;
      if (!pending || !isTempMessage(pending.messageId)) return { pending: null };
      return {
        pending: null,
        messages: context.messages.filter((m) => m.id !== pending.messageId),
        text: textWithTakenBack(pending.content, context.text),
      };
    }),
  },
  guards: {
    isNewChat: ({ context }) => context.chatId === null,
    isMissing: (_, { opening }: { opening: ChatOpening | null }) => opening === null,
    hasText: ({ context }) => context.text.trim() !== '',
    isTopic: (_, { text }: { text: string }) => text.trim() !== '',
    hasPending: ({ context }) => context.pending !== null,
    // Only a message the server stored (a temp one is the device's own copy, never sent).
    isReplyWriting: ({ context }) =>
      context.pending !== null &&
      !isTempMessage(context.pending.messageId) &&
      context.replyChecks < REPLY_RECHECKS &&
      unsentFate(context.pending, context.messages, context.now()) === 'writing',
    hasOlder: ({ context }) => context.chatId !== null && context.olderRemaining > 0,
    isLimit: (_, { failure }: { failure: SendFailure }) => failure.kind === 'limit',
    hasPracticeAccess: ({ context }, { messageId }: { messageId: string }) =>
      practiceSuggestionOf(context.messages, messageId)?.has_access === true,
    // Not in the after-crisis window: a locked card has no upgrade to offer then.
    isLockedPractice: ({ context }, { messageId }: { messageId: string }) =>
      practiceSuggestionOf(context.messages, messageId)?.has_access === false &&
      !helpNearby(context.usage, context.now()),
    isHelpNearby: ({ context }) => helpNearby(context.usage, context.now()),
    isUpsellAllowed: ({ context }) => !helpNearby(context.usage, context.now()),
    isDiarySuggestion: ({ context }, { messageId }: { messageId: string }) =>
      diarySuggestionOf(context.messages, messageId) !== null,
    // Today's usage (loaded with the chat, renewed by every reply) decides as it does for the diary's own buttons.
    isDiaryNotAvailable: ({ context }, { messageId }: { messageId: string }) =>
      diarySuggestionOf(context.messages, messageId) !== null &&
      checkAccess('diary', context.usage) === 'not_available',
    isDiaryLimitReached: ({ context }, { messageId }: { messageId: string }) =>
      diarySuggestionOf(context.messages, messageId) !== null &&
      checkAccess('diary', context.usage) === 'limit_reached',
    isVoiceUnconfigured: ({ context }) => !context.voiceInput,
    isVoiceNotAvailable: ({ context }) => checkAccess('voice', context.usage) === 'not_available',
    isVoiceLimitReached: ({ context }) => checkAccess('voice', context.usage) === 'limit_reached',
    isVoiceText: (_, { outcome }: { outcome: RecorderOutcome }) => outcome.kind === 'text',
    isVoiceRefusedForPlan: (_, { outcome }: { outcome: RecorderOutcome }) =>
      outcome.kind === 'refused' && outcome.refusal === 'not_available',
    isVoiceRefusedForToday: (_, { outcome }: { outcome: RecorderOutcome }) =>
      outcome.kind === 'refused' && outcome.refusal === 'limit_reached',
  },
}).createMachine({
  id: 'chatSession',
  description: 'One chat: history with older pages, the composer, and sending with a streamed reply.',
  context: ({ input }) => ({
    chatId: input.chatId === NEW_CHAT_ID ? null : input.chatId,
    chat: null,
    messages: [],
    olderRemaining: 0,
    text: '',
    pending: null,
    failureDetail: null,
    streamingText: '',
    lastReply: null,
    usage: null,
    limitRefused: false,
    replyChecks: 0,
    voiceInput: input.voiceInput ?? true,
    newClientId: input.newClientId,
    now: input.now ?? (() => new Date()),
  }),
  entry: spawnChild('loadUsage', { id: 'loadUsage' }),
  initial: 'restoring',
  on: {
    BACK: {
      description:
        'Back (Telegram’s button): to the chat list. A reply still streaming is finished and kept by the server.',
      actions: { type: 'navigate', params: { to: paths.chatList } },
    },
    'xstate.done.actor.loadUsage': {
      description: 'Today’s usage for the limit banner (a reply’s own usage_info, if newer, wins).',
      actions: assign({ usage: ({ context, event }) => context.usage ?? event.output }),
    },
  },
  states: {
    restoring: {
      description: 'Reading this chat’s draft from the device (a moment; the composer is disabled).',
      invoke: {
        id: 'restoreDraft',
        src: 'restoreDraft',
        input: ({ context }) => ({ chatKey: chatDraftKey(context.chatId) }),
        onDone: [
          {
            guard: 'isNewChat',
            target: 'ready',
            actions: [
              { type: 'applyDraft', params: ({ event }) => ({ draft: event.output }) },
              'placeUnsent',
              { type: 'saveDraft', params: saveParams },
            ],
          },
          { target: 'loading', actions: { type: 'applyDraft', params: ({ event }) => ({ draft: event.output }) } },
        ],
        onError: [
          { guard: 'isNewChat', target: 'ready', actions: { type: 'saveDraft', params: saveParams } },
          { target: 'loading' },
        ],
      },
    },
    loading: {
      description: 'The chat and its newest 30 messages.',
      invoke: {
        id: 'loadChat',
        src: 'loadChat',
        input: ({ context }) => ({ chatId: context.chatId ?? '' }),
        onDone: [
          { guard: { type: 'isMissing', params: ({ event }) => ({ opening: event.output }) }, target: 'notFound' },
          {
            target: 'ready',
            actions: [
              assign(({ event }) => ({
                chat: event.output!.chat,
                messages: event.output!.messages,
                olderRemaining: Math.max(0, event.output!.total - event.output!.messages.length),
              })),
              'placeUnsent',
              { type: 'saveDraft', params: saveParams },
            ],
          },
        ],
        onError: { target: 'error' },
      },
    },
    notFound: { description: '«Чат не найден» with a way back to the list.' },
    error: {
      description: '«Не удалось загрузить сообщения» with «Попробовать снова».',
      on: { RETRY: { target: 'loading' } },
    },
    ready: {
      type: 'parallel',
      on: {
        'TEXT.CHANGE': {
          description: 'Typing (allowed while a reply streams); kept on the device at once.',
          actions: [
            assign({ text: ({ event }) => cleanChatText(event.value) }),
            { type: 'saveDraft', params: saveParams },
          ],
        },
        'VOICE.TEXT': {
          description: 'Recognised speech goes into the composer, after what is typed, to be read before sending.',
          actions: [
            { type: 'appendText', params: ({ event }) => ({ text: event.text }) },
            { type: 'saveDraft', params: saveParams },
          ],
        },
        'PRACTICE.OPEN': [
          {
            guard: { type: 'hasPracticeAccess', params: ({ event }) => ({ messageId: event.messageId }) },
            description: '«Начать»: the practice, with the chat as its source.',
            actions: {
              type: 'navigate',
              params: ({ context, event }) =>
                practiceNavigation(practiceSuggestionOf(context.messages, event.messageId)!, context.chatId),
            },
          },
          {
            guard: { type: 'isLockedPractice', params: ({ event }) => ({ messageId: event.messageId }) },
            description: '«Улучшить тариф»: the practice is not on the plan.',
            actions: { type: 'navigate', params: { to: paths.subscription } },
          },
        ],
        'DIARY.OPEN': [
          {
            guard: { type: 'isDiaryNotAvailable', params: ({ event }) => ({ messageId: event.messageId }) },
            description: '«Создать запись» when the diary is not on the plan (the diary’s own gate rule).',
            actions: { type: 'openUpgradeDialog', params: { key: 'diary_not_available' } },
          },
          {
            guard: { type: 'isDiaryLimitReached', params: ({ event }) => ({ messageId: event.messageId }) },
            description: '«Создать запись» when today’s entries are spent.',
            actions: { type: 'openUpgradeDialog', params: { key: 'diary_limit_reached' } },
          },
          {
            guard: { type: 'isDiarySuggestion', params: ({ event }) => ({ messageId: event.messageId }) },
            description: '«Создать запись»: the new-entry form prefilled with the suggestion.',
            actions: {
              type: 'navigate',
              params: ({ context, event }) =>
                diaryNavigation(diarySuggestionOf(context.messages, event.messageId)!, context.chatId),
            },
          },
        ],
        UPGRADE: {
          guard: 'isUpsellAllowed',
          description: 'The limit banner’s «Улучшить тариф» (never in the after-crisis window).',
          actions: { type: 'navigate', params: { to: paths.subscription } },
        },
        'SAFETY_PLAN.OPEN': {
          description: 'The card under a crisis reply, or «Мой план безопасности» in «Помощь рядом».',
          actions: { type: 'navigate', params: ({ context }) => safetyPlanNavigation(context.chatId) },
        },
      },
      states: {
        help: {
          initial: 'closed',
          states: {
            closed: {
              on: {
                'HELP.OPEN': {
                  guard: 'isHelpNearby',
                  target: 'open',
                  description: '«Помощь рядом» in the header, shown for 72 hours after the last risk signal.',
                },
              },
            },
            open: {
              description: 'A sheet with the crisis lines (tap to call) and the way into the safety plan.',
              on: {
                'HELP.CLOSE': { target: 'closed' },
                'SAFETY_PLAN.OPEN': {
                  target: 'closed',
                  description: '«Мой план безопасности»: the sheet closes behind it.',
                  actions: { type: 'navigate', params: ({ context }) => safetyPlanNavigation(context.chatId) },
                },
              },
            },
          },
        },
        voice: {
          initial: 'closed',
          states: {
            closed: {
              on: {
                'MIC.PRESS': [
                  {
                    guard: 'isVoiceUnconfigured',
                    description: 'This server has no speech-to-text: the toast says so (nothing is recorded).',
                    actions: { type: 'toast', params: { key: 'voiceUnconfigured' } },
                  },
                  {
                    guard: 'isVoiceNotAvailable',
                    description: 'Voice input is not on the plan.',
                    actions: { type: 'openUpgradeDialog', params: { key: 'voice_not_available' } },
                  },
                  {
                    guard: 'isVoiceLimitReached',
                    description: 'Today’s voice seconds are spent.',
                    actions: { type: 'openUpgradeDialog', params: { key: 'voice_limit_reached' } },
                  },
                  {
                    target: 'open',
                    description: 'The microphone (shown while the composer is empty): the recorder opens and starts.',
                  },
                ],
              },
            },
            open: {
              description: 'The recorder’s sheet: recording, then transcribing.',
              invoke: {
                id: 'voiceRecorder',
                src: 'voiceRecorder',
                input: ({ context }) => ({
                  maxSeconds: voiceSecondsAllowed(context.usage),
                  clock: { now: () => context.now().getTime() },
                  newClientId: context.newClientId,
                }),
                onDone: [
                  {
                    guard: { type: 'isVoiceText', params: ({ event }) => ({ outcome: event.output }) },
                    target: 'closed',
                    description: 'The words land in the composer (with today’s usage after their seconds).',
                    actions: [
                      {
                        type: 'appendText',
                        params: ({ event }) => ({ text: event.output.kind === 'text' ? event.output.text : '' }),
                      },
                      assign({
                        usage: ({ context, event }) =>
                          event.output.kind === 'text' ? event.output.usage : context.usage,
                      }),
                      { type: 'saveDraft', params: saveParams },
                      { type: 'haptic', params: { kind: 'success' } },
                    ],
                  },
                  {
                    guard: { type: 'isVoiceRefusedForPlan', params: ({ event }) => ({ outcome: event.output }) },
                    target: 'closed',
                    actions: [
                      assign({ usage: ({ context }) => withVoiceRefusal(context.usage, 'not_available') }),
                      { type: 'openUpgradeDialog', params: { key: 'voice_not_available' } },
                    ],
                  },
                  {
                    guard: { type: 'isVoiceRefusedForToday', params: ({ event }) => ({ outcome: event.output }) },
                    target: 'closed',
                    actions: [
                      assign({ usage: ({ context }) => withVoiceRefusal(context.usage, 'limit_reached') }),
                      { type: 'openUpgradeDialog', params: { key: 'voice_limit_reached' } },
                    ],
                  },
                  { target: 'closed', description: 'Closed without sending anything.' },
                ],
              },
              entry: sendTo('voiceRecorder', { type: 'START' }),
            },
          },
        },
        history: {
          initial: 'idle',
          states: {
            idle: {
              on: {
                LOAD_OLDER: {
                  guard: 'hasOlder',
                  target: 'loadingOlder',
                  description: 'The top of the list came within 100 px; ignored when everything is loaded.',
                },
              },
            },
            loadingOlder: {
              invoke: {
                id: 'loadOlder',
                src: 'loadOlder',
                input: ({ context }) => olderPageQuery(context.chatId ?? '', context.olderRemaining),
                onDone: {
                  target: 'idle',
                  actions: assign(({ context, event }) => ({
                    messages: prependPage(context.messages, event.output.messages),
                    olderRemaining: olderPageQuery(context.chatId ?? '', context.olderRemaining).skip,
                  })),
                },
                onError: { target: 'olderFailed' },
              },
            },
            olderFailed: {
              description: 'An older page failed: «Не удалось загрузить сообщения» and a retry at the top.',
              on: { RETRY_OLDER: { target: 'loadingOlder' } },
            },
          },
        },
        send: {
          initial: 'settling',
          states: {
            settling: {
              description:
                'Transient: a restored unanswered message waits for its reply (sent moments ago) or for «Отправить ещё раз».',
              always: [
                { guard: 'isReplyWriting', target: 'awaitingReply' },
                { guard: 'hasPending', target: 'failed' },
                { target: 'idle' },
              ],
            },
            awaitingReply: {
              description:
                '«Ответ ещё пишется…»: the newest message was sent moments ago and its reply is on its way (the app was closed mid-reply); a look again in a few seconds.',
              after: { replyRecheck: { target: 'checkingReply' } },
            },
            checkingReply: {
              description:
                'The newest messages again: a stored reply shows; none yet → wait again (a few times, while the message is recent), then «Отправить ещё раз».',
              entry: assign({ replyChecks: ({ context }) => context.replyChecks + 1 }),
              invoke: {
                id: 'checkReply',
                src: 'loadChat',
                input: ({ context }) => ({ chatId: context.chatId ?? '' }),
                onDone: {
                  target: 'settling',
                  actions: [
                    { type: 'takeNewest', params: ({ event }) => ({ opening: event.output }) },
                    { type: 'saveDraft', params: saveParams },
                  ],
                },
                onError: { target: 'failed', description: 'Unreachable: the message gets «Отправить ещё раз».' },
              },
            },
            idle: {
              on: {
                SEND: {
                  guard: 'hasText',
                  target: 'sending',
                  description: 'Enter or the send button; blank text is ignored.',
                  actions: [
                    { type: 'startSend', params: ({ context }) => ({ content: context.text, fromComposer: true }) },
                    { type: 'saveDraft', params: saveParams },
                  ],
                },
                'TOPIC.SEND': {
                  guard: { type: 'isTopic', params: ({ event }) => ({ text: event.text }) },
                  target: 'sending',
                  description: 'A topic tile of the empty chat sends its text.',
                  actions: [
                    { type: 'startSend', params: ({ event }) => ({ content: event.text, fromComposer: false }) },
                    { type: 'saveDraft', params: saveParams },
                  ],
                },
              },
            },
            sending: {
              description: 'A send runs; another SEND is ignored until it ends.',
              invoke: {
                id: 'sendMessage',
                src: 'sendMessage',
                input: ({ context }) => ({
                  chatId: context.chatId,
                  content: context.pending?.content ?? '',
                  clientId: context.pending?.clientId ?? '',
                }),
                onError: {
                  target: 'failed',
                  description: 'The send could not run at all.',
                  actions: assign({ streamingText: '', failureDetail: null }),
                },
              },
              initial: 'waiting',
              states: {
                waiting: {
                  description: 'The typing indicator, until the reply’s first words.',
                  on: {
                    DELTA: { target: 'replying', actions: assign({ streamingText: ({ event }) => event.text }) },
                  },
                },
                replying: {
                  description: 'The reply grows as it streams.',
                  on: {
                    DELTA: {
                      actions: assign({ streamingText: ({ context, event }) => context.streamingText + event.text }),
                    },
                  },
                },
              },
              on: {
                CHAT_CREATED: {
                  description:
                    'The first send created the chat: the route becomes the chat’s own, the draft moves with it.',
                  actions: [
                    assign({ chatId: ({ event }) => event.chat.id, chat: ({ event }) => event.chat }),
                    {
                      type: 'navigate',
                      params: ({ event }) => ({
                        to: paths.chat(event.chat.id),
                        replace: true,
                        state: { createdChat: event.chat.id },
                      }),
                    },
                    { type: 'saveDraft', params: { chatKey: NEW_CHAT_ID, draft: EMPTY_DRAFT } },
                    { type: 'saveDraft', params: saveParams },
                  ],
                },
                USER_MESSAGE: {
                  description: 'The stored user message replaces the optimistic one.',
                  actions: assign(({ context, event }) => ({
                    messages: context.messages.map((m) => (m.id === context.pending?.messageId ? event.message : m)),
                    pending: context.pending && { ...context.pending, messageId: event.message.id },
                  })),
                },
                DONE: {
                  target: 'idle',
                  description: 'The stored reply (with today’s usage) replaces the streamed text.',
                  actions: [
                    assign(({ context, event }) => ({
                      chat: event.chat,
                      messages: [...context.messages, event.message],
                      usage: event.message.usage_info ?? context.usage,
                      limitRefused: false,
                      pending: null,
                      streamingText: '',
                      lastReply: event.message,
                    })),
                    { type: 'saveDraft', params: saveParams },
                  ],
                },
                ERROR: [
                  {
                    guard: { type: 'isLimit', params: ({ event }) => ({ failure: event.failure }) },
                    target: 'idle',
                    description:
                      '402: nothing was stored; the text goes back to the composer, the server’s words and the upgrade dialog show.',
                    actions: [
                      'takeBackPending',
                      assign({ limitRefused: true, streamingText: '' }),
                      {
                        type: 'toast',
                        params: ({ event }) => ({
                          key: 'limitReached',
                          detail: event.failure.kind === 'limit' ? event.failure.detail : undefined,
                        }),
                      },
                      { type: 'openUpgradeDialog', params: { key: 'messages_limit_reached' } },
                      { type: 'saveDraft', params: saveParams },
                    ],
                  },
                  {
                    target: 'failed',
                    description: 'The typing indicator stops; the message stays with «Отправить ещё раз».',
                    actions: assign({
                      streamingText: '',
                      failureDetail: ({ event }) =>
                        event.failure.kind === 'unavailable' ? event.failure.detail : null,
                    }),
                  },
                ],
              },
            },
            failed: {
              description:
                'The unanswered message shows «Отправить ещё раз» (and «Изменить» if it never reached the server).',
              on: {
                RETRY_SEND: {
                  target: 'sending',
                  description: 'The same content and client id: the server answers it without storing it twice.',
                },
                EDIT_UNSENT: {
                  target: 'idle',
                  description: 'Never stored: the text back to the composer. Stored: leave it unanswered and write on.',
                  actions: [
                    'takeBackPending',
                    assign({ failureDetail: null }),
                    { type: 'saveDraft', params: saveParams },
                  ],
                },
              },
            },
          },
        },
      },
    },
  },
});

export type ChatSessionStatus = 'loading' | 'ready' | 'notFound' | 'error';

/**
 * What the chat screen shows. `messages` keeps its identity until it changes, so the list re-renders only for a
 * new message; the streamed text is a field of its own.
 */
export function chatSessionView(snapshot: SnapshotFrom<typeof chatSessionMachine>) {
  const { chat, chatId, messages, text, pending, failureDetail, streamingText, lastReply, usage, limitRefused } =
    snapshot.context;
  const nearby = helpNearby(usage, snapshot.context.now());
  const banner = limitBanner(usage, limitRefused);
  const top = topState<'restoring' | 'loading' | 'ready' | 'notFound' | 'error'>(snapshot);
  const ready = top === 'ready';
  const sending = snapshot.matches({ ready: { send: 'sending' } });
  const failed = snapshot.matches({ ready: { send: 'failed' } });
  return {
    status: (top === 'restoring' ? 'loading' : top) as ChatSessionStatus,
    chatId,
    topic: chat?.topic ?? null,
    messages,
    /** The typing indicator: a send runs and no words have arrived yet. */
    typing: snapshot.matches({ ready: { send: { sending: 'waiting' } } }),
    /** Reopened mid-reply: the reply to the newest message is still being written («Ответ ещё пишется…»). */
    replyWriting:
      snapshot.matches({ ready: { send: 'awaitingReply' } }) || snapshot.matches({ ready: { send: 'checkingReply' } }),
    /** The reply so far ('' when none streams). */
    streamingText,
    /** The last reply finished here, for the polite announcement (not every streamed word). */
    lastReply,
    sending,
    /** The message with «Отправить ещё раз», the server's words about it, and whether it can be edited. */
    failedMessageId: failed && pending ? pending.messageId : null,
    failureDetail: failed ? failureDetail : null,
    failedEditable: failed && pending !== null && isTempMessage(pending.messageId),
    /**
     * The unanswered message speaks of suicide or self-harm: the server's crisis reply has not arrived (offline, a
     * broken stream, 429, 503), so the device shows the crisis lines itself. Not while the send runs: the reply
     * usually comes within a moment, and the card would only flash.
     */
    pendingAtRisk: failed && pending !== null && signalsRisk(pending.content),
    text,
    /** The composer accepts text (not while the draft is read back or the chat is not open). */
    editable: ready,
    canSend: snapshot.can({ type: 'SEND' }),
    /** The microphone instead of the send button while the composer is empty. */
    showMic: text.trim() === '',
    /** The empty chat: the greeting and the eight topic tiles. */
    showTopics: ready && messages.length === 0 && !sending,
    hasOlder: snapshot.can({ type: 'LOAD_OLDER' }),
    loadingOlder: snapshot.matches({ ready: { history: 'loadingOlder' } }),
    olderFailed: snapshot.matches({ ready: { history: 'olderFailed' } }),
    banner,
    /** The banner offers «Улучшить тариф»: the limit is spent, outside the after-crisis window. */
    bannerUpgrade: banner === 'exhausted' && snapshot.can({ type: 'UPGRADE' }),
    /** «Помощь рядом» in the header: the after-crisis window is open. */
    helpNearby: nearby,
    /** Its sheet with the lines and the safety plan. */
    helpOpen: snapshot.matches({ ready: { help: 'open' } }),
    /** Nothing upsells (a locked practice card shows no «Улучшить тариф»). */
    quiet: nearby,
    /** The recorder while its sheet is open (the sheet reads it with its own view model). */
    voiceRecorder: snapshot.children.voiceRecorder as ActorRefFrom<typeof voiceRecorderMachine> | undefined,
  };
}
