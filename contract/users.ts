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

/** What this server can do, for the client to know at start (not per user: the operator's configuration). */
export const capabilitiesSchema = z.object({
  /** A speech-to-text endpoint is configured: POST /api/voice/transcribe works (otherwise it answers 503). */
  voice_input: z.boolean(),
});
export type Capabilities = z.infer<typeof capabilitiesSchema>;

/** GET /api/users/me: the user, and what the server can do (read by the client once, at sign-in). */
export const meSchema = userSchema.extend({ capabilities: capabilitiesSchema });
export type Me = z.infer<typeof meSchema>;

/**
 * PUT /api/users/me/bot-access → 204: the app's requestWriteAccess answer, so the server knows whether the bot may
 * send reminders ('allowed' → true, 'denied' → false; 'unavailable' is not reported).
 */
export const botAccessBodySchema = z.strictObject({
  allowed: z.boolean({ error: 'Поле «allowed» должно быть true или false' }),
});
export type BotAccessBody = z.infer<typeof botAccessBodySchema>;

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
