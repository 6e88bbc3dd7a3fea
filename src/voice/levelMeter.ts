// The recorder's level meter (the machine's `levelMeter` actor): a Web Audio AnalyserNode on the microphone's
// stream, read ten times a second into a 0..1 level on a decibel scale (−60 dBFS quiet → 0, −10 dBFS loud → 1), which
// is how the ear and every audio meter judge loudness. The AudioContext asks for the recorder's 44 100 Hz.
import { fromCallback, type EventObject } from 'xstate';
import { VOICE_SAMPLE_RATE } from '../../contract/voice-limits';

const LOOK_MS = 100;
const FLOOR_DB = -60;
const CEILING_DB = -10;

/** The level of a block of samples (−1..1): its RMS in dBFS, mapped from FLOOR_DB..CEILING_DB to 0..1. */
export function levelOf(samples: Float32Array): number {
  let sum = 0;
  for (const s of samples) sum += s * s;
  const rms = Math.sqrt(sum / Math.max(1, samples.length));
  if (rms === 0) return 0;
  const db = 20 * Math.log10(rms);
  return Math.min(1, Math.max(0, (db - FLOOR_DB) / (CEILING_DB - FLOOR_DB)));
}

function audioContext(): AudioContext | null {
  try {
    return new AudioContext({ sampleRate: VOICE_SAMPLE_RATE });
  } catch {
    try {
      return new AudioContext(); // a browser that cannot resample the microphone into 44 100 Hz
    } catch {
      return null;
    }
  }
}

export const levelMeter = fromCallback<EventObject, { stream: MediaStream }>(({ input, sendBack }) => {
  const context = typeof AudioContext === 'function' ? audioContext() : null;
  if (!context) return; // no meter: the bars stay quiet, the recording goes on
  let source: MediaStreamAudioSourceNode;
  try {
    source = context.createMediaStreamSource(input.stream);
  } catch (error) {
    console.warn('voice: no level meter', error);
    void context.close();
    return;
  }
  const analyser = context.createAnalyser();
  analyser.fftSize = 2048;
  source.connect(analyser);
  void context.resume().catch(() => {});
  const samples = new Float32Array(analyser.fftSize);
  const timer = setInterval(() => {
    analyser.getFloatTimeDomainData(samples);
    sendBack({ type: 'LEVEL', level: levelOf(samples) });
  }, LOOK_MS);
  return () => {
    clearInterval(timer);
    source.disconnect();
    void context.close().catch(() => {});
  };
});
