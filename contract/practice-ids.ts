// The practices' ids and categories: the one list both sides name them by (zod-free, so the client may import it).
// The catalogue (server/practices/catalogue.ts) gives each id its words, duration and access.
export const PRACTICE_CATEGORIES = [
  'breathing',
  'grounding',
  'productivity',
  'psychological',
  'journaling',
  'self_awareness',
] as const;
export type PracticeCategory = (typeof PRACTICE_CATEGORIES)[number];

export const PRACTICE_IDS = [
  'breathing_478',
  'triangle_breathing',
  'box_breathing',
  'grounding_54321',
  'letter_without_sending',
  'five_minute_start',
  'diary_three_questions',
  'if_i_wasnt_afraid',
  'stop_think_act',
  'body_scan_simple',
  'goal_shift',
  'paradoxical_step',
  'balance_wheel',
] as const;
export type PracticeId = (typeof PRACTICE_IDS)[number];
