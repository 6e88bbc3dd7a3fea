/**
 * A small OpenAI-compatible speech-to-text server on loopback, for voice input's tests: the real provider code
 * (`@ai-sdk/openai`'s transcription model) posts `multipart/form-data` to `POST /v1/audio/transcriptions` exactly as
 * to a hosted model, and this answers what `script` returns for each request — the words, an error status, a delay
 * or no answer at all. Every request is kept, parsed: the model, the language, the response format, the file.
 *
 *   const stt = await startSttServer(() => ({ text: 'Мне тревожно' }));
 *   STT_BASE_URL = stt.url   // http://127.0.0.1:PORT/v1
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface SttRequest {
  model: string | null;
  language: string | null;
  responseFormat: string | null;
  /** The `file` part: its name, declared type and bytes. */
  file: { name: string; type: string; bytes: Uint8Array } | null;
  authorization: string | undefined;
}

export interface SttReply {
  /** What was heard ('' for silence). */
  text?: string;
  /**
   * Answer this HTTP status with an OpenAI-style error body instead, and `retry-after-ms: 0` (a header OpenAI's API
   * sends with errors, which the AI SDK's retry honours): the retry comes at once, not after the SDK's 2 s back-off.
   */
  status?: number;
  /** Before answering. */
  delayMs?: number;
  /** Never answer (the server's deadline, or the client leaving, must act). */
  hang?: boolean;
}

export type SttScript = (request: SttRequest, index: number) => SttReply;

export interface SttServer {
  /** Base URL for STT_BASE_URL (ends in /v1). */
  url: string;
  requests: SttRequest[];
  /** Replaces the script (tests share one server per file). */
  script: SttScript;
  /** Requests whose connection the client closed before an answer was written. */
  abandoned: number;
  close(): Promise<void>;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function readForm(req: IncomingMessage): Promise<FormData> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  // The platform's own multipart parser (undici), not a hand-written one.
  return new Response(Buffer.concat(chunks), {
    headers: { 'content-type': req.headers['content-type'] ?? '' },
  }).formData();
}

const text = (form: FormData, name: string) => {
  const value = form.get(name);
  return typeof value === 'string' ? value : null;
};

export async function startSttServer(script: SttScript = () => ({ text: 'Я вас слышу' })): Promise<SttServer> {
  const open = new Set<ServerResponse>();
  const state: SttServer = { url: '', requests: [], script, abandoned: 0, close: async () => {} };

  const server = createServer(async (req, res) => {
    const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
      res.writeHead(status, { 'content-type': 'application/json', ...headers }).end(JSON.stringify(body));
    if (req.method !== 'POST' || req.url !== '/v1/audio/transcriptions')
      return json(404, { error: { message: 'not found' } });
    const form = await readForm(req);
    const file = form.get('file');
    const request: SttRequest = {
      model: text(form, 'model'),
      language: text(form, 'language'),
      responseFormat: text(form, 'response_format'),
      file:
        file instanceof File
          ? { name: file.name, type: file.type, bytes: new Uint8Array(await file.arrayBuffer()) }
          : null,
      authorization: req.headers.authorization,
    };
    const index = state.requests.push(request) - 1;
    const reply = state.script(request, index);
    open.add(res);
    res.on('close', () => {
      if (!res.writableFinished) state.abandoned++;
      open.delete(res);
    });
    if (reply.hang) return;
    if (reply.delayMs) await sleep(reply.delayMs);
    if (res.destroyed) return;
    if (reply.status)
      return json(
        reply.status,
        { error: { message: `scripted ${reply.status}`, type: 'server_error' } },
        { 'retry-after-ms': '0' },
      );
    // verbose_json, as whisper-style servers answer it (the SDK asks for it for such models).
    json(200, { text: reply.text ?? '', language: 'russian', duration: 0, segments: [] });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  state.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
  state.close = async () => {
    for (const res of open) res.destroy();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  };
  return state;
}
