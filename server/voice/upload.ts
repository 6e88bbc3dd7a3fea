// Reads POST /api/chat/transcribe's multipart body: the FIRST file part, whatever its field name (the spec names
// the file, `recording.webm`, not the field), at most VOICE_MAX_BYTES of it, and the `client_id` text field
// before or after it. Later file parts are drained unread. Every refusal is an HttpError with a Russian detail.
import type { FastifyRequest } from 'fastify';
import { transcribeFieldsSchema } from '../../contract/voice';
import { VOICE_CLIENT_ID_FIELD, VOICE_MAX_BYTES } from '../../contract/voice-limits';
import { httpError } from '../http/errors';
import { VOICE_ERRORS } from './errors';

export interface Upload {
  audio: Buffer;
  clientId: string | null;
}

/** Busboy's limits: one recording, a few small fields; more is not a recording from our client. */
export const UPLOAD_LIMITS = { fileSize: VOICE_MAX_BYTES, files: 3, fields: 5, parts: 8, fieldSize: 200 };

export async function readUpload(request: FastifyRequest): Promise<Upload> {
  if (!request.isMultipart()) throw httpError(415, VOICE_ERRORS.notMultipart);
  let audio: Buffer | null = null;
  const fields: Record<string, string> = {};
  try {
    for await (const part of request.parts({ limits: UPLOAD_LIMITS })) {
      if (part.type === 'field') {
        if (typeof part.value === 'string') fields[part.fieldname] = part.value;
      } else if (audio === null) {
        audio = await part.toBuffer(); // throws past fileSize
      } else {
        part.file.resume();
      }
    }
  } catch (error) {
    throw uploadError(error);
  }
  if (audio === null || audio.length === 0) throw httpError(422, VOICE_ERRORS.noFile);
  const parsed = transcribeFieldsSchema.safeParse({ client_id: fields[VOICE_CLIENT_ID_FIELD] || undefined });
  if (!parsed.success) throw httpError(422, parsed.error.issues[0]!.message);
  return { audio, clientId: parsed.data.client_id ?? null };
}

function uploadError(error: unknown) {
  const code = (error as { code?: unknown }).code;
  if (code === 'FST_REQ_FILE_TOO_LARGE') return httpError(413, VOICE_ERRORS.tooLarge);
  if (code === 'FST_PARTS_LIMIT' || code === 'FST_FILES_LIMIT' || code === 'FST_FIELDS_LIMIT')
    return httpError(413, VOICE_ERRORS.tooManyParts);
  return httpError(400, VOICE_ERRORS.badMultipart);
}
