// The drain that SIGTERM starts (server/start/main.ts), before the app closes: from that moment /readyz answers
// 503 (load balancers stop sending), the reminder loop claims nothing more, and a reply the offline assistant is
// pacing word by word for a stream is finished at once — the stream still gets its stored reply. Closing the app
// starts it too (tests and the hard stop go straight to close()).
import fp from 'fastify-plugin';

declare module 'fastify' {
  interface FastifyInstance {
    drain: Drain;
  }
}

export interface Drain {
  /** Aborted when the drain starts. */
  readonly signal: AbortSignal;
  readonly draining: boolean;
  start(): void;
}

export default fp(
  async (app) => {
    const started = new AbortController();
    const drain: Drain = {
      signal: started.signal,
      get draining() {
        return started.signal.aborted;
      },
      start: () => started.abort(),
    };
    app.decorate('drain', drain);
    app.addHook('preClose', async () => drain.start());
  },
  { name: 'drain' },
);
