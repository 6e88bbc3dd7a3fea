// GET /api/home/summary: home's streak, this week's moods and the insight, in the user's kept time zone.
import { z } from 'zod';

const localDateSchema = z.string().describe('a local date in the user’s zone, YYYY-MM-DD');

export const INSIGHT_KINDS = ['best_practice', 'lowest_weekday', 'mood_up', 'mood_down', 'general'] as const;

export const homeSummarySchema = z.object({
  /** The user's local date. */
  today: localDateSchema,
  streak: z.object({
    /** Consecutive local days with a check-in, a diary entry, a chat message or a finished practice, up to today — or up to
     * yesterday while today has nothing yet (today counts once something happened). 0: no streak now. */
    days: z.number().int().min(0),
    active_today: z.boolean(),
    /** Days with something among the last 30 (today included): what a broken streak kept. */
    active_days_30: z.number().int().min(0),
  }),
  /** This week, Monday first: each day's mood — the day's check-in, else the mean of its diary moods (1 very bad …
   * 5 very good, one decimal) — null for a day without one (drawn empty, not as 0). */
  week: z.array(z.object({ date: localDateSchema, mood: z.number().min(1).max(5).nullable() })).length(7),
  /** One short sentence from the last two weeks; 'general' when there is too little to say something personal. */
  insight: z.object({ kind: z.enum(INSIGHT_KINDS), text: z.string() }),
});
export type HomeSummary = z.infer<typeof homeSummarySchema>;
export type InsightKind = (typeof INSIGHT_KINDS)[number];
