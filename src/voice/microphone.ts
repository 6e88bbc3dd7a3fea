// The recorder's microphone (the machine's `microphone` actor): getUserMedia with the recorder's constraints, the
// browser's refusals turned into the machine's reasons by their DOMException names, and every track stopped when
// the actor stops — after a stop, a cancel, or the chat left — even if the permission prompt answers only later.
import { fromCallback, type EventObject } from 'xstate';
import { VOICE_SAMPLE_RATE } from '../../contract/voice-limits';
import type { MicrophoneError } from '../../machines/voice/voice-recorder.machine';

/** One voice, 44 100 Hz asked for (the browser may give its own rate), cleaned up for speech. */
export const MICROPHONE_CONSTRAINTS: MediaStreamConstraints = {
  audio: {
    sampleRate: { ideal: VOICE_SAMPLE_RATE },
    channelCount: { ideal: 1 },
    echoCancellation: true,
    noiseSuppression: true,
    autoGainControl: true,
  },
};

/** Voice recording needs the media devices API and a MediaRecorder (old WebViews, insecure pages have neither). */
export function canRecord(): boolean {
  return (
    typeof navigator !== 'undefined' && !!navigator.mediaDevices?.getUserMedia && typeof MediaRecorder === 'function'
  );
}

/** getUserMedia's rejection, by its DOMException name (older Chrome's names too), as the recorder names it. */
export function microphoneErrorOf(error: unknown): MicrophoneError {
  const name = typeof error === 'object' && error !== null ? (error as { name?: unknown }).name : undefined;
  switch (name) {
    case 'NotAllowedError':
    case 'PermissionDeniedError':
    case 'SecurityError':
      return 'denied';
    case 'NotFoundError':
    case 'DevicesNotFoundError':
    case 'OverconstrainedError':
      return 'notFound';
    case 'TypeError': // no secure context, or no audio asked for: the page cannot record at all
      return 'unsupported';
    default: // NotReadableError (the microphone is busy elsewhere), AbortError, anything new
      return 'startFailed';
  }
}

const release = (stream: MediaStream) => stream.getTracks().forEach((track) => track.stop());

export const microphone = fromCallback<EventObject, void>(({ sendBack }) => {
  if (!canRecord()) {
    sendBack({ type: 'MICROPHONE.FAILED', error: 'unsupported' });
    return;
  }
  let stopped = false;
  let stream: MediaStream | null = null;
  navigator.mediaDevices.getUserMedia(MICROPHONE_CONSTRAINTS).then(
    (granted) => {
      if (stopped) return release(granted); // closed while the prompt was up
      stream = granted;
      sendBack({ type: 'MICROPHONE.READY', stream: granted });
    },
    (error: unknown) => {
      console.warn('voice: no microphone', error);
      if (!stopped) sendBack({ type: 'MICROPHONE.FAILED', error: microphoneErrorOf(error) });
    },
  );
  return () => {
    stopped = true;
    if (stream) release(stream);
  };
});
