// What a recording is, read from its own bytes with mediabunny (a maintained pure-TypeScript demuxer): its container
// — WebM, Ogg or MP4 (m4a), never what the file's name or declared type claim — and how long its audio lasts, from
// the audio track's own packet timestamps, never the client's word. A browser's MediaRecorder writes WebM without a
// duration in its header (it streams), so the end is read from the last packet, which mediabunny does.
import { BufferSource, Input, MP4, OGG, WEBM, type InputFormat } from 'mediabunny';
import { VOICE_MAX_SECONDS } from '../../contract/voice-limits';

/** The containers accepted, with the media type the speech model is told. */
const CONTAINERS = new Map<InputFormat, AudioMediaType>([
  [WEBM, 'audio/webm'],
  [OGG, 'audio/ogg'],
  [MP4, 'audio/mp4'],
]);
export type AudioMediaType = 'audio/webm' | 'audio/ogg' | 'audio/mp4';

export interface MeasuredAudio {
  mediaType: AudioMediaType;
  /** From the audio track's first packet to the end of its last one. */
  seconds: number;
}

/** Why a recording cannot be used: not one of the containers, broken or without an audio track, silent. */
export type AudioProblem = 'unsupported' | 'unreadable' | 'empty';

export class AudioRejected extends Error {
  constructor(readonly problem: AudioProblem) {
    super(`recording rejected: ${problem}`);
    this.name = 'AudioRejected';
  }
}

export async function measureRecording(bytes: Uint8Array): Promise<MeasuredAudio> {
  const input = new Input({ source: new BufferSource(bytes), formats: [...CONTAINERS.keys()] });
  try {
    const format = await input.getFormat().catch(() => {
      throw new AudioRejected('unsupported');
    });
    const track = await input.getPrimaryAudioTrack();
    if (!track) throw new AudioRejected('unreadable');
    const [start, end] = await Promise.all([track.getFirstTimestamp(), track.computeDuration()]);
    // Ogg Opus starts a little before 0 (the encoder's pre-skip): that part is never heard.
    const seconds = end - Math.max(0, start);
    if (!(seconds > 0)) throw new AudioRejected('empty');
    return { mediaType: CONTAINERS.get(format)!, seconds };
  } catch (error) {
    throw error instanceof AudioRejected ? error : new AudioRejected('unreadable');
  } finally {
    input.dispose();
  }
}

/**
 * The voice seconds a recording costs: its duration rounded to the nearest second, at least one. A recording may
 * run a little past the recorder's 60 s (its stop takes a moment): up to VOICE_MAX_SECONDS + 2 is accepted and
 * charged as 60; longer is refused (`null`).
 */
export function chargedSeconds(seconds: number): number | null {
  if (seconds > VOICE_MAX_SECONDS + 2) return null;
  return Math.min(VOICE_MAX_SECONDS, Math.max(1, Math.round(seconds)));
}
