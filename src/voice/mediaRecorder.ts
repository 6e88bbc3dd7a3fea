// The recorder's MediaRecorder (the machine's `mediaRecorder` actor): webm with Opus where the browser has it (else
// Ogg Opus, else MP4 — Safari), at a speech bitrate; STOP hands the whole recording over as one Blob. A recorder that
// cannot start or fails mid-way says so; an empty recording is handed over as it is (the machine decides) and logged.
import { fromCallback, type EventObject } from 'xstate';
import { VOICE_BITS_PER_SECOND } from '../../contract/voice-limits';

/** In order of preference; the server takes all three containers. */
export const RECORDING_TYPES = ['audio/webm;codecs=opus', 'audio/webm', 'audio/ogg;codecs=opus', 'audio/mp4'];

export function recordingType(): string | undefined {
  return RECORDING_TYPES.find((type) => MediaRecorder.isTypeSupported?.(type));
}

export const mediaRecorder = fromCallback<EventObject, { stream: MediaStream }>(({ input, sendBack, receive }) => {
  const type = recordingType();
  let recorder: MediaRecorder;
  try {
    recorder = new MediaRecorder(input.stream, {
      ...(type ? { mimeType: type } : {}),
      audioBitsPerSecond: VOICE_BITS_PER_SECOND,
    });
    recorder.start(250); // chunks as it goes, so a long recording is not one buffer at the end
  } catch (error) {
    console.error('voice: the recorder did not start', error);
    sendBack({ type: 'RECORDER.FAILED', error: 'startFailed' });
    return;
  }
  const chunks: Blob[] = [];
  let settled = false;
  recorder.ondataavailable = (event) => {
    if (event.data.size > 0) chunks.push(event.data);
  };
  recorder.onerror = (event) => {
    if (settled) return;
    settled = true;
    console.error('voice: recording failed', event);
    sendBack({ type: 'RECORDER.FAILED', error: 'recordingFailed' });
  };
  // After STOP, or by itself when the microphone goes away: what was recorded is the recording.
  recorder.onstop = () => {
    if (settled) return;
    settled = true;
    const audio = new Blob(chunks, { type: recorder.mimeType || type || 'audio/webm' });
    if (audio.size === 0) console.warn('voice: Не удалось записать аудио (empty recording)');
    sendBack({ type: 'RECORDER.DONE', audio });
  };
  receive((event) => {
    if (event.type === 'STOP' && recorder.state !== 'inactive') recorder.stop();
  });
  return () => {
    settled = true;
    if (recorder.state !== 'inactive') recorder.stop();
  };
});
