// Voice's rules for one recording, in order: its own container and duration are measured; its seconds are spent
// atomically with a row that makes retries safe (claims.ts); only then the model is called, outside any transaction;
// a failure gives the seconds back, as does silence, and a caller that goes away aborts the call and is refunded too.
// Also voice's entry for its route and the rest of the server: whether speech recognition is configured (the client's
// capabilities), the refusals' Russian details.
import { createHash } from 'node:crypto';
import type { TranscriptionModelV3 } from '@ai-sdk/provider';
import type { DailyRefusal, UsageInfo } from '../../contract/billing';
import { usageInfo } from '../billing/service';
import type { Db } from '../db';
import { timeModelCall } from '../metrics/metrics';
import { AudioRejected, chargedSeconds, measureRecording, type AudioProblem } from './audio';
import { claimTranscription, finishTranscription, refundTranscription } from './claims';
import { transcribeSpeech } from './stt';

export { speechModel, voiceInputReady } from './stt';
export { VOICE_ERRORS } from './errors';

export interface Recording {
  userId: number;
  clientId: string | null;
  audio: Uint8Array;
  timeZone: string;
  /** The model's deadline; a pending row well past it was abandoned. */
  timeoutMs: number;
  /** Aborted when the caller went away: the model call stops and the seconds come back. */
  gone: AbortSignal;
}

export type Transcribed =
  | { kind: 'text'; text: string; usage_info: UsageInfo }
  | { kind: 'audio'; problem: AudioProblem }
  | { kind: 'tooLong' }
  | { kind: 'refused'; reason: DailyRefusal }
  | { kind: 'busy' }
  | { kind: 'otherRecording' }
  /** The model failed or the caller went away: the seconds were given back. */
  | { kind: 'failed'; error: unknown }
  /** The model heard no words: the seconds were given back. */
  | { kind: 'noSpeech' };

export async function transcribeRecording(
  db: Db,
  model: TranscriptionModelV3,
  recording: Recording,
): Promise<Transcribed> {
  const { userId, clientId, audio, timeZone, timeoutMs, gone } = recording;
  let measured: Awaited<ReturnType<typeof measureRecording>>;
  try {
    measured = await measureRecording(audio);
  } catch (error) {
    if (!(error instanceof AudioRejected)) throw error;
    return { kind: 'audio', problem: error.problem };
  }
  const seconds = chargedSeconds(measured.seconds);
  if (seconds === null) return { kind: 'tooLong' };

  const claim = await claimTranscription(db, {
    userId,
    clientId,
    audioSha256: createHash('sha256').update(audio).digest('hex'),
    seconds,
    timeZone,
    // A transcription never runs longer than its deadline; a pending row well past it was abandoned.
    staleAfterMs: timeoutMs + 60_000,
  });
  switch (claim.kind) {
    case 'refused':
    case 'busy':
    case 'otherRecording':
      return claim;
    case 'done':
      return { kind: 'text', text: claim.text, usage_info: await usageInfo(db, userId, timeZone) };
  }

  let text: string;
  try {
    const deadline = AbortSignal.timeout(timeoutMs);
    text = await timeModelCall('speech_to_text', () =>
      transcribeSpeech(model, audio, AbortSignal.any([gone, deadline])),
    );
  } catch (error) {
    await refundTranscription(db, claim.id);
    return { kind: 'failed', error };
  }
  if (!text) {
    await refundTranscription(db, claim.id);
    return { kind: 'noSpeech' };
  }
  await finishTranscription(db, claim.id, text);
  return { kind: 'text', text, usage_info: await usageInfo(db, userId, timeZone) };
}
