// jsdom has no microphone: stand-ins for the browser's getUserMedia and MediaRecorder, so the app's own media actors
// (src/voice/) run in screen tests. `install()` in beforeEach, `uninstall()` in afterEach. The real ones run in
// Chromium: tests/e2e/voice.test.ts.
import { vi } from 'vitest';

class Track {
  stopped = false;
  stop() {
    this.stopped = true;
  }
}

export function mediaStandIns() {
  const state = {
    /** Every microphone track handed out, the newest last. */
    tracks: [] as Track[],
    /** What the next recording holds (empty: an empty recording). */
    recorded: ['opus-bytes'] as BlobPart[],
    /** The options each recorder was made with, the newest last. */
    recorderOptions: [] as MediaRecorderOptions[],
  };

  class StandInRecorder {
    static isTypeSupported = (type: string) => type === 'audio/webm;codecs=opus';
    state: 'inactive' | 'recording' = 'inactive';
    mimeType: string;
    ondataavailable: ((e: { data: Blob }) => void) | null = null;
    onstop: (() => void) | null = null;
    onerror: ((e: unknown) => void) | null = null;
    constructor(_stream: unknown, options: MediaRecorderOptions) {
      this.mimeType = options.mimeType ?? '';
      state.recorderOptions.push(options);
    }
    start() {
      this.state = 'recording';
    }
    stop() {
      this.state = 'inactive';
      this.ondataavailable?.({ data: new Blob(state.recorded, { type: this.mimeType }) });
      this.onstop?.();
    }
  }

  const getUserMedia = vi.fn();
  const grant = () =>
    getUserMedia.mockImplementation(async () => {
      const track = new Track();
      state.tracks.push(track);
      return { getTracks: () => [track] };
    });

  return {
    state,
    getUserMedia,
    grant,
    /** getUserMedia rejects with a DOMException-like error of this name. */
    refuse: (name: string) => getUserMedia.mockRejectedValue(Object.assign(new Error(name), { name })),
    install() {
      state.tracks = [];
      state.recorded = ['opus-bytes'];
      state.recorderOptions = [];
      grant();
      Object.defineProperty(navigator, 'mediaDevices', { value: { getUserMedia }, configurable: true });
      vi.stubGlobal('MediaRecorder', StandInRecorder);
    },
    uninstall() {
      vi.unstubAllGlobals();
      Reflect.deleteProperty(navigator, 'mediaDevices');
    },
  };
}
