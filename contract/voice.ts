// Voice input's answers (POST /api/voice/transcribe, or the spec's /api/chat/transcribe; the request, the limits and
// the error codes are described in contract/voice-limits.ts, which the client may import at run time). The client
// imports only types from here.
import { z } from 'zod';
import { DAILY_REFUSALS, usageSchema } from './billing';
import { VOICE_UNCONFIGURED } from './voice-limits';

/** 200: what was said, and today's usage after the recording's seconds were spent. */
export const transcribeResponseSchema = z.object({
  text: z.string(),
  usage_info: usageSchema,
});
export type TranscribeResponse = z.infer<typeof transcribeResponseSchema>;

/** Every error of the route: the Russian `detail`, and a `code` where the client acts on it. */
export const voiceErrorSchema = z.object({
  detail: z.string(),
  code: z.enum([...DAILY_REFUSALS, VOICE_UNCONFIGURED]).optional(),
});
export type VoiceErrorBody = z.infer<typeof voiceErrorSchema>;

/** The upload's text fields (any others are ignored). */
export const transcribeFieldsSchema = z.object({
  client_id: z.uuid({ error: 'client_id должен быть UUID' }).optional(),
});
