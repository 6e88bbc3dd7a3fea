// Voice's entry for the rest of the server: whether speech recognition is configured (the client's capabilities).
export { voiceInputReady } from './stt';
