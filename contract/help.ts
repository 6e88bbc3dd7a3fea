// GET /api/help/support: how to reach a person (the help screen's support contact).
import { z } from 'zod';

export const supportSchema = z.object({
  /** SUPPORT_URL: a t.me channel or chat (or another https page); null when the operator set none. */
  support_url: z.string().nullable(),
});
export type Support = z.infer<typeof supportSchema>;
