// Server-Sent Events over Fastify 5: the route hijacks the reply and writes the event stream to the raw socket
// (event names and payloads: contract/chat.ts). Writing stops quietly when the client goes away — detected with
// the response's 'close' — while the reply itself goes on being produced and stored (service.ts).
import type { OutgoingHttpHeaders } from 'node:http';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { chatStreamEventSchemas } from '../../contract/chat';
import type { ChatStreamEvent } from '../../contract/chat-stream';

/** Keep-alive comment interval: proxies close streams that stay silent for a minute while a model thinks. */
const KEEP_ALIVE_MS = 15_000;

export function wantsEventStream(request: FastifyRequest): boolean {
  return (request.headers.accept ?? '').includes('text/event-stream');
}

export interface EventStream {
  send<E extends ChatStreamEvent>(event: E['event'], data: E['data']): void;
  end(): void;
  /** Called once when the client goes away before end() (at once if it already has). */
  onGone(listener: () => void): void;
}

export function openEventStream(reply: FastifyReply): EventStream {
  reply.hijack();
  const res = reply.raw;
  res.writeHead(200, {
    ...(reply.getHeaders() as OutgoingHttpHeaders), // CORS and rate-limit headers set by the hooks so far
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-cache, no-transform',
    'x-accel-buffering': 'no', // nginx: do not buffer the stream
    connection: 'keep-alive',
  });
  // A client that left while the send was being prepared: nothing to write to.
  let open = !res.destroyed;
  let left = !open;
  const gone: Array<() => void> = [];
  res.on('error', () => {}); // a write racing the socket's end; 'close' follows and stops the writing
  const keepAlive = setInterval(() => open && res.write(': keep-alive\n\n'), KEEP_ALIVE_MS);
  res.on('close', () => {
    clearInterval(keepAlive);
    if (!open) return;
    open = false;
    left = true;
    for (const listener of gone) listener();
  });
  return {
    send(event, data) {
      if (!open) return;
      // The contract shapes every payload, as zod response schemas do for JSON answers (undeclared fields dropped).
      const shaped = event === 'delta' ? data : chatStreamEventSchemas[event].parse(data);
      res.write(`event: ${event}\ndata: ${JSON.stringify(shaped)}\n\n`);
    },
    end() {
      clearInterval(keepAlive);
      if (!open) return;
      open = false;
      res.end();
    },
    onGone(listener) {
      if (left) listener();
      else gone.push(listener);
    },
  };
}
