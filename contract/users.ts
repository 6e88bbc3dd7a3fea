// GET /api/users/me
import { z } from 'zod';
import { timestampSchema } from './common';

export const userSchema = z.object({
  telegram_id: z.number().int(),
  first_name: z.string(),
  last_name: z.string().nullable(),
  username: z.string().nullable(),
  photo_url: z.string().nullable(),
  /** First visit. */
  created_at: timestampSchema,
});
export type User = z.infer<typeof userSchema>;
