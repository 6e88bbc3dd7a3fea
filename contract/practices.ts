// The practices API contract: zod schemas validate requests and filter responses on the server; the client imports
// only the inferred types (`import type`). The ids and categories are contract/practice-ids.ts; the catalogue
// (server/practices/catalogue.ts) gives each its words and access.
import { z } from 'zod';
import { limitSchema, skipSchema, sourceIdSchema, storableString, unknownKeys } from './common';
import { sourceTypeSchema } from './diary';
import { PRACTICE_CATEGORIES, PRACTICE_IDS, type PracticeCategory, type PracticeId } from './practice-ids';
import {
  PRACTICE_FEEDBACK_MAX,
  PRACTICE_HISTORY_MAX_LIMIT,
  PRACTICE_HISTORY_PAGE_SIZE,
  PRACTICE_RATING_MAX,
  PRACTICE_RATING_MIN,
} from './constants';

export type { PracticeCategory, PracticeId };

export const practiceIdSchema = z.enum(PRACTICE_IDS, { error: 'Неизвестная практика' });

export const practiceSchema = z
  .object({
    id: practiceIdSchema,
    name: z.string(),
    description: z.string(),
    category: z.enum(PRACTICE_CATEGORIES),
    duration_minutes: z.number().int(),
    /** Shown with a PRO badge: open on PRO and PREMIUM (the trial included). */
    is_advanced: z.boolean(),
    /** Advanced and the caller's plan does not open it: starting it answers 402. */
    is_locked: z.boolean(),
  })
  .meta({ id: 'Practice' });
export type Practice = z.infer<typeof practiceSchema>;

export const practiceListSchema = z.array(practiceSchema);

export const practiceParamsSchema = z.object({ id: z.string() });

export const practiceStartBodySchema = z.strictObject(
  {
    practice_type: z.string({ error: 'Укажите практику (practice_type)' }).pipe(practiceIdSchema),
    source_type: sourceTypeSchema.default('manual'),
    /** The chat the suggestion came from, for source_type ai_suggestion. */
    source_id: sourceIdSchema,
  },
  { error: unknownKeys },
);
export type PracticeStartBody = z.input<typeof practiceStartBodySchema>;

export const practiceStartResponseSchema = z.object({ session_id: z.string(), practice: practiceSchema });
export type PracticeStartResponse = z.infer<typeof practiceStartResponseSchema>;

export const practiceSessionParamsSchema = z.object({ session_id: z.string() });

const ratingError = `Оценка должна быть целым числом от ${PRACTICE_RATING_MIN} до ${PRACTICE_RATING_MAX}`;

export const practiceCompleteBodySchema = z.strictObject(
  {
    rating: z
      .number({ error: (iss) => (iss.input === undefined ? 'Оценка обязательна' : ratingError) })
      .int({ error: ratingError })
      .min(PRACTICE_RATING_MIN, { error: ratingError })
      .max(PRACTICE_RATING_MAX, { error: ratingError })
      // null: the rating was skipped («Пропустить»); the session is completed unrated. Absent is still an error.
      .nullable(),
    /** The comment: trimmed, at most 500 characters, blank → null. */
    feedback: storableString('Комментарий должен быть строкой')
      .trim()
      .max(PRACTICE_FEEDBACK_MAX, { error: `Комментарий не может быть длиннее ${PRACTICE_FEEDBACK_MAX} символов` })
      .nullish()
      .transform((f) => (f ? f : null)),
  },
  { error: unknownKeys },
);
export type PracticeCompleteBody = z.input<typeof practiceCompleteBodySchema>;

/** One session of a practice: started, and once completed, rated. */
export const practiceSessionSchema = z.object({
  session_id: z.string(),
  practice_type: practiceIdSchema,
  practice_name: z.string(),
  source_type: sourceTypeSchema,
  source_id: z.string().nullable(),
  /** ISO 8601 timestamps (UTC); completed_at is null for a session not finished. */
  started_at: z.string(),
  completed_at: z.string().nullable(),
  rating: z.number().int().nullable(),
  feedback: z.string().nullable(),
});
export type PracticeSession = z.infer<typeof practiceSessionSchema>;

export const practiceHistoryQuerySchema = z.strictObject(
  {
    skip: skipSchema,
    limit: limitSchema(PRACTICE_HISTORY_PAGE_SIZE, PRACTICE_HISTORY_MAX_LIMIT),
  },
  { error: unknownKeys },
);
export type PracticeHistoryQuery = z.output<typeof practiceHistoryQuerySchema>;

export const practiceHistorySchema = z.object({ sessions: z.array(practiceSessionSchema), total: z.number().int() });
export type PracticeHistory = z.infer<typeof practiceHistorySchema>;
