// The recorder machine with the app's effects: the browser's microphone, MediaRecorder and level meter (this
// folder) and the transcription call (src/api/voice.actors.ts). The chat session invokes it as `voiceRecorder`.
import { voiceRecorderMachine } from '../../machines/voice/voice-recorder.machine';
import { voiceActors } from '../api/voice.actors';
import { levelMeter } from './levelMeter';
import { mediaRecorder } from './mediaRecorder';
import { microphone } from './microphone';

export const voiceRecorder = voiceRecorderMachine.provide({
  actors: { microphone, mediaRecorder, levelMeter, ...voiceActors },
});
