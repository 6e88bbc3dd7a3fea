/** Home's streak and weekly chart are fixed sample values, not loaded from a server. */
export const SAMPLE_STREAK_DAYS = 7;
/** Mood 1–5 for Пн … Вс. */
export const SAMPLE_WEEK_MOODS = [3, 4, 3, 5, 4, 2, 4] as const;
