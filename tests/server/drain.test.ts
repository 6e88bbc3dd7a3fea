// SIGTERM drains the real server process: /readyz turns 503 at once while the listener stays open for the grace
// period (/healthz still answers), a chat reply streaming word by word is finished and its stream ends with the
// stored reply, new connections are refused once the grace is over, and the process exits 0 with the reply stored.
import pg from 'pg';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { startServerProcess, type ServerProcess } from '../support/server-process';
import { freshPostgres, signInitData, TEST_BOT_TOKEN, TEST_DATA_KEY } from './harness';

const pgUrl = inject('pgUrl');
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Server-Sent Events read from a fetch body: each event's name and parsed data, as they come. */
async function* events(body: AsyncIterable<Uint8Array>): AsyncGenerator<{ event: string; data: unknown }> {
  const decoder = new TextDecoder();
  let buffer = '';
  for await (const chunk of body) {
    buffer += decoder.decode(chunk, { stream: true });
    for (let end = buffer.indexOf('\n\n'); end >= 0; end = buffer.indexOf('\n\n')) {
      const block = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      const event = /^event: (.*)$/m.exec(block)?.[1];
      const data = /^data: (.*)$/m.exec(block)?.[1];
      if (event && data) yield { event, data: JSON.parse(data) };
    }
  }
}

describe.skipIf(!pgUrl)('SIGTERM drains the server process', () => {
  let server: ServerProcess | undefined;
  let drop: (() => Promise<void>) | undefined;
  afterAll(async () => {
    server?.child.kill('SIGKILL');
    await drop?.();
  });

  it('not ready at once, the stream in progress gets its stored reply, then connections are refused; exit 0', async () => {
    const fresh = await freshPostgres(pgUrl!);
    drop = fresh.drop;
    server = await startServerProcess({
      DATABASE_URL: fresh.url,
      BOT_TOKEN: TEST_BOT_TOKEN,
      DATA_ENCRYPTION_KEY: TEST_DATA_KEY,
      LOG_LEVEL: 'info',
      OFFLINE_STREAM_WORD_MS: '1000', // a reply would take half a minute to finish at this pace
      // Long enough for the polls below on a loaded machine: at 1.5 s a run beside other work found the listener
      // already closed when it asked /healthz.
      DRAIN_GRACE_MS: '4000',
      SHUTDOWN_TIMEOUT_MS: '20000',
    });
    const { url } = server;
    const headers = {
      'x-init-data': signInitData(),
      'x-time-zone': 'Europe/Moscow',
      'content-type': 'application/json',
    };
    expect((await fetch(`${url}/readyz`)).status).toBe(200);

    const res = await fetch(`${url}/api/chat/create-and-send`, {
      method: 'POST',
      headers: { ...headers, accept: 'text/event-stream' },
      body: JSON.stringify({ content: 'Мне сегодня тревожно, не могу сосредоточиться' }),
    });
    expect(res.status).toBe(200);
    const stream = events(res.body! as unknown as AsyncIterable<Uint8Array>);
    const seen: string[] = [];
    let text = '';
    for (;;) {
      const { value } = await stream.next();
      seen.push(value!.event);
      if (value!.event === 'delta') {
        text += (value!.data as { text: string }).text;
        break; // the reply has begun
      }
    }

    const exited = server.exited;
    server.child.kill('SIGTERM');
    // Not ready at once; still alive and still listening during the grace.
    let ready = 200;
    for (let i = 0; i < 50 && ready === 200; i++) {
      ready = (await fetch(`${url}/readyz`)).status;
      if (ready === 200) await sleep(20);
    }
    expect(ready).toBe(503);
    expect((await fetch(`${url}/healthz`)).status).toBe(200);

    // The stream finishes without its pauses and ends with the stored reply.
    let done: { message: { id: string; content: string } } | undefined;
    for await (const { event, data } of { [Symbol.asyncIterator]: () => stream }) {
      seen.push(event);
      if (event === 'delta') text += (data as { text: string }).text;
      if (event === 'done') done = data as typeof done;
    }
    expect(seen.at(-1)).toBe('done');
    expect(done!.message.content).toBe(text.trim());

    expect(await exited).toBe(0);
    await expect(fetch(`${url}/healthz`)).rejects.toThrow(); // refused: nobody listens
    const check = new pg.Client({ connectionString: fresh.url });
    await check.connect();
    try {
      const { rows } = await check.query('select role from chat_messages where id = $1', [done!.message.id]);
      expect(rows).toEqual([{ role: 'assistant' }]);
    } finally {
      await check.end();
    }
    // The JSON log (stdout) tells the drain's steps; the person at the terminal got the human line (stderr).
    expect(server.output()).toMatch(/"msg":"shutdown: draining \(not ready\)"/);
    expect(server.output()).toMatch(/"msg":"shutdown: closed"/);
    expect(server.output()).toMatch(/SIGTERM: остановка/);
  }, 90_000);
});
