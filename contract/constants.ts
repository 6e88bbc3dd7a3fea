// The values both sides check, without zod: limits, the moods and sources, the fixed words the client acts on. The
// schemas of contract/<domain>.ts validate with them on the server; the client's forms, machines and pages count
// with them. A client module that imported a schema module for a value would pull zod (≈ 24 KB gzip) into its
// chunk — the lint forbids that (eslint.config.js) — so they live here.

export const CHAT_LIST_PAGE_SIZE = 20;
export const CHAT_MESSAGES_PAGE_SIZE = 30;
export const CHAT_MAX_LIMIT = 100;
/** Longest user message in characters (after trimming). */
export const CHAT_CONTENT_MAX = 4000;
/** Detail of the 402 answer when today's tokens are spent (the client shows it and opens messages_limit_reached). */
export const TOKENS_EXHAUSTED_DETAIL = 'Лимит токенов исчерпан';

export const DIARY_PAGE_SIZE = 20;
export const DIARY_MAX_LIMIT = 100;
export const DIARY_CONTENT_MAX = 2000;
export const DIARY_TITLE_MAX = 100;
/** A source_id is a UUID (contract/common.ts sourceIdSchema): a draft keeps no more than its length. */
export const DIARY_SOURCE_ID_MAX = 36;
export const MOODS = ['very_bad', 'bad', 'neutral', 'good', 'very_good'] as const;
/** Where a practice session or a diary entry came from: opened by the user, or suggested in a chat (source_id: the chat). */
export const SOURCE_TYPES = ['manual', 'ai_suggestion'] as const;
/** A diary entry may also be what the user wrote in a practice session (source_id: that session's id). */
export const PRACTICE_SESSION_SOURCE = 'practice_session';
export const DIARY_SOURCE_TYPES = [...SOURCE_TYPES, PRACTICE_SESSION_SOURCE] as const;

/** The mood check-in's optional note (contract/checkin.ts). */
export const CHECK_IN_NOTE_MAX = 200;

/** «Обо мне». */
export const PERSONAL_CONTEXT_MAX = 500;

export const PRACTICE_RATING_MIN = 1;
export const PRACTICE_RATING_MAX = 5;
/** A practice's comment. */
export const PRACTICE_FEEDBACK_MAX = 500;
export const PRACTICE_HISTORY_PAGE_SIZE = 20;
export const PRACTICE_HISTORY_MAX_LIMIT = 100;
