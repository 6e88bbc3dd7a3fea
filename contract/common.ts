// Shared pieces of the API contract. The server validates with these schemas; the client imports only types.
import { z } from 'zod';

/** Every API error body. */
export const errorSchema = z.object({ detail: z.string() }).meta({ id: 'Error' });
export type ApiError = z.infer<typeof errorSchema>;

export const tierSchema = z.enum(['START', 'PRO', 'PREMIUM']);
export type Tier = z.infer<typeof tierSchema>;

/** ISO 8601 timestamp in UTC, e.g. 2026-11-21T10:00:00.000Z. */
export const timestampSchema = z.string().describe('ISO 8601 timestamp (UTC)');

/** Standard error responses a protected route can give, for the OpenAPI document. */
export const authErrors = { 401: errorSchema } as const;
