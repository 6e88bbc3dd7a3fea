// GET /metrics in Prometheus's text format, for a scraper holding METRICS_TOKEN (Authorization: Bearer …): 401
// without it, 404 while METRICS_TOKEN is unset (metrics off). With METRICS_PORT it is served on that port instead
// (on HOST, by a bare HTTP server started when the app listens and closed with it) and PORT's /metrics is 404 —
// the public port then never exposes it, even to a token.
import { timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import fp from 'fastify-plugin';
import { DETAILS } from '../http/errors';
import { registry } from '../metrics/metrics';

const UNAUTHORIZED = 'Нужен токен метрик: Authorization: Bearer METRICS_TOKEN';

/** The status and body GET /metrics answers for these request headers. */
export async function metricsAnswer(
  token: string | null,
  authorization: string | undefined,
): Promise<{ status: number; type: string; body: string }> {
  const json = (status: number, detail: string) => ({
    status,
    type: 'application/json',
    body: JSON.stringify({ detail }),
  });
  if (!token) return json(404, DETAILS.notFound);
  const expected = Buffer.from(`Bearer ${token}`);
  const given = Buffer.from(authorization ?? '');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return json(401, UNAUTHORIZED);
  return { status: 200, type: registry.contentType, body: await registry.metrics() };
}

export default fp(
  async (app) => {
    const { metricsToken: token, metricsPort, host } = app.config;
    app.get('/metrics', { config: { quiet: true }, schema: { hide: true } }, async (request, reply) => {
      const answer = await metricsAnswer(metricsPort === null ? token : null, request.headers.authorization);
      if (answer.status === 401) reply.header('www-authenticate', 'Bearer');
      return reply.code(answer.status).type(answer.type).send(answer.body);
    });
    if (metricsPort === null || !token) return;

    let server: Server | undefined;
    const serve = (req: IncomingMessage, res: ServerResponse) => {
      const found = req.method === 'GET' && (req.url ?? '').split('?')[0] === '/metrics';
      void (found ? metricsAnswer(token, req.headers.authorization) : metricsAnswer(null, undefined)).then(
        ({ status, type, body }) => {
          res.writeHead(status, { 'content-type': type, ...(status === 401 && { 'www-authenticate': 'Bearer' }) });
          res.end(body);
        },
      );
    };
    app.addHook('onListen', async () => {
      server = createServer(serve);
      await new Promise<void>((resolve) => {
        // Fastify ignores an onListen failure: say it, the app itself goes on serving.
        server!.once('error', (err) =>
          resolve(app.log.error({ err, port: metricsPort }, 'METRICS_PORT: not listening')),
        );
        server!.listen(metricsPort, host, resolve);
      });
    });
    app.addHook('onClose', async () => {
      server?.closeAllConnections(); // a scraper's kept-alive connection must not hold the shutdown
      await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
    });
  },
  { name: 'metrics-route', dependencies: ['decorators'] },
);
