// The instant a request happens at, for the rules that go by the user's local day (the check-in, home's week).
// The server's clock — unless the server runs with TEST_CLOCK=1 (tests only: server/config/index.ts refuses it in
// production and beyond loopback), where X-Test-Now may name it, so an end-to-end test lives a week in a minute.
import type { FastifyRequest } from 'fastify';

export const TEST_NOW_HEADER = 'x-test-now';

export function requestNow(request: FastifyRequest): Date {
  if (request.server.config.testClock) {
    const named = request.headers[TEST_NOW_HEADER];
    const at = typeof named === 'string' ? Date.parse(named) : Number.NaN;
    if (!Number.isNaN(at)) return new Date(at);
  }
  return new Date();
}
