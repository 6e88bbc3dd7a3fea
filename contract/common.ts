// Shared pieces of the API contract. The server validates with these schemas; the client imports only types.
import { z } from 'zod';

/** Every API error body. */
export const errorSchema = z.object({ detail: z.string() }).meta({ id: 'Error' });
export type ApiError = z.infer<typeof errorSchema>;

export const tierSchema = z.enum(['START', 'PRO', 'PREMIUM']);
export type Tier = z.infer<typeof tierSchema>;

/**
 * A string PostgreSQL can store: `text` columns refuse the NUL character (U+0000), so every free-text input
 * starts here and such a string is a 422 with a Russian message instead of a database error. `typeError` answers
 * a non-string; other checks keep their own messages.
 */
export const storableString = (typeError: string) =>
  z
    .string({ error: (iss) => (iss.code === 'invalid_type' ? typeError : undefined) })
    .refine((s) => !s.includes('\u0000'), { error: 'Текст не может содержать нулевой символ (U+0000)' });

/** A strict object's error: unknown keys are named in Russian, a non-object is «Ожидается JSON-объект». */
export const unknownKeys = (iss: { code?: string; keys?: string[] }) =>
  iss.code === 'unrecognized_keys'
    ? `Неизвестные поля: ${(iss.keys ?? []).join(', ')}`
    : iss.code === 'invalid_type'
      ? 'Ожидается JSON-объект'
      : undefined;

/** `skip` of a paged list's query: a non-negative integer, default 0. */
export const skipSchema = z.coerce
  .number({ error: 'skip должен быть целым числом' })
  .int({ error: 'skip должен быть целым числом' })
  .min(0, { error: 'skip не может быть отрицательным' })
  .default(0);

/** `limit` of a paged list's query: an integer from 1 to `max`, default `pageSize`. */
export const limitSchema = (pageSize: number, max: number) =>
  z.coerce
    .number({ error: 'limit должен быть целым числом' })
    .int({ error: 'limit должен быть целым числом' })
    .min(1, { error: `limit должен быть от 1 до ${max}` })
    .max(max, { error: `limit должен быть от 1 до ${max}` })
    .default(pageSize);

/** ISO 8601 timestamp in UTC, e.g. 2026-11-21T10:00:00.000Z. */
/**
 * Where something came from (source_id): the id of a chat or a practice session — a UUID, never text, so it cannot
 * carry words past the sealed columns. Null when absent.
 */
export const sourceIdSchema = z
  .string({ error: 'source_id должен быть идентификатором (UUID)' })
  .regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i, {
    error: 'source_id должен быть идентификатором (UUID)',
  })
  .nullish()
  .transform((s) => s ?? null);

export const timestampSchema = z.string().describe('ISO 8601 timestamp (UTC)');

// Standard error responses for the OpenAPI document, spread into each route's `response`
// (server/http/error-handler.ts gives them).
/** Every authenticated /api route: init data refused (401), too many requests or failed sign-ins (429), database unavailable (503). */
export const authErrors = { 401: errorSchema, 429: errorSchema, 503: errorSchema } as const;
/** A route reading a JSON body: malformed JSON (400), too large (413), not JSON (415), invalid value (422). */
export const bodyErrors = { 400: errorSchema, 413: errorSchema, 415: errorSchema, 422: errorSchema } as const;
/** A route with query or path parameters: invalid value (422). */
export const paramErrors = { 422: errorSchema } as const;
