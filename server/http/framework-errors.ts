// Answers Fastify and Node give before any route or hook runs, in the shared `{ detail }` JSON in Russian with the
// security headers: a malformed percent-encoding in the path (400) or an over-long parameter (414) —
// Fastify's frameworkErrors — and what Node's HTTP parser refuses outright: headers too large (431), a request that
// took too long to arrive (408), bytes that are not HTTP (400) — its clientError event, answered on the raw socket.
import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { DETAILS } from './errors';
import { SECURITY_HEADERS, setSecurityHeaders } from './security-headers';

export function frameworkErrors(error: FastifyError, _request: FastifyRequest, reply: FastifyReply): void {
  setSecurityHeaders(reply.raw);
  if (error.code === 'FST_ERR_BAD_URL') return void reply.code(400).send({ detail: DETAILS.badUrl });
  if (error.code === 'FST_ERR_MAX_PARAM_LENGTH') return void reply.code(414).send({ detail: DETAILS.urlTooLong });
  reply.log.error({ err: error }, 'framework error');
  reply.code(500).send({ detail: DETAILS.internal });
}

const clientErrorAnswer = (error: NodeJS.ErrnoException): [number, string] =>
  error.code === 'HPE_HEADER_OVERFLOW'
    ? [431, DETAILS.headersTooLarge]
    : error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
      ? [408, DETAILS.requestTimeout]
      : [400, DETAILS.badRequest];

const headerLines = Object.entries(SECURITY_HEADERS)
  .map(([name, value]) => `${name}: ${value}\r\n`)
  .join('');

export function clientErrorHandler(error: NodeJS.ErrnoException, socket: Socket): void {
  // A connection reset: nobody is there to answer.
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  if (socket.writable) {
    const [status, detail] = clientErrorAnswer(error);
    const body = JSON.stringify({ detail });
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\ncontent-type: application/json; charset=utf-8\r\n` +
        `content-length: ${Buffer.byteLength(body)}\r\nconnection: close\r\n${headerLines}\r\n${body}`,
    );
  }
  socket.destroy(error);
}
