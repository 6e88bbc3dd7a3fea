// POST /api/voice/transcribe — and the spec's URL, POST /api/chat/transcribe, the same route registered a second time
// by app.ts (docs/decisions/0263-one-name-per-domain.md): a voice recording in, its words out — HTTP only, the
// rules are service.ts's. The server
// must have a speech model (503 otherwise); the upload is read (the first file part, capped); then the recording's
// outcome is answered: 415 / 422 for the audio, 402 when not on the plan or over today's limit, 409 for a retry,
// 503 when the model failed and 422 for silence (the seconds given back), and a client that goes away aborts the call.
import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { dailyRefusalSchema } from '../../contract/billing';
import { authErrors, errorSchema } from '../../contract/common';
import { transcribeResponseSchema, voiceErrorSchema } from '../../contract/voice';
import { VOICE_UNCONFIGURED } from '../../contract/voice-limits';
import { httpError } from '../http/errors';
import { speechModel, transcribeRecording, VOICE_ERRORS, type Transcribed } from './service';
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
        tags: ['voice'],
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
      // The person closed the recorder (or lost the connection): stop paying for words no one will read.
      const gone = new AbortController();
      const onClose = () => {
        if (!reply.raw.writableFinished) gone.abort();
      };
      reply.raw.on('close', onClose);
      let result: Transcribed;
      try {
        result = await transcribeRecording(db, model, {
          userId: request.user.id,
          clientId,
          audio,
          timeZone: request.timeZone,
          timeoutMs: app.config.sttTimeoutMs,
          gone: gone.signal,
        });
      } finally {
        reply.raw.off('close', onClose);
      }
      switch (result.kind) {
        case 'text':
          return { text: result.text, usage_info: result.usage_info };
        case 'audio': {
          const [status, detail] = AUDIO_REFUSALS[result.problem];
          throw httpError(status, detail);
        }
        case 'tooLong':
          throw httpError(422, VOICE_ERRORS.tooLong);
        case 'refused': {
          const detail = result.reason === 'not_available' ? VOICE_ERRORS.notAvailable : VOICE_ERRORS.limitReached;
          return reply.code(402).send({ detail, code: result.reason });
        }
        case 'busy':
          throw httpError(409, VOICE_ERRORS.busy);
        case 'otherRecording':
          throw httpError(409, VOICE_ERRORS.otherRecording);
        case 'failed':
          if (!gone.signal.aborted)
            request.log.warn({ err: result.error }, 'transcription failed; the seconds were given back');
          throw httpError(503, VOICE_ERRORS.unavailable);
        case 'noSpeech':
          throw httpError(422, VOICE_ERRORS.noSpeech);
      }
    },
  );
};

export default voiceRoutes;
