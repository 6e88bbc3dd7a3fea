// Voice input's call: POST /api/voice/transcribe (the spec's /api/chat/transcribe is the same route) with the
// recording as multipart/form-data (contract/voice-limits.ts describes it), through the app's ky instance
// (X-Init-Data, the 30 s timeout, 401 → /init).
import type { TranscribeResponse } from '../../contract/voice';
import { VOICE_CLIENT_ID_FIELD } from '../../contract/voice-limits';
import { api } from './client';

/** The file's name by its type: `recording.webm` (what the spec names), `.ogg`, or `.m4a` for MP4 audio. */
export function recordingFileName(type: string): string {
  if (type.startsWith('audio/ogg')) return 'recording.ogg';
  if (type.startsWith('audio/mp4') || type.startsWith('video/mp4')) return 'recording.m4a';
  return 'recording.webm';
}

export function transcribeRecording(
  request: { audio: Blob; clientId: string },
  signal?: AbortSignal,
): Promise<TranscribeResponse> {
  const form = new FormData();
  form.append(VOICE_CLIENT_ID_FIELD, request.clientId);
  form.append('audio', request.audio, recordingFileName(request.audio.type));
  // No Content-Type of our own: the browser writes multipart/form-data with its boundary.
  return api.post('api/voice/transcribe', { body: form, signal }).json<TranscribeResponse>();
}
