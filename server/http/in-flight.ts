// Closing waits for every route handler still running. Node's server.close() waits for open connections only, so a
// handler whose client has gone (a phone that lost signal mid-send) would otherwise keep running while the database
// closes under it, and lose what it was storing. Work a route deliberately leaves running after its answer (a chat
// reply that outlives a stream) is tracked by the route itself.
import fp from 'fastify-plugin';

export default fp(
  async (app) => {
    const running = new Set<Promise<unknown>>();
    app.addHook('onRoute', (route) => {
      const handler = route.handler;
      route.handler = function tracked(this: unknown, ...args: Parameters<typeof handler>) {
        const result: unknown = handler.apply(this as never, args);
        if (result instanceof Promise) {
          running.add(result);
          void result.catch(() => {}).finally(() => running.delete(result));
        }
        return result;
      } as typeof handler;
    });
    app.addHook('onClose', async () => {
      await Promise.allSettled([...running]);
    });
  },
  { name: 'in-flight' },
);
