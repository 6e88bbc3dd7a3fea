// A small round-robin HTTP proxy in front of several server instances, behaving as docs/deploy.md configures Caddy:
// it polls each instance's /readyz (every 200 ms) and sends to the ready ones in turn; a connection that cannot be
// made (the instance is gone) is tried on the next instance — the request never left, so that is safe for a POST —
// and a connection that breaks after the request was sent is a 502 (it may have been carried out). No keep-alive
// to the instances: a request never races an instance closing an idle connection.
import { request as httpRequest, createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface Upstream {
  /** http://127.0.0.1:<port>; replace it when the instance is restarted on another port. */
  url: string;
  ready: boolean;
  /** Requests sent to it and not yet answered. */
  inFlight: number;
}

export interface RoundRobinProxy {
  url: string;
  upstreams: Upstream[];
  /** Requests retried on another instance because the connection was refused. */
  retried: number;
  close(): Promise<void>;
}

const READY_EVERY_MS = 200;

async function body(req: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const c of req) chunks.push(c as Buffer);
  return Buffer.concat(chunks);
}

export async function startRoundRobinProxy(urls: string[]): Promise<RoundRobinProxy> {
  const upstreams: Upstream[] = urls.map((url) => ({ url, ready: true, inFlight: 0 }));
  let next = 0;
  const proxy = { upstreams, retried: 0 } as RoundRobinProxy;

  /** The ready instances from the next one in turn, then the others (all may be marked not ready a moment). */
  const order = (): Upstream[] => {
    const start = next++ % upstreams.length;
    const turn = [...upstreams.slice(start), ...upstreams.slice(0, start)];
    return [...turn.filter((u) => u.ready), ...turn.filter((u) => !u.ready)];
  };

  function forward(upstream: Upstream, req: IncomingMessage, payload: Buffer, res: ServerResponse): Promise<boolean> {
    const target = new URL(upstream.url);
    return new Promise((resolve) => {
      let answered = false;
      upstream.inFlight++;
      const done = () => {
        if (!answered) upstream.inFlight--;
        answered = true;
      };
      const out = httpRequest(
        {
          host: target.hostname,
          port: target.port,
          method: req.method,
          path: req.url,
          headers: { ...req.headers, host: target.host, connection: 'close' },
          agent: false,
        },
        (answer) => {
          res.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(res);
          answer.on('end', () => {
            done();
            resolve(true);
          });
          answer.on('error', () => {
            done();
            res.destroy();
            resolve(true);
          });
        },
      );
      out.on('error', (error: NodeJS.ErrnoException) => {
        if (answered) return;
        done();
        if (error.code === 'ECONNREFUSED') return resolve(false); // never sent: another instance may take it
        if (!res.headersSent) res.writeHead(502, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ detail: 'upstream failed' }));
        resolve(true);
      });
      out.end(payload);
    });
  }

  const server = createServer((req, res) => {
    void (async () => {
      const payload = await body(req);
      for (const upstream of order()) {
        if (await forward(upstream, req, payload, res)) return;
        proxy.retried++;
      }
      res.writeHead(502, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ detail: 'no instance' }));
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));

  const poll = setInterval(() => {
    for (const upstream of upstreams)
      fetch(`${upstream.url}/readyz`, { signal: AbortSignal.timeout(1_000) }).then(
        (r) => void (upstream.ready = r.ok),
        () => void (upstream.ready = false),
      );
  }, READY_EVERY_MS);

  proxy.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  proxy.close = () =>
    new Promise<void>((resolve) => {
      clearInterval(poll);
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return proxy;
}
