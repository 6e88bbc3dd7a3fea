// The voice recorder as two tables: every way a recording ends (the microphone's four reasons, the recorder's two, an
// empty recording, a recorder silent after the stop, the server's refusal, rejection, missing STT and failure), the
// 60 s maximum and the ticking timer on a simulated clock, stop, resend and cancel; each state pins what the sheet
// shows, which media actors run (the microphone only while recording) and the recorder's output. Then by hand what a
// graph cannot say: release on unmount, a shorter maximum, RESEND's client id, an upload aborted by cancel.
import { describe, expect, it } from 'vitest';
import { createActor, fromCallback, fromPromise, SimulatedClock, type AnyMachineSnapshot } from 'xstate';
import type { UsageInfo } from '../../contract/billing';
import { VOICE_MAX_SECONDS } from '../../contract/voice-limits';
import { SECOND_MS } from '../../machines/practices/timing';
import {
  STOP_TIMEOUT_MS,
  voiceRecorderMachine,
  voiceRecorderView,
  type RecorderError,
  type TranscribeFailure,
  type TranscribeRequest,
  type Transcript,
  type VoiceRecorderContext,
} from '../../machines/voice/voice-recorder.machine';
import { describeMachineTables, stateValue, type StateRow, type TransitionRow } from '../support/machine-tables';

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
const FAILURES: Record<string, TranscribeFailure | Error | null> = {
  forPlan: { kind: 'refused', refusal: 'not_available' },
  forToday: { kind: 'refused', refusal: 'limit_reached' },
  unconfigured: { kind: 'unconfigured' },
  rejected: { kind: 'rejected', detail: DETAIL },
  offline: new Error('offline'),
  // A rejection with no reason at all.
  nothing: null,
};
const MICROPHONE_ERRORS = ['unsupported', 'denied', 'notFound', 'startFailed'] as const;
const AFTER_MAX = 'xstate.after.maxDuration.voiceRecorder.recording.capture.capturing';

// ── The state key: the state, why idle ended (idle), the refusal (refused), the seconds recorded, loud bars ──
const recorderKey = (s: AnyMachineSnapshot) => {
  const c = s.context as VoiceRecorderContext;
  return [
    stateValue(s),
    s.matches('idle') ? c.error : null,
    s.matches('refused') ? c.refusal : null,
    c.elapsedMs ? `${c.elapsedMs / SECOND_MS}s` : null,
    c.levels.some((level) => level > 0) ? 'loud' : null,
  ]
    .filter(Boolean)
    .join(' ');
};

// ── What the sheet shows, by the spec's rules ──
const QUIET = [0, 0, 0, 0, 0];
const LOUD = [0, 0, 0, 0, 0.6];
interface Shown {
  seconds?: number;
  loud?: boolean;
  error?: RecorderError;
}
const shows = (status: string, f: Shown = {}) => ({
  status,
  elapsedSeconds: f.seconds ?? 0,
  maxSeconds: VOICE_MAX_SECONDS,
  levels: f.loud ? LOUD : QUIET,
  error: f.error ?? null,
  errorDetail: f.error === 'rejected' ? DETAIL : null,
  canStop: status === 'recording',
  // Another try makes sense, except for a browser that cannot record and a server without STT.
  canRetry: (status === 'idle' || status === 'unsent') && f.error !== 'unsupported' && f.error !== 'unconfigured',
  canResend: status === 'unsent',
});
const NONE = {
  START: false,
  STOP: false,
  CANCEL: true, // the close button, from anywhere until the recorder has ended
  RESEND: false,
  'MICROPHONE.READY': false,
  'MICROPHONE.FAILED': false,
  LEVEL: false,
  'RECORDER.DONE': false,
  'RECORDER.FAILED': false,
};
// can() does not look at the status: the root's CANCEL still answers true once the recorder has ended (the chat
// stops listening to it then); nothing else does.
const ENDED = { ...Object.fromEntries(Object.keys(NONE).map((type) => [type, false])), CANCEL: true };

const microphone = { id: 'microphone', src: 'microphone', input: undefined };
const upload = { id: 'transcribe', src: 'transcribe', input: { audio, clientId: 'client-1' } };
const idleKey = (error: RecorderError) => `idle.ready ${error}`;
const cancel = 'cancelled';
const start: TransitionRow = {
  to: 'recording.opening',
  invokes: [microphone],
  context: { error: null, errorDetail: null, audio: null, clientId: null },
};

