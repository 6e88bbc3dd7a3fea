// Speech to text through any OpenAI-compatible `/audio/transcriptions` endpoint (STT_BASE_URL, STT_MODEL, and
// STT_API_KEY when it needs one) with the AI SDK: `createOpenAI({ baseURL, apiKey }).transcription(model)` and
// `experimental_transcribe`, asked for Russian. Unset → null: voice input is not set up on this server.
import { createOpenAI } from '@ai-sdk/openai';
import type { TranscriptionModelV3 } from '@ai-sdk/provider';
import { experimental_transcribe as transcribe, NoTranscriptGeneratedError } from 'ai';
import type { Config } from '../config';

type SttConfig = Pick<Config, 'sttBaseUrl' | 'sttApiKey' | 'sttModel'>;

/** Whether this server can turn speech into text (GET /api/users/me tells the client as `capabilities.voice_input`). */
export function voiceInputReady(config: SttConfig): boolean {
  return config.sttBaseUrl !== null && config.sttModel !== null;
}

export function speechModel(config: SttConfig): TranscriptionModelV3 | null {
  if (!config.sttBaseUrl || !config.sttModel) return null;
  const provider = createOpenAI({
    name: 'stt',
    baseURL: config.sttBaseUrl,
    apiKey: config.sttApiKey ?? '',
    // Without a key, no Authorization header at all: a local server needs none, and a bare "Bearer " may be refused.
    fetch: config.sttApiKey ? undefined : withoutAuthorization,
  });
  return provider.transcription(config.sttModel);
}

const withoutAuthorization: typeof fetch = (url, init) => {
  const headers = new Headers(init?.headers);
  headers.delete('authorization');
  return fetch(url, { ...init, headers });
};

/**
 * The words said ('' when the model heard none). Rejects when the provider fails, is unreachable, or `signal`
 * aborts (the deadline, or the client gone); a failed request is retried once (the SDK's retry) within the deadline.
 * The SDK names the file by the audio's own signature (audio.webm, audio.ogg, audio.m4a).
 */
export async function transcribeSpeech(
  model: TranscriptionModelV3,
  audio: Uint8Array,
  signal: AbortSignal,
): Promise<string> {
  try {
    const result = await transcribe({
      model,
      audio,
      providerOptions: { openai: { language: 'ru' } },
      maxRetries: 1,
      abortSignal: signal,
    });
    return result.text.trim();
  } catch (error) {
    if (NoTranscriptGeneratedError.isInstance(error)) return '';
    throw error;
  }
}
