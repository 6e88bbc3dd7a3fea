// The diary API contract: zod schemas validate requests and filter responses on the server; the client imports
// only the inferred types (`import type`), so zod stays out of the client bundle.
import { z } from 'zod';
import { checkInSchema } from './checkin';
import { CLIENT_ID_PATTERN } from './client-id';
import { moodSchema } from './mood';
import { limitSchema, skipSchema, sourceIdSchema, storableString, unknownKeys } from './common';
import {
  DIARY_CONTENT_MAX,
  DIARY_MAX_LIMIT,
  DIARY_PAGE_SIZE,
  DIARY_SOURCE_TYPES,
  DIARY_TITLE_MAX,
  PRACTICE_SESSION_SOURCE,
  SOURCE_TYPES,
} from './constants';

export { moodSchema, type Mood } from './mood';

export const sourceTypeSchema = z.enum(SOURCE_TYPES, { error: 'Источник должен быть manual или ai_suggestion' });
export type SourceType = z.infer<typeof sourceTypeSchema>;

export const diarySourceTypeSchema = z.enum(DIARY_SOURCE_TYPES, {
  error: 'Источник должен быть manual, ai_suggestion или practice_session',
});
export type DiarySourceType = z.infer<typeof diarySourceTypeSchema>;

export const diaryEntrySchema = z.object({
  id: z.string(),
  title: z.string().nullable(),
  content: z.string(),
  mood: moodSchema.nullable(),
  is_favorite: z.boolean(),
  source_type: diarySourceTypeSchema,
  source_id: z.string().nullable(),
  /** ISO 8601 timestamp (UTC). */
  created_at: z.string(),
});
export type DiaryEntry = z.infer<typeof diaryEntrySchema>;

export const diaryListQuerySchema = z.strictObject(
  {
    skip: skipSchema,
    limit: limitSchema(DIARY_PAGE_SIZE, DIARY_MAX_LIMIT),
    dateFrom: z.iso
      .datetime({ offset: true, error: 'dateFrom должен быть датой и временем в формате ISO 8601' })
      .optional(),
    is_favorite: z.literal('true', { error: 'is_favorite может быть только true' }).optional(),
  },
  { error: unknownKeys },
);
export type DiaryListQuery = z.output<typeof diaryListQuerySchema>;

export const diaryListResponseSchema = z.object({
  entries: z.array(diaryEntrySchema),
  total: z.number().int(),
  /**
   * The check-ins (home's mood marks) whose time falls among this page's entries — after its last entry (none when
   * it is the last page) and up to the previous page's last (none on the first page) — so pages never repeat one.
   * Only for plans with the diary, and never under «Избранное». Always sent by this server.
   */
  check_ins: z.array(checkInSchema).optional(),
});
export type DiaryListResponse = z.infer<typeof diaryListResponseSchema>;

export const diaryCreateBodySchema = z.strictObject(
  {
    title: storableString('Заголовок должен быть строкой')
      .trim()
      .max(DIARY_TITLE_MAX, { error: `Заголовок не может быть длиннее ${DIARY_TITLE_MAX} символов` })
      .nullish()
      .transform((t) => (t ? t : null)),
    content: storableString('Содержание записи обязательно')
      .trim()
      .min(1, { error: 'Содержание записи не может быть пустым' })
      .max(DIARY_CONTENT_MAX, { error: `Содержание записи не может быть длиннее ${DIARY_CONTENT_MAX} символов` }),
    mood: moodSchema.nullish().transform((m) => m ?? null),
    is_favorite: z.boolean({ error: 'is_favorite должен быть true или false' }).default(false),
    source: z
      .strictObject(
        {
          source_type: diarySourceTypeSchema,
          source_id: sourceIdSchema,
        },
        { error: unknownKeys },
      )
      // An entry from a practice names its session (the server checks that it is the caller's own: else 404).
      .refine((s) => s.source_type !== PRACTICE_SESSION_SOURCE || s.source_id, {
        error: 'Для записи из практики укажите её сессию (source_id)',
      })
      .optional(),
    /**
     * Idempotency key: the client's id for this draft. A repeated create with the same id (a retry after a lost
     * response, or a save that finished after the user left the form) returns the entry already made.
     */
    client_id: z
      .string({ error: 'client_id должен быть UUID' })
      .regex(CLIENT_ID_PATTERN, { error: 'client_id должен быть UUID' })
      .optional(),
  },
  { error: unknownKeys },
);
/** What the client sends. */
export type DiaryCreateBody = z.input<typeof diaryCreateBodySchema>;
/** What the server works with after validation. */
export type DiaryCreateInput = z.output<typeof diaryCreateBodySchema>;

/**
 * PATCH /api/diary/{id}: changes the entry's title, content or mood (any of them; at least one). The same rules as
 * a new entry's: title trimmed, ≤ 100, blank → none; content trimmed, not blank, ≤ 2000; mood one of five or null.
 */
export const diaryUpdateBodySchema = z
  .strictObject(
    {
      // Absent leaves the field as it is; null (or a blank title) clears it.
      title: storableString('Заголовок должен быть строкой')
        .trim()
        .max(DIARY_TITLE_MAX, { error: `Заголовок не может быть длиннее ${DIARY_TITLE_MAX} символов` })
        .nullable()
        .transform((t) => (t ? t : null))
        .optional(),
      content: diaryCreateBodySchema.shape.content.optional(),
      mood: moodSchema.nullable().optional(),
    },
    { error: unknownKeys },
  )
  .refine((b) => b.title !== undefined || b.content !== undefined || b.mood !== undefined, {
    error: 'Укажите, что изменить: title, content или mood',
  });
/** What the client sends. */
export type DiaryUpdateBody = z.input<typeof diaryUpdateBodySchema>;
export type DiaryUpdateInput = z.output<typeof diaryUpdateBodySchema>;

export const diaryEntryParamsSchema = z.object({ id: z.string() });