const states: Record<string, StateRow> = {
  'idle.ready': { view: shows('idle'), can: { ...NONE, START: true } },
  ...Object.fromEntries(
    ([...MICROPHONE_ERRORS, 'recordingFailed', 'empty', 'unconfigured', 'rejected'] as const).map((error) => [
      idleKey(error),
      {
        view: shows('idle', { error }),
        can: { ...NONE, START: true },
        // The microphone's stream and any recording are let go.
        context: { stream: null, audio: null, clientId: null },
      },
    ]),
  ),
  'idle.unsent': {
    view: shows('unsent'),
    can: { ...NONE, START: true, RESEND: true },
    context: { audio, clientId: 'client-1' },
  },
  'recording.opening': {
    view: shows('opening'),
    can: { ...NONE, 'MICROPHONE.READY': true, 'MICROPHONE.FAILED': true },
    running: ['microphone'],
  },
  ...Object.fromEntries(
    [
      ['recording.capture.capturing.ticking', {}],
      ['recording.capture.capturing.ticking 1s', { seconds: 1 }],
      ['recording.capture.capturing.ticking loud', { loud: true }],
    ].map(([key, f]) => [
      key,
      {
        view: shows('recording', f as Shown),
        can: { ...NONE, STOP: true, LEVEL: true, 'RECORDER.DONE': true, 'RECORDER.FAILED': true },
        running: ['microphone', 'mediaRecorder', 'levelMeter'],
        context: { stream },
      },
    ]),
  ),
  ...Object.fromEntries(
    [
      ['recording.capture.stopping', {}],
      [`recording.capture.stopping ${VOICE_MAX_SECONDS}s loud`, { seconds: VOICE_MAX_SECONDS, loud: true }],
    ].map(([key, f]) => [
      key,
      {
        view: shows('stopping', f as Shown),
        can: { ...NONE, 'RECORDER.DONE': true, 'RECORDER.FAILED': true },
        running: ['microphone', 'mediaRecorder'],
      },
    ]),
  ),
  processing: { view: shows('processing'), can: NONE, running: ['transcribe'] },
  [`processing ${VOICE_MAX_SECONDS}s loud`]: {
    view: shows('processing', { seconds: VOICE_MAX_SECONDS, loud: true }),
    can: NONE,
    running: ['transcribe'],
  },
  done: { view: shows('ended'), can: ENDED, status: 'done', output: { kind: 'text', text: TEXT, usage } },
  [`done ${VOICE_MAX_SECONDS}s loud`]: {
    view: shows('ended', { seconds: VOICE_MAX_SECONDS, loud: true }),
    can: ENDED,
    status: 'done',
    output: { kind: 'text', text: TEXT, usage },
  },
  'refused not_available': {
    view: shows('ended'),
    can: ENDED,
    status: 'done',
    output: { kind: 'refused', refusal: 'not_available' },
  },
  'refused limit_reached': {
    view: shows('ended'),
    can: ENDED,
    status: 'done',
    output: { kind: 'refused', refusal: 'limit_reached' },
  },
  cancelled: { view: shows('ended'), can: ENDED, status: 'done', output: { kind: 'cancelled' } },
};

const fromIdle = { START: start, CANCEL: cancel };
const recorderEnds = {
  'RECORDER.DONE empty': idleKey('empty'),
  'RECORDER.FAILED startFailed': idleKey('startFailed'),
  'RECORDER.FAILED recordingFailed': idleKey('recordingFailed'),
  CANCEL: cancel,
};
const uploadEnds = {
  'done.actor.transcribe': { to: 'done', context: { transcript: { text: TEXT, usage } } },
  'error.actor.transcribe forPlan': 'refused not_available',
  'error.actor.transcribe forToday': 'refused limit_reached',
  'error.actor.transcribe unconfigured': idleKey('unconfigured'),
  'error.actor.transcribe rejected': idleKey('rejected'),
  // Offline, a 503, a rejection with nothing: the recording is kept to resend.
  'error.actor.transcribe offline': 'idle.unsent',
  'error.actor.transcribe nothing': 'idle.unsent',
  CANCEL: cancel,
};
const transitions: Record<string, Record<string, string | TransitionRow>> = {
  'idle.ready': fromIdle,
  ...Object.fromEntries(
    ([...MICROPHONE_ERRORS, 'recordingFailed', 'empty', 'unconfigured', 'rejected'] as const).map((error) => [
      idleKey(error),
      fromIdle,
    ]),
  ),
  // The same recording and client id again: the server never charges it twice.
  'idle.unsent': { ...fromIdle, RESEND: { to: 'processing', invokes: [upload] } },
  'recording.opening': {
    'MICROPHONE.READY': {
      to: 'recording.capture.capturing.ticking',
      invokes: [
        { id: 'mediaRecorder', src: 'mediaRecorder', input: { stream } },
        { id: 'levelMeter', src: 'levelMeter', input: { stream } },
      ],
    },
    ...Object.fromEntries(MICROPHONE_ERRORS.map((error) => [`MICROPHONE.FAILED ${error}`, idleKey(error)])),
    CANCEL: cancel,
  },
  'recording.capture.capturing.ticking': {
    STOP: 'recording.capture.stopping',
    LEVEL: 'recording.capture.capturing.ticking loud',
    'after.second.voiceRecorder.recording.capture.capturing.ticking': {
      to: 'recording.capture.capturing.ticking 1s',
      after: SECOND_MS,
    },
    ...recorderEnds,
    'RECORDER.DONE sound': { to: 'processing', invokes: [upload] },
  },
  // Loud bars, then the maximum: it stops by itself at exactly 60 s, and the timer says so.
  'recording.capture.capturing.ticking loud': {
    'after.maxDuration.voiceRecorder.recording.capture.capturing': {
      to: `recording.capture.stopping ${VOICE_MAX_SECONDS}s loud`,
      after: VOICE_MAX_SECONDS * SECOND_MS,
    },
  },
  'recording.capture.stopping': {
    ...recorderEnds,
    'RECORDER.DONE sound': { to: 'processing', invokes: [upload] },
    // The recorder never handed its recording over: «Ошибка записи аудио», the microphone let go.
    'after.stopTimeout.voiceRecorder.recording.capture.stopping': {
      to: idleKey('recordingFailed'),
      after: STOP_TIMEOUT_MS,
    },
  },
  [`recording.capture.stopping ${VOICE_MAX_SECONDS}s loud`]: {
    'RECORDER.DONE sound': { to: `processing ${VOICE_MAX_SECONDS}s loud`, invokes: [upload] },
  },
  processing: uploadEnds,
  [`processing ${VOICE_MAX_SECONDS}s loud`]: { 'done.actor.transcribe': `done ${VOICE_MAX_SECONDS}s loud` },
};

