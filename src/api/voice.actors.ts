// Voice input's call as the recorder machine names it (`transcribe`), ready for the recorder: the answer as the
// machine's Transcript, a failure as a TranscribeFailure — a 402's refusal, a server without speech-to-text, a
// recording the server cannot use (its words), or anything else (logged; the recorder offers the recording again).
import { noteUsage } from './helpNearby';
import { fromPromise } from 'xstate';
import { VOICE_UNCONFIGURED } from '../../contract/voice-limits';
import type { TranscribeFailure, TranscribeRequest, Transcript } from '../../machines/voice/voice-recorder.machine';
import { errorDetail, httpStatus } from './errors';
import { refusedErrorOf } from './refusal';
import { transcribeRecording } from './voice';

/** Statuses that mean "this recording cannot be used": record again rather than send it again. */
const UNUSABLE = new Set([400, 413, 415, 422]);

export async function transcribeFailureOf(error: unknown): Promise<TranscribeFailure> {
  const refused = await refusedErrorOf(error);
  if (refused) return { kind: 'refused', refusal: refused.refusal };
  const status = httpStatus(error);
  if (status === 503 && (await errorCode(error)) === VOICE_UNCONFIGURED) return { kind: 'unconfigured' };
  if (status !== undefined && UNUSABLE.has(status)) {
    return { kind: 'rejected', detail: (await errorDetail(error)) ?? 'Не удалось распознать запись' };
  }
  console.error('voice: transcription failed', error);
  return { kind: 'failed' };
}

async function errorCode(error: unknown): Promise<unknown> {
  try {
    return ((await (error as { response: Response }).response.clone().json()) as { code?: unknown }).code;
  } catch {
    return undefined;
  }
}

export const voiceActors = {
  transcribe: fromPromise<Transcript, TranscribeRequest>(async ({ input, signal }) => {
    try {
      const answer = await transcribeRecording(input, signal);
      noteUsage(answer.usage_info);
      return { text: answer.text, usage: answer.usage_info };
    } catch (error) {
      if (signal.aborted) throw error; // closed by the person: nothing to report
      throw await transcribeFailureOf(error);
    }
  }),
};
