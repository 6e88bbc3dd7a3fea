// POST /api/chat/transcribe: a voice recording in, its words out. In order: the server must have a speech model
// (503 otherwise); the upload is read (the first file part, capped); the audio's own container and duration are
// measured (415 / 422); its seconds are spent atomically with a row that makes retries safe (402 when not on the plan
// or over today's limit); only then the model is called, outside any transaction; a failure gives the seconds back
// (503), as does silence (422), and a client that goes away aborts the call and is refunded too.
import { createHash } from 'node:crypto';
import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { dailyRefusalSchema } from '../../contract/billing';
import { authErrors, errorSchema } from '../../contract/common';
import { transcribeResponseSchema, voiceErrorSchema } from '../../contract/voice';
import { VOICE_UNCONFIGURED } from '../../contract/voice-limits';
import { usageInfo } from '../billing/service';
import { httpError } from '../http/errors';
import { AudioRejected, chargedSeconds, measureRecording } from './audio';
import { VOICE_ERRORS } from './errors';
import { claimTranscription, finishTranscription, refundTranscription } from './repository';
import { speechModel, transcribeSpeech } from './stt';
import { timeModelCall } from '../metrics/metrics';
import { readUpload } from './upload';

const AUDIO_REFUSALS = {
  unsupported: [415, VOICE_ERRORS.unsupported],
  unreadable: [422, VOICE_ERRORS.unreadable],
  empty: [422, VOICE_ERRORS.empty],
} as const;

const voiceRoutes: FastifyPluginAsyncZod = async (app) => {
  // Multipart only here: every other route still answers 415 to it.
  await app.register(multipart);
  const model = speechModel(app.config);
  const db = app.database.db;

  app.post(
    '/transcribe',
    {
      schema: {
        tags: ['chat'],
        description:
          'multipart/form-data: the recording (the first file part, WebM, Ogg or MP4/m4a, ≤ 3 МБ, ≤ 60 с) and an optional `client_id` (UUID) that makes retries free.',
        consumes: ['multipart/form-data'],
        response: {
          200: transcribeResponseSchema,
          400: errorSchema,
          402: dailyRefusalSchema,
          409: errorSchema,
          413: errorSchema,
          415: errorSchema,
          422: errorSchema,
          ...authErrors,
          503: voiceErrorSchema,
        },
      },
    },
    async (request, reply) => {
      if (!model) {
        // The operator's words go to the log; the user reads «Голосовой ввод пока недоступен».
        request.log.warn('voice input refused: speech-to-text is not configured (set STT_BASE_URL and STT_MODEL)');
        return reply.code(503).send({ detail: VOICE_ERRORS.unconfigured, code: VOICE_UNCONFIGURED });
      }
      const { audio, clientId } = await readUpload(request);
      const measured = await measureRecording(audio).catch((error: unknown) => {
        if (!(error instanceof AudioRejected)) throw error;
        const [status, detail] = AUDIO_REFUSALS[error.problem];
        throw httpError(status, detail);
      });
      const seconds = chargedSeconds(measured.seconds);
      if (seconds === null) throw httpError(422, VOICE_ERRORS.tooLong);

      const { id: userId } = request.user;
      const claim = await claimTranscription(db, {
        userId,
        clientId,
        audioSha256: createHash('sha256').update(audio).digest('hex'),
        seconds,
        timeZone: request.timeZone,
        // A transcription never runs longer than its deadline; a pending row well past it was abandoned.
        staleAfterMs: app.config.sttTimeoutMs + 60_000,
      });
      switch (claim.kind) {
        case 'refused': {
          const detail = claim.reason === 'not_available' ? VOICE_ERRORS.notAvailable : VOICE_ERRORS.limitReached;
          return reply.code(402).send({ detail, code: claim.reason });
        }
        case 'busy':
          throw httpError(409, VOICE_ERRORS.busy);
        case 'otherRecording':
          throw httpError(409, VOICE_ERRORS.otherRecording);
        case 'done':
          return { text: claim.text, usage_info: await usageInfo(db, userId, request.timeZone) };
      }

      // The person closed the recorder (or lost the connection): stop paying for words no one will read.
      const gone = new AbortController();
      const onClose = () => {
        if (!reply.raw.writableFinished) gone.abort();
      };
      reply.raw.on('close', onClose);
      let text: string;
      try {
        const deadline = AbortSignal.timeout(app.config.sttTimeoutMs);
        text = await timeModelCall('speech_to_text', () =>
          transcribeSpeech(model, audio, AbortSignal.any([gone.signal, deadline])),
        );
      } catch (error) {
        await refundTranscription(db, claim.id);
        if (!gone.signal.aborted) request.log.warn({ err: error }, 'transcription failed; the seconds were given back');
        throw httpError(503, VOICE_ERRORS.unavailable);
      } finally {
        reply.raw.off('close', onClose);
      }
      if (!text) {
        await refundTranscription(db, claim.id);
        throw httpError(422, VOICE_ERRORS.noSpeech);
      }
      await finishTranscription(db, claim.id, text);
      return { text, usage_info: await usageInfo(db, userId, request.timeZone) };
    },
  );
};

export default voiceRoutes;
