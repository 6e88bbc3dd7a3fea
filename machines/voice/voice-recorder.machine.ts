// The voice recorder of the chat's microphone: idle → recording → processing. START (only from idle) asks for the
// microphone, records it — webm with Opus where the browser has it, 44 100 Hz asked for, five bars following the
// input's level, a timer — until STOP (only while recording) or the maximum (60 s, or less when today's voice
// seconds are nearly spent); the recording then goes to the server for transcription, and the words are the
// machine's output. The microphone stream, the media recorder and the level meter are injected actors: leaving
// `recording` (a stop, a cancel, the chat left) stops them, which releases the microphone. A recorder that never hands
// over its recording after a stop (a WebView's MediaRecorder may not fire `stop`) is given 3 s, then the recording
// counts as failed, so the microphone is never held for good.
//
// A recording that cannot be made returns to idle with why (unsupported, permission denied, no microphone, a failed
// start, a failed recording, an empty recording); one the server cannot use too (its words). A transcription that
// fails keeps the recording and offers it again (RESEND: the same client id, so it is never charged twice). A 402
// ends the recorder with the refusal, for the chat to open the upgrade dialog. CANCEL ends it with nothing sent.
import { assign, sendTo, setup, type SnapshotFrom } from 'xstate';
import type { DailyRefusal, UsageInfo } from '../../contract/billing';
import { VOICE_MAX_SECONDS } from '../../contract/voice-limits';
import { stubActor, stubCallback } from '../effects';
import { SECOND_MS, type Clock } from '../practices/timing';
import { topState } from '../view-model';
import { pushLevel, QUIET_LEVELS } from './voice-levels';

/** Why the microphone could not be had (src/voice/microphone.ts maps the browser's DOMException names to these). */
export type MicrophoneError = 'unsupported' | 'denied' | 'notFound' | 'startFailed';
/** Why a recording ended without words: the microphone's reasons, the recorder's, or the server's. */
export type RecorderError =
  | MicrophoneError
  | 'recordingFailed'
  | 'empty'
  /** The server has no speech-to-text endpoint after all (503 stt_unconfigured). */
  | 'unconfigured'
  /** The server could not use the recording (415 / 422 / 413): its words are in `errorDetail`. */
  | 'rejected';

/** A failed transcription, as src/api/voice.actors.ts reports it. */
export type TranscribeFailure =
  | { kind: 'refused'; refusal: DailyRefusal }
  | { kind: 'unconfigured' }
  | { kind: 'rejected'; detail: string }
  | { kind: 'failed' };

export interface TranscribeRequest {
  audio: Blob;
  clientId: string;
}
export interface Transcript {
  text: string;
  usage: UsageInfo;
}

/** How the recorder ended: the words, a refusal for the plan or the day, or nothing (cancelled). */
export type RecorderOutcome =
  { kind: 'text'; text: string; usage: UsageInfo } | { kind: 'refused'; refusal: DailyRefusal } | { kind: 'cancelled' };

export type VoiceRecorderEvent =
  | { type: 'START' }
  | { type: 'STOP' }
  | { type: 'CANCEL' }
  | { type: 'RESEND' }
  | { type: 'MICROPHONE.READY'; stream: MediaStream }
  | { type: 'MICROPHONE.FAILED'; error: MicrophoneError }
  | { type: 'LEVEL'; level: number }
  | { type: 'RECORDER.DONE'; audio: Blob }
  | { type: 'RECORDER.FAILED'; error: 'startFailed' | 'recordingFailed' };

export interface VoiceRecorderInput {
  /** The longest recording allowed now: VOICE_MAX_SECONDS, or fewer when today's voice seconds are nearly spent. */
  maxSeconds?: number;
  clock: Clock;
  newClientId: () => string;
}

export interface VoiceRecorderContext {
  maxSeconds: number;
  clock: Clock;
  newClientId: () => string;
  stream: MediaStream | null;
  startedAt: number;
  elapsedMs: number;
  /** The input's level 0..1, the newest last: one per bar. */
  levels: readonly number[];
  /** The recording and its idempotency key, kept until it is transcribed (or given up). */
  audio: Blob | null;
  clientId: string | null;
  error: RecorderError | null;
  errorDetail: string | null;
  transcript: Transcript | null;
  refusal: DailyRefusal | null;
}

/** How long a stopped recorder may take to hand over its recording. */
export const STOP_TIMEOUT_MS = 3 * SECOND_MS;

