// PostgreSQL going away under load must not take the server down: a fast restart (every backend told to terminate,
// 57P01) and pg_terminate_backend of every backend hit connections checked out of the pool — mid-transaction, or
// between a transaction's statements — as well as idle ones. The instance (the real server process) stays up, the
// requests caught by it answer 503, the next ones succeed, and every acknowledged write is in the database.
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clusterForTestRun, findPgBin, type TempCluster } from '../../scripts/pg-cluster';
import { byStatus, startLoad } from '../support/load';
import { startServerProcess, type ServerProcess } from '../support/server-process';
import { TEST_BOT_TOKEN, TEST_DATA_KEY } from './harness';

const bin = findPgBin();
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function admin<T extends pg.QueryResultRow>(url: string, sql: string, params: unknown[] = []) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<T>(sql, params)).rows;
  } finally {
    await client.end();
  }
}

describe.skipIf(!bin && process.env.CI !== 'true')('PostgreSQL restarted under load (own cluster)', () => {
  let cluster: TempCluster | null = null;
  let server: ServerProcess | undefined;
  beforeAll(async () => {
    cluster = await clusterForTestRun('the PostgreSQL restart test', bin);
  });
  afterAll(() => {
    server?.child.kill('SIGKILL');
    cluster?.stop();
  });

  it('a fast restart and pg_terminate_backend of every backend: the instance stays up, 503s, then recovers', async () => {
    const url = cluster!.url;
    server = await startServerProcess({
      DATABASE_URL: url,
      BOT_TOKEN: TEST_BOT_TOKEN,
      DATA_ENCRYPTION_KEY: TEST_DATA_KEY,
      PG_POOL_MAX: '4',
      OFFLINE_STREAM_WORD_MS: '0',
    });
    const load = startLoad({ url: () => server!.url, botToken: TEST_BOT_TOKEN, workers: 8, firstUserId: 5_000_000 });
    const okCount = () => load.outcomes.filter((o) => o.status === 200 || o.status === 201).length;
    /** Waits for `n` more acknowledged requests; the server exiting meanwhile fails the test at once. */
    const served = async (n: number) => {
      const target = okCount() + n;
      while (okCount() < target) {
        if (server!.child.exitCode !== null) throw new Error(`the server exited:\n${server!.output()}`);
        await sleep(50);
      }
    };
    await served(20);

    await cluster!.restart();
    await served(15); // served again after the restart
    // Every backend terminated, three times over: each time some connections are checked out mid-transaction.
    const terminated: number[] = [];
    for (let i = 0; i < 3; i++) {
      const [row] = await admin<{ n: number }>(
        url,
        `select count(pg_terminate_backend(pid))::int as n from pg_stat_activity
          where pid <> pg_backend_pid() and backend_type = 'client backend'`,
      );
      terminated.push(row!.n);
      await served(15);
    }
    const report = await load.stop();

    expect(server.child.exitCode).toBe(null);
    expect(server.output()).not.toMatch(/Unhandled 'error' event/);
    expect(terminated.every((n) => n > 0)).toBe(true);
    // Whatever the faults caught answered 503 — no 500, no dropped connection.
    const statuses = byStatus(report.outcomes);
    expect(Object.keys(statuses).filter((s) => !['200', '201', '409', '503'].includes(s))).toEqual([]);
    const diary = await admin<{ n: number }>(
      url,
      'select count(*)::int as n from diary_entries where client_id = any($1)',
      [report.diary.map((w) => w.clientId)],
    );
    expect(diary[0]!.n).toBe(report.diary.length);
    const chat = await admin<{ n: number }>(
      url,
      `select count(*)::int as n from chat_messages where role = 'user' and client_id = any($1)`,
      [report.chat.map((w) => w.clientId)],
    );
    expect(chat[0]!.n).toBe(report.chat.length);
  }, 60_000);
});
