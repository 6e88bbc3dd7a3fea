// The voice recorder's generated paths: every error path (the microphone's four, the recorder's two, an empty
// recording, the server's refusal, rejection, missing STT and failure), the 60 s stop on a simulated clock, stop and
// cancel; each state pins what it shows, what it holds (the microphone only while recording) and, from the event
// that led there, why. Then what a graph cannot say: release on unmount, a shorter maximum, RESEND's client id.
import { describe, expect, it } from 'vitest';
import {
  createActor,
  fromCallback,
  fromPromise,
  SimulatedClock,
  type AnyMachineSnapshot,
  type EventObject,
} from 'xstate';
import type { UsageInfo } from '../../contract/billing';
import {
  voiceRecorderMachine,
  voiceRecorderView,
  type TranscribeFailure,
  type TranscribeRequest,
  type Transcript,
  type VoiceRecorderContext,
} from '../../machines/voice/voice-recorder.machine';
import { describeMachinePaths, type CaseEvent, type PathRun } from '../support/path-tests';

const stream = { id: 'stream-1' } as unknown as MediaStream;
const emptyAudio = new Blob([]);
const audio = new Blob([new Uint8Array(2400)], { type: 'audio/webm;codecs=opus' });
const usage: UsageInfo = {
  tier: 'PRO',
  day: '2025-03-10',
  diary_entries_limit: 10,
  diary_entries_used: 0,
  voice_seconds_limit: 600,
  voice_seconds_used: 12,
  tokens_limit: 150_000,
  tokens_used: 0,
  help_nearby_until: null,
};
const TEXT = 'Мне сегодня тревожно';
const DETAIL = 'Запись пустая: в ней нет звука';
const failures: Array<TranscribeFailure | Error> = [
  { kind: 'refused', refusal: 'not_available' },
  { kind: 'refused', refusal: 'limit_reached' },
  { kind: 'unconfigured' },
  { kind: 'rejected', detail: DETAIL },
  new Error('offline'),
];

// The media actors as callbacks that count: the microphone held and released, what the recorder was sent.
const media = { acquired: 0, released: 0, recorderGot: [] as string[], meters: 0 };
const provide = () => {
  media.acquired = media.released = media.meters = 0;
  media.recorderGot = [];
  return {
    actors: {
      microphone: fromCallback(() => {
        media.acquired++;
        return () => void media.released++;
      }),
      mediaRecorder: fromCallback<EventObject, { stream: MediaStream }>(({ input, receive }) => {
        expect(input.stream).toBe(stream);
        receive((event) => void media.recorderGot.push(event.type));
      }),
      levelMeter: fromCallback<EventObject, { stream: MediaStream }>(({ input }) => {
        expect(input.stream).toBe(stream);
        media.meters++;
      }),
    },
  };
};

const ctx = (s: AnyMachineSnapshot) => s.context as VoiceRecorderContext;
const view = (s: AnyMachineSnapshot) => voiceRecorderView(s as never);
const last = (run: PathRun) => run.events.at(-1) as CaseEvent | undefined;
const microphoneHeld = () => media.acquired - media.released;