export const voiceRecorderMachine = setup({
  types: {
    context: {} as VoiceRecorderContext,
    input: {} as VoiceRecorderInput,
    events: {} as VoiceRecorderEvent,
    output: {} as RecorderOutcome,
  },
  actors: {
    /** getUserMedia: MICROPHONE.READY { stream } or MICROPHONE.FAILED { error }; stopping it releases the stream. */
    microphone: stubCallback(),
    /** MediaRecorder over the stream: on STOP, RECORDER.DONE { audio }; RECORDER.FAILED if it cannot record. */
    mediaRecorder: stubCallback<{ stream: MediaStream }>(),
    /** An AnalyserNode on the stream: LEVEL { level } about ten times a second. */
    levelMeter: stubCallback<{ stream: MediaStream }>(),
    /** POST /api/voice/transcribe; rejects with a TranscribeFailure. */
    transcribe: stubActor<Transcript, TranscribeRequest>(),
  },
  actions: {
    forgetRecording: assign({ stream: null, audio: null, clientId: null }),
    measure: assign({ elapsedMs: ({ context }) => context.clock.now() - context.startedAt }),
  },
  guards: {
    isEmpty: (_, { audio }: { audio: Blob }) => audio.size === 0,
    isRefused: (_, { error }: { error: unknown }) => failureOf(error).kind === 'refused',
    isUnconfigured: (_, { error }: { error: unknown }) => failureOf(error).kind === 'unconfigured',
    isRejected: (_, { error }: { error: unknown }) => failureOf(error).kind === 'rejected',
  },
  delays: {
    maxDuration: ({ context }) => context.maxSeconds * SECOND_MS,
    second: SECOND_MS,
    stopTimeout: STOP_TIMEOUT_MS,
  },
}).createMachine({
  id: 'voiceRecorder',
  description: 'Records the microphone (at most 60 s) and turns the recording into text on the server.',
  context: ({ input }) => ({
    maxSeconds: input.maxSeconds ?? VOICE_MAX_SECONDS,
    clock: input.clock,
    newClientId: input.newClientId,
    stream: null,
    startedAt: 0,
    elapsedMs: 0,
    levels: QUIET_LEVELS,
    audio: null,
    clientId: null,
    error: null,
    errorDetail: null,
    transcript: null,
    refusal: null,
  }),
  output: ({ context }): RecorderOutcome =>
    context.transcript
      ? { kind: 'text', ...context.transcript }
      : context.refusal
        ? { kind: 'refused', refusal: context.refusal }
        : { kind: 'cancelled' },
  initial: 'idle',
  on: {
    CANCEL: {
      target: '.cancelled',
      description: 'The close button or Escape: nothing is sent; the microphone and any upload are let go.',
    },
  },
  states: {
    idle: {
      description: 'Not recording. Shows why the last attempt ended, if it did.',
      initial: 'ready',
      on: {
        START: {
          target: 'recording',
          description: 'Start only from idle: a new recording (one kept unsent is given up).',
          actions: [assign({ error: null, errorDetail: null }), 'forgetRecording'],
        },
      },
      states: {
        ready: {},
        unsent: {
          description: 'The transcription failed; the recording is kept: «Отправить ещё раз» or record anew.',
          on: { RESEND: { target: '#voiceRecorder.processing' } },
        },
      },
    },
    recording: {
      description: 'The microphone is held while here; leaving releases it.',
      invoke: { id: 'microphone', src: 'microphone' },
      initial: 'opening',
      states: {
        opening: {
          description: 'Asking for the microphone (the permission prompt may show).',
          on: {
            'MICROPHONE.READY': {
              target: 'capture',
              actions: assign({ stream: ({ event }) => event.stream }),
            },
            'MICROPHONE.FAILED': {
              target: '#voiceRecorder.idle',
              actions: assign({ error: ({ event }) => event.error }),
            },
          },
        },
        capture: {
          invoke: {
            id: 'mediaRecorder',
            src: 'mediaRecorder',
            input: ({ context }) => ({ stream: context.stream! }),
          },
          entry: assign({ startedAt: ({ context }) => context.clock.now(), elapsedMs: 0, levels: QUIET_LEVELS }),
          initial: 'capturing',
          on: {
            'RECORDER.DONE': [
              {
                guard: { type: 'isEmpty', params: ({ event }) => ({ audio: event.audio }) },
                target: '#voiceRecorder.idle',
                description: 'Nothing was recorded: «Не удалось записать аудио».',
                actions: [assign({ error: 'empty' }), 'forgetRecording'],
              },
              {
                target: '#voiceRecorder.processing',
                actions: assign({
                  audio: ({ event }) => event.audio,
                  clientId: ({ context }) => context.newClientId(),
                }),
              },
            ],
            'RECORDER.FAILED': {
              target: '#voiceRecorder.idle',
              actions: [assign({ error: ({ event }) => event.error }), 'forgetRecording'],
            },
          },
          states: {
            capturing: {
              description: 'The timer runs and the bars follow the voice; «Нажмите чтобы остановить».',
              invoke: { id: 'levelMeter', src: 'levelMeter', input: ({ context }) => ({ stream: context.stream! }) },
              on: {
                STOP: { target: 'stopping', description: 'Stop only while recording.' },
                LEVEL: { actions: assign({ levels: ({ context, event }) => pushLevel(context.levels, event.level) }) },
              },
              after: { maxDuration: { target: 'stopping', description: 'The maximum: it stops by itself.' } },
              initial: 'ticking',
              states: {
                ticking: { after: { second: { target: 'ticking', reenter: true, actions: 'measure' } } },
              },
            },
            stopping: {
              description: 'The recorder hands over what it has.',
              entry: ['measure', sendTo('mediaRecorder', { type: 'STOP' })],
              after: {
                stopTimeout: {
                  target: '#voiceRecorder.idle',
                  description: 'It never did: «Ошибка записи аудио», and the microphone is let go.',
                  actions: [assign({ error: 'recordingFailed' }), 'forgetRecording'],
                },
              },
            },
          },
        },
      },
    },
    processing: {
      description: 'Uploading the recording and waiting for its words.',
      invoke: {
        id: 'transcribe',
        src: 'transcribe',
        input: ({ context }) => ({ audio: context.audio!, clientId: context.clientId! }),
        onDone: {
          target: 'done',
          actions: assign({ transcript: ({ event }) => event.output }),
        },
        onError: [
          {
            guard: { type: 'isRefused', params: ({ event }) => ({ error: event.error }) },
            target: 'refused',
            description: '402: voice input is not on the plan, or today’s seconds are spent.',
            actions: assign({ refusal: ({ event }) => refusalIn(event.error) }),
          },
          {
            guard: { type: 'isUnconfigured', params: ({ event }) => ({ error: event.error }) },
            target: 'idle',
            actions: [assign({ error: 'unconfigured' }), 'forgetRecording'],
          },
          {
            guard: { type: 'isRejected', params: ({ event }) => ({ error: event.error }) },
            target: 'idle',
            description: 'The server cannot use this recording: its words, and record again.',
            actions: [
              assign({ error: 'rejected', errorDetail: ({ event }) => detailIn(event.error) }),
              'forgetRecording',
            ],
          },
          { target: 'idle.unsent', description: 'Anything else (offline, 503): the recording is offered again.' },
        ],
      },
    },
    done: { type: 'final', description: 'The words, for the chat’s text box.' },
    refused: { type: 'final', description: 'The server refused it for the plan or the day.' },
    cancelled: { type: 'final', description: 'Closed without sending anything.' },
  },
});

