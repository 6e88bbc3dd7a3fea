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

/** GET /api/users/me/export (and the link's download): the whole document; its parts are listed in docs/privacy.md. */
export const userExportSchema = z.looseObject({
  format: z.string(),
  exported_at: timestampSchema,
});

/** POST /api/users/me/export-link: a path on this API that downloads the export without X-Init-Data, briefly. */
export const exportLinkSchema = z.object({
  /** Relative to the API's origin, e.g. /api/export/123.1767225600.abc… */
  path: z.string(),
  expires_at: timestampSchema,
});
export type ExportLink = z.infer<typeof exportLinkSchema>;
export type UserExport = z.infer<typeof userExportSchema>;
