// The mood check-in: one tap on home says how the day feels, free on every plan. One check-in per user per local
// day (in their kept zone), changeable that day; an optional short note. It feeds home's streak, week and insight,
// and shows as a mood mark in the diary list of plans that have the diary (docs/home.md, "The check-in").
import { z } from 'zod';
import { storableString, unknownKeys } from './common';
import { CHECK_IN_NOTE_MAX } from './constants';
import { moodSchema } from './mood';

export const checkInSchema = z.object({
  /** The user's local date it is for, YYYY-MM-DD. */
  day: z.string(),
  mood: moodSchema,
  note: z.string().nullable(),
  /** ISO 8601 timestamp (UTC) of the last change: where it stands among the diary's entries. */
  updated_at: z.string(),
});
export type CheckIn = z.infer<typeof checkInSchema>;

/** GET /api/checkin/today. */
export const checkInTodaySchema = z.object({
  day: z.string(),
  check_in: checkInSchema.nullable(),
  /** The plan has the diary: home offers «Написать в дневник» beside the check-in (never a paywall). */
  diary_available: z.boolean(),
});
export type CheckInToday = z.infer<typeof checkInTodaySchema>;

/** PUT /api/checkin/today: the mood, and the note when given (absent: the day's note stays; null or blank: none). */
export const checkInBodySchema = z.strictObject(
  {
    mood: moodSchema,
    note: storableString('Заметка должна быть строкой')
      .trim()
      .max(CHECK_IN_NOTE_MAX, { error: `Заметка не может быть длиннее ${CHECK_IN_NOTE_MAX} символов` })
      .nullable()
      .transform((t) => (t ? t : null))
      .optional(),
  },
  { error: unknownKeys },
);
export type CheckInBody = z.input<typeof checkInBodySchema>;
export type CheckInInput = z.output<typeof checkInBodySchema>;