function failureOf(error: unknown): TranscribeFailure {
  const kind = typeof error === 'object' && error !== null ? (error as { kind?: unknown }).kind : undefined;
  return kind === 'refused' || kind === 'unconfigured' || kind === 'rejected'
    ? (error as TranscribeFailure)
    : { kind: 'failed' };
}
const refusalIn = (error: unknown) => {
  const failure = failureOf(error);
  return failure.kind === 'refused' ? failure.refusal : null;
};
const detailIn = (error: unknown) => {
  const failure = failureOf(error);
  return failure.kind === 'rejected' ? failure.detail : null;
};

export type VoiceRecorderStatus = 'idle' | 'unsent' | 'opening' | 'recording' | 'stopping' | 'processing' | 'ended';

/** What the recorder's sheet shows. */
export function voiceRecorderView(snapshot: SnapshotFrom<typeof voiceRecorderMachine>) {
  const { elapsedMs, maxSeconds, levels, error, errorDetail } = snapshot.context;
  const top = topState<'idle' | 'recording' | 'processing' | 'done' | 'refused' | 'cancelled'>(snapshot);
  const status: VoiceRecorderStatus =
    top === 'idle'
      ? snapshot.matches({ idle: 'unsent' })
        ? 'unsent'
        : 'idle'
      : top === 'recording'
        ? snapshot.matches({ recording: 'opening' })
          ? 'opening'
          : snapshot.matches({ recording: { capture: 'stopping' } })
            ? 'stopping'
            : 'recording'
        : top === 'processing'
          ? 'processing'
          : 'ended';
  return {
    status,
    /** Whole seconds recorded, and the most there may be. */
    elapsedSeconds: Math.min(maxSeconds, Math.floor(elapsedMs / SECOND_MS)),
    maxSeconds,
    levels,
    /** Why the last attempt ended (idle only), and the server's words for a rejected recording. */
    error: top === 'idle' ? error : null,
    errorDetail: top === 'idle' ? errorDetail : null,
    canStop: snapshot.can({ type: 'STOP' }),
    /** Another try makes sense (not for a browser that cannot record at all, nor a server without STT). */
    canRetry: top === 'idle' && error !== 'unsupported' && error !== 'unconfigured',
    canResend: snapshot.can({ type: 'RESEND' }),
  };
}
