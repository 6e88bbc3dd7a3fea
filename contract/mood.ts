// The five moods of a diary entry and of the check-in.
import { z } from 'zod';
import { MOODS } from './constants';

export const moodSchema = z.enum(MOODS, {
  error: 'Настроение должно быть одним из: very_bad, bad, neutral, good, very_good',
});
export type Mood = z.infer<typeof moodSchema>;
