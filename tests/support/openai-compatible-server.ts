/**
 * A small OpenAI-compatible chat server on loopback, for the chat's tests and bench: the real provider code
 * (`@ai-sdk/openai-compatible`) talks to it over HTTP exactly as to a hosted model.
 *
 * `POST /chat/completions` answers with what `script` returns for each request (it sees the parsed body and the
 * request's index): text, a tool call, usage, delays, or a failure. Streaming requests (`stream: true`) get
 * `chat.completion.chunk` events, a final usage chunk when `stream_options.include_usage` is set, then
 * `data: [DONE]`; others get one `chat.completion`. Every request body is kept in `requests`.
 *
 *   const model = await startModelServer(() => ({ text: 'Привет!', usage: { prompt: 100, completion: 20 } }));
 *   LLM_BASE_URL = model.url   // http://127.0.0.1:PORT/v1
 */
import { createServer, type IncomingHttpHeaders, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { performance } from 'node:perf_hooks';

export interface ScriptedReply {
  /** The assistant's text, streamed in word-sized chunks. */
  text?: string;
  /** A function call to make (after the text, as models do). */
  toolCall?: { name: string; arguments: Record<string, unknown> };
  /** Reported usage; default 50 prompt + 10 completion tokens. */
  usage?: { prompt: number; completion: number };
  /** Before the first chunk (or the whole answer). */
  firstTokenDelayMs?: number;
  /** Between chunks. */
  chunkDelayMs?: number;
  /**
   * Answer this HTTP status with an OpenAI-style error body instead, and `retry-after-ms: 0` (a header OpenAI's API
   * sends with errors, which the AI SDK's retry honours): the retry comes at once, not after the SDK's 2 s back-off.
   */
  status?: number;
  /** Never answer (the client's timeout must act). */
  hang?: boolean;
}

export interface ChatCompletionRequest {
  model: string;
  messages: Array<{ role: string; content?: unknown; tool_calls?: unknown[]; tool_call_id?: string }>;
  tools?: Array<{ type: string; function: { name: string; description?: string; parameters?: unknown } }>;
  tool_choice?: unknown;
  stream?: boolean;
  stream_options?: { include_usage?: boolean };
  max_tokens?: number;
  /** Structured output (the safety net's second opinion): `{ type: 'json_schema', json_schema: { name, schema } }`. */
  response_format?: { type: string; json_schema?: { name?: string; schema?: unknown } };
}

export type Script = (request: ChatCompletionRequest, index: number) => ScriptedReply;

export interface ModelServer {
  /** Base URL for LLM_BASE_URL (ends in /v1). */
  url: string;
  requests: ChatCompletionRequest[];
  /** Each request's headers (the API key arrives as `authorization: Bearer …`). */
  headers: IncomingHttpHeaders[];
  /** Replaces the script (tests share one server per file). */
  script: Script;
  /** performance.now() when each streamed answer's first token was written (bench/chat.ts times the path from here). */
  firstTokenAt: number[];
  close(): Promise<void>;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function readJson(req: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return JSON.parse(Buffer.concat(chunks).toString('utf8'));
}

export async function startModelServer(script: Script = () => ({ text: 'Я вас слышу.' })): Promise<ModelServer> {
  const hanging = new Set<ServerResponse>();
  const state: ModelServer = { url: '', requests: [], headers: [], script, firstTokenAt: [], close: async () => {} };
  let seq = 0;

  const server = createServer(async (req, res) => {
    if (req.method !== 'POST' || req.url !== '/v1/chat/completions') {
      res
        .writeHead(404, { 'content-type': 'application/json' })
        .end(JSON.stringify({ error: { message: 'not found' } }));
      return;
    }
    const body = (await readJson(req)) as ChatCompletionRequest;
    const index = state.requests.push(body) - 1;
    state.headers.push(req.headers);
    const reply = state.script(body, index);
    if (reply.hang) {
      hanging.add(res);
      res.on('close', () => hanging.delete(res));
      return;
    }
    if (reply.firstTokenDelayMs) await sleep(reply.firstTokenDelayMs);
    if (reply.status) {
      res.writeHead(reply.status, {
        'content-type': 'application/json',
        'retry-after-ms': '0',
      });
      res.end(JSON.stringify({ error: { message: `scripted failure ${reply.status}`, type: 'server_error' } }));
      return;
    }
    const id = `chatcmpl-${++seq}`;
    const created = Math.floor(Date.now() / 1000);
    const usage = reply.usage ?? { prompt: 50, completion: 10 };
    const usageBody = {
      prompt_tokens: usage.prompt,
      completion_tokens: usage.completion,
      total_tokens: usage.prompt + usage.completion,
    };
    const toolCalls = reply.toolCall
      ? [
          {
            id: `call_${seq}`,
            type: 'function',
            function: { name: reply.toolCall.name, arguments: JSON.stringify(reply.toolCall.arguments) },
          },
        ]
      : undefined;
    const finish = toolCalls ? 'tool_calls' : 'stop';

    if (!body.stream) {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(
        JSON.stringify({
          id,
          object: 'chat.completion',
          created,
          model: body.model,
          choices: [
            {
              index: 0,
              message: { role: 'assistant', content: reply.text ?? null, tool_calls: toolCalls },
              finish_reason: finish,
            },
          ],
          usage: usageBody,
        }),
      );
      return;
    }

    res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache', connection: 'keep-alive' });
    const chunk = (delta: Record<string, unknown>, finishReason: string | null = null) =>
      res.write(
        `data: ${JSON.stringify({ id, object: 'chat.completion.chunk', created, model: body.model, choices: [{ index: 0, delta, finish_reason: finishReason }] })}\n\n`,
      );
    const pieces = reply.text?.match(/\S+\s*/g) ?? [];
    chunk({ role: 'assistant', content: '' });
    for (const [i, piece] of pieces.entries()) {
      if (i > 0 && reply.chunkDelayMs) await sleep(reply.chunkDelayMs);
      if (res.destroyed) return;
      if (i === 0) state.firstTokenAt.push(performance.now());
      chunk({ content: piece });
    }
    if (toolCalls) {
      const call = toolCalls[0]!;
      chunk({
        tool_calls: [
          { index: 0, id: call.id, type: 'function', function: { name: call.function.name, arguments: '' } },
        ],
      });
      const args = call.function.arguments;
      const half = Math.floor(args.length / 2);
      chunk({ tool_calls: [{ index: 0, function: { arguments: args.slice(0, half) } }] });
      chunk({ tool_calls: [{ index: 0, function: { arguments: args.slice(half) } }] });
    }
    chunk({}, finish);
    if (body.stream_options?.include_usage) {
      res.write(
        `data: ${JSON.stringify({ id, object: 'chat.completion.chunk', created, model: body.model, choices: [], usage: usageBody })}\n\n`,
      );
    }
    res.end('data: [DONE]\n\n');
  });

  // Idle connections stay open until close(): a server closing one just as the client reuses it resets that request
  // (ECONNRESET), which turned "one request, then one retry" into a flaky count on a loaded machine.
  server.keepAliveTimeout = 0;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  state.url = `http://127.0.0.1:${port}/v1`;
  state.close = async () => {
    for (const res of hanging) res.destroy();
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  };
  return state;
}