describeMachinePaths(voiceRecorderMachine, {
  provide,
  inputFromClock: (clock) => {
    let n = 0;
    return { clock, newClientId: () => `client-${++n}` };
  },
  events: {
    'MICROPHONE.READY': [{ type: 'MICROPHONE.READY', stream }],
    'MICROPHONE.FAILED': (['unsupported', 'denied', 'notFound', 'startFailed'] as const).map((error) => ({
      type: 'MICROPHONE.FAILED',
      error,
    })),
    LEVEL: [{ type: 'LEVEL', level: 0.6 }],
    'RECORDER.DONE': [
      { type: 'RECORDER.DONE', audio: emptyAudio },
      { type: 'RECORDER.DONE', audio },
    ],
    'RECORDER.FAILED': [
      { type: 'RECORDER.FAILED', error: 'startFailed' },
      { type: 'RECORDER.FAILED', error: 'recordingFailed' },
    ],
    'xstate.done.actor.transcribe': [
      { type: 'xstate.done.actor.transcribe', output: { text: TEXT, usage } satisfies Transcript },
    ],
    'xstate.error.actor.transcribe': failures.map((error) => ({ type: 'xstate.error.actor.transcribe', error })),
  },
  serializeState: (s) => JSON.stringify([s.value, ctx(s).error, ctx(s).audio !== null, s.status]),
  // A finished recorder takes no events (the graph alone would still apply the root's CANCEL).
  filterEvents: (s) => s.status !== 'done',
  assert: {
    // The microphone is held exactly while recording: stop, cancel, every failure and the end release it.
    '#voiceRecorder': (s) => {
      expect(microphoneHeld()).toBe(s.matches('recording') ? 1 : 0);
      expect(s.children.mediaRecorder !== undefined).toBe(s.matches({ recording: 'capture' }));
      expect(s.children.levelMeter !== undefined).toBe(s.matches({ recording: { capture: 'capturing' } }));
    },
    'idle.ready': (s, run) => {
      const v = view(s);
      expect(v.status).toBe('idle');
      expect(ctx(s).audio).toBeNull(); // a recording that went nowhere is not kept
      const event = last(run);
      const expected =
        event?.type === 'MICROPHONE.FAILED' || event?.type === 'RECORDER.FAILED'
          ? event.error
          : event?.type === 'xstate.after.stopTimeout.voiceRecorder.recording.capture.stopping'
            ? 'recordingFailed' // the recorder never handed its recording over after the stop
            : event?.type === 'RECORDER.DONE'
              ? 'empty' // only an empty recording comes back to idle
              : event?.type === 'xstate.error.actor.transcribe'
                ? (event.error as TranscribeFailure).kind === 'unconfigured'
                  ? 'unconfigured'
                  : 'rejected'
                : null;
      expect(event?.type === 'RECORDER.DONE' ? (event.audio as Blob).size : 0).toBe(0);
      expect(v.error).toBe(expected);
      expect(v.errorDetail).toBe(expected === 'rejected' ? DETAIL : null);
      expect(v.canRetry).toBe(expected !== 'unsupported' && expected !== 'unconfigured');
      expect(v.canStop).toBe(false);
      expect(v.canResend).toBe(false);
    },
    'idle.unsent': (s, run) => {
      // Only a failure that is neither a refusal, a rejection nor a missing STT keeps the recording to resend.
      const event = last(run)!;
      expect(event.type).toBe('xstate.error.actor.transcribe');
      expect(event.error).toBeInstanceOf(Error);
      expect(view(s)).toMatchObject({ status: 'unsent', error: null, canResend: true, canStop: false });
      expect(ctx(s).audio).toBe(audio);
      expect(ctx(s).clientId).toMatch(/^client-\d+$/);
    },
    'recording.opening': (s, run) => {
      expect(last(run)?.type).toBe('START');
      expect(view(s)).toMatchObject({ status: 'opening', error: null, canStop: false });
      expect(s.children.transcribe).toBeUndefined(); // nothing uploads while recording
      expect([ctx(s).stream, ctx(s).audio, ctx(s).clientId]).toEqual([null, null, null]); // a new recording
    },
    'recording.capture.capturing': (s, run) => {
      const v = view(s);
      expect(v).toMatchObject({ status: 'recording', canStop: true, maxSeconds: 60 });
      expect(ctx(s).stream).toBe(stream);
      // The timer counts whole seconds from the moment recording began.
      expect(v.elapsedSeconds).toBe(Math.floor((run.clock.now() - ctx(s).startedAt) / 1000));
      expect(v.levels).toEqual(last(run)?.type === 'LEVEL' ? [0, 0, 0, 0, 0.6] : [0, 0, 0, 0, 0]);
      expect(media.meters).toBe(1);
    },
    'recording.capture.stopping': (s, run) => {
      expect(media.recorderGot).toEqual(['STOP']);
      const v = view(s);
      expect(v).toMatchObject({ status: 'stopping', canStop: false });
      const event = last(run)!;
      if (event.type === 'STOP') expect(v.elapsedSeconds).toBe(0);
      else {
        // The maximum: the recorder stops itself at exactly 60 s, and the timer says so.
        expect(event.type).toBe('xstate.after.maxDuration.voiceRecorder.recording.capture.capturing');
        expect(run.clock.now() - ctx(s).startedAt).toBe(60_000);
        expect(v.elapsedSeconds).toBe(60);
      }
    },
    processing: (s, run) => {
      const request = run.invocations.at(-1)!;
      expect(request).toMatchObject({ id: 'transcribe', src: 'transcribe' });
      const input = request.input as TranscribeRequest;
      expect(input.audio).toBe(audio);
      expect(input.clientId).toBe(ctx(s).clientId);
      // A resend is the same recording with the same client id: the server never charges it twice.
      const uploads = run.invocations.filter((i) => i.id === 'transcribe').map((i) => i.input as TranscribeRequest);
      if (last(run)?.type === 'RESEND') expect(uploads.at(-2)).toEqual(input);
      else expect(uploads.slice(0, -1).map((u) => u.clientId)).not.toContain(input.clientId);
      expect(view(s)).toMatchObject({ status: 'processing', canStop: false, canResend: false });
    },
    done: (s) => {
      expect(s.status).toBe('done');
      expect(s.output).toEqual({ kind: 'text', text: TEXT, usage });
    },
    refused: (s, run) => {
      const failure = last(run)!.error as TranscribeFailure;
      expect(failure.kind).toBe('refused');
      expect(s.output).toEqual({ kind: 'refused', refusal: failure.kind === 'refused' && failure.refusal });
    },
    cancelled: (s, run) => {
      expect(last(run)?.type).toBe('CANCEL');
      expect(s.output).toEqual({ kind: 'cancelled' });
    },
  },
});

