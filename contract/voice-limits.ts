// Voice input's numbers and the codes its errors carry, without zod: the recorder machine, the client's upload and
// the server all read them (contract/voice.ts holds the schemas the server shapes its answers with).
//
// POST /api/voice/transcribe, and the spec's POST /api/chat/transcribe (multipart/form-data, init-data auth):
//   the recording — the first file part, whatever its field name (the client sends `recording.webm`, `.ogg` or
//   `.m4a`); its container decides, not its name or declared type: WebM, Ogg or MP4 (m4a) with an audio track;
//   `client_id` — optional text field, a UUID per recording: a retried upload is never charged twice.
// → 200 { text, usage_info }. Errors are `{ detail, code? }` in Russian; `code` where the client acts on it.
import type { DailyRefusal } from './billing';

/** The longest recording: the recorder stops by itself after this many seconds. */
export const VOICE_MAX_SECONDS = 60;
/** The sample rate the recorder asks the microphone (and its level meter) for. */
export const VOICE_SAMPLE_RATE = 44_100;
/**
 * What the recorder asks the browser's encoder for: Opus speech is clear at 32 kbit/s, and a minute is then
 * ≈ 240 KB to upload from a phone (the client's 30 s timeout covers the upload too).
 */
export const VOICE_BITS_PER_SECOND = 32_000;
/** The largest upload the server reads (a minute at up to ≈ 400 kbit/s, for browsers that ignore the bitrate). */
export const VOICE_MAX_BYTES = 3 * 1024 * 1024;
/** The multipart text field with the recording's idempotency key. */
export const VOICE_CLIENT_ID_FIELD = 'client_id';

/** 503 when this server has no speech-to-text endpoint (STT_BASE_URL unset). */
export const VOICE_UNCONFIGURED = 'stt_unconfigured';
/** A code the client acts on: a 402's refusal (contract/billing.ts, as the diary's), or the above. */
export type VoiceErrorCode = DailyRefusal | typeof VOICE_UNCONFIGURED;