describeMachineTables(voiceRecorderMachine, {
  view: voiceRecorderView,
  key: recorderKey,
  inputFromClock: (clock) => {
    let n = 0;
    return { clock, newClientId: () => `client-${++n}` };
  },
  events: {
    'MICROPHONE.READY': { '': { type: 'MICROPHONE.READY', stream } },
    'MICROPHONE.FAILED': Object.fromEntries(
      MICROPHONE_ERRORS.map((error) => [error, { type: 'MICROPHONE.FAILED', error }]),
    ),
    LEVEL: { '': { type: 'LEVEL', level: 0.6 } },
    'RECORDER.DONE': {
      // `size` only tells the two apart for the graph (a Blob serialises as {}).
      empty: { type: 'RECORDER.DONE', audio: emptyAudio, size: 0 },
      sound: { type: 'RECORDER.DONE', audio, size: audio.size },
    },
    'RECORDER.FAILED': {
      startFailed: { type: 'RECORDER.FAILED', error: 'startFailed' },
      recordingFailed: { type: 'RECORDER.FAILED', error: 'recordingFailed' },
    },
    'xstate.done.actor.transcribe': {
      '': { type: 'xstate.done.actor.transcribe', output: { text: TEXT, usage } satisfies Transcript },
    },
    'xstate.error.actor.transcribe': Object.fromEntries(
      Object.entries(FAILURES).map(([label, error]) => [label, { type: 'xstate.error.actor.transcribe', error }]),
    ),
  },
  // A finished recorder takes no events. Once the bars moved, the walk goes on only to the maximum and the words
  // (the rest repeats the quiet walk's edges).
  filterEvents: (s, e) => {
    if (s.status !== 'active') return false;
    const loud = (s.context as VoiceRecorderContext).levels.some((level) => level > 0);
    if (e.type === AFTER_MAX) return loud;
    if (!loud) return true;
    if (s.matches({ recording: { capture: 'capturing' } })) return e.type === AFTER_MAX;
    if (s.matches({ recording: { capture: 'stopping' } })) return (e as { audio?: Blob }).audio === audio;
    return e.type === 'xstate.done.actor.transcribe';
  },
  states,
  transitions,
  counts: { paths: 36, transitions: 52 },
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
  it('the timer counts whole seconds from the moment the microphone was granted, every second', async () => {
    const clock = new SimulatedClock();
    let grant!: () => void;
    const actor = createActor(
      voiceRecorderMachine.provide({
        actors: {
          microphone: fromCallback(({ sendBack }) => {
            grant = () => sendBack({ type: 'MICROPHONE.READY', stream });
          }),
          mediaRecorder: fromCallback(() => undefined),
          levelMeter: fromCallback(() => undefined),
        },
      }),
      { clock, input: { clock: { now: () => clock.now() }, newClientId: () => 'id-1' } },
    ).start();
    actor.send({ type: 'START' });
    clock.increment(1500); // the permission prompt
    grant();
    const seconds = () => voiceRecorderView(actor.getSnapshot()).elapsedSeconds;
    expect(seconds()).toBe(0);
    clock.increment(999);
    expect(seconds()).toBe(0);
    clock.increment(1);
    expect(seconds()).toBe(1);
    clock.increment(1000);
    expect(seconds()).toBe(2);
    actor.stop();
  });

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