/** The recorder with media actors that follow a script, on a simulated clock. */
function harness(
  options: {
    maxSeconds?: number;
    /** A recorder that never answers STOP (a WebView whose MediaRecorder never fires `stop`). */
    silentRecorder?: boolean;
    transcribe?: (args: { input: TranscribeRequest; signal: AbortSignal }) => Promise<Transcript>;
  } = {},
) {
  const clock = new SimulatedClock();
  const log: string[] = [];
  let clientIds = 0;
  const machine = voiceRecorderMachine.provide({
    actors: {
      microphone: fromCallback(({ sendBack }) => {
        log.push('microphone on');
        sendBack({ type: 'MICROPHONE.READY', stream });
        return () => void log.push('microphone off');
      }),
      mediaRecorder: fromCallback(({ sendBack, receive }) => {
        receive((e) => {
          if (e.type === 'STOP' && !options.silentRecorder) sendBack({ type: 'RECORDER.DONE', audio });
        });
      }),
      levelMeter: fromCallback(() => undefined),
      transcribe: fromPromise<Transcript, TranscribeRequest>(({ input, signal }) => {
        log.push(`upload ${input.clientId}`);
        return options.transcribe ? options.transcribe({ input, signal }) : Promise.resolve({ text: TEXT, usage });
      }),
    },
  });
  const actor = createActor(machine, {
    clock,
    input: {
      clock: { now: () => clock.now() },
      maxSeconds: options.maxSeconds,
      newClientId: () => `id-${++clientIds}`,
    },
  }).start();
  return { actor, clock, log };
}

const settle = () => new Promise((r) => setTimeout(r, 0));

describe('voice recorder sequences', () => {
  it('leaving the chat mid-recording releases the microphone', async () => {
    const { actor, log } = harness();
    actor.send({ type: 'START' });
    await settle();
    expect(actor.getSnapshot().matches({ recording: { capture: 'capturing' } })).toBe(true);
    actor.stop();
    expect(log).toEqual(['microphone on', 'microphone off']);
  });

  it('a shorter maximum when few voice seconds are left: it stops by itself then', async () => {
    const { actor, clock, log } = harness({ maxSeconds: 12 });
    actor.send({ type: 'START' });
    await settle();
    clock.increment(11_999);
    expect(voiceRecorderView(actor.getSnapshot())).toMatchObject({
      status: 'recording',
      elapsedSeconds: 11,
      maxSeconds: 12,
    });
    clock.increment(1);
    await settle();
    expect(log).toEqual(['microphone on', 'microphone off', 'upload id-1']);
    await settle();
    expect(actor.getSnapshot().output).toEqual({ kind: 'text', text: TEXT, usage });
  });

  it('a recorder that never hands over its recording: after 3 s «Ошибка записи аудио», the microphone let go', async () => {
    const { actor, clock, log } = harness({ silentRecorder: true });
    actor.send({ type: 'START' });
    await settle();
    actor.send({ type: 'STOP' });
    clock.increment(2_999);
    expect(voiceRecorderView(actor.getSnapshot()).status).toBe('stopping');
    expect(log).toEqual(['microphone on']);
    clock.increment(1);
    expect(voiceRecorderView(actor.getSnapshot())).toMatchObject({
      status: 'idle',
      error: 'recordingFailed',
      canRetry: true,
    });
    expect(log).toEqual(['microphone on', 'microphone off']);
    expect(actor.getSnapshot().context.audio).toBeNull();
  });

  it('a failed upload is offered again with the same client id; recording anew makes a new one', async () => {
    let attempts = 0;
    const { actor, log } = harness({
      transcribe: () => (++attempts < 3 ? Promise.reject(new Error('503')) : Promise.resolve({ text: TEXT, usage })),
    });
    actor.send({ type: 'START' });
    await settle();
    actor.send({ type: 'STOP' });
    await settle();
    await settle();
    expect(voiceRecorderView(actor.getSnapshot()).status).toBe('unsent');
    actor.send({ type: 'RESEND' });
    await settle();
    await settle();
    expect(voiceRecorderView(actor.getSnapshot()).status).toBe('unsent');
    actor.send({ type: 'START' }); // record anew instead
    await settle();
    actor.send({ type: 'STOP' });
    await settle();
    await settle();
    expect(log.filter((l) => l.startsWith('upload'))).toEqual(['upload id-1', 'upload id-1', 'upload id-2']);
    expect(actor.getSnapshot().output).toMatchObject({ kind: 'text', text: TEXT });
  });

  it('cancel while uploading aborts the upload and ends with nothing', async () => {
    let aborted = false;
    const { actor } = harness({
      transcribe: ({ signal }) =>
        new Promise<Transcript>(() => signal.addEventListener('abort', () => (aborted = true))),
    });
    actor.send({ type: 'START' });
    await settle();
    actor.send({ type: 'STOP' });
    await settle();
    expect(voiceRecorderView(actor.getSnapshot()).status).toBe('processing');
    actor.send({ type: 'CANCEL' });
    expect(aborted).toBe(true);
    expect(actor.getSnapshot().output).toEqual({ kind: 'cancelled' });
  });
});
