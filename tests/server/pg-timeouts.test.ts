// PostgreSQL that stalls: a slow statement is cancelled by the server (statement_timeout), a server or network
// that stops answering hits the client's read timeout — both are 503 {detail} and the pool recovers; failed idle
// connections are reported, not swallowed; migrations run without those timeouts.
import { connect, createServer, type Server, type Socket } from 'node:net';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterEach, describe, expect, inject, it } from 'vitest';
import { buildApp } from '../../server/app';
import { migrateDatabase, openPostgres, type Database } from '../../server/db';
import { freshPostgres, signInitData, testConfig } from './harness';

const pgUrl = inject('pgUrl');
const DETAIL = 'Сервис временно недоступен, попробуйте позже';

/** A TCP relay to PostgreSQL that can stop passing bytes (a stalled server or network, as the client sees it). */
async function relay(target: URL): Promise<{ port: number; freeze(): void; thaw(): void; close(): Promise<void> }> {
  const sockets: Socket[] = [];
  let frozen = false;
  const server: Server = createServer((client) => {
    const upstream = connect(Number(target.port), target.hostname);
    for (const [from, to] of [
      [client, upstream],
      [upstream, client],
    ] as const) {
      from.pipe(to);
      from.on('error', () => to.destroy());
      sockets.push(from);
      if (frozen) from.pause();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as { port: number }).port,
    freeze() {
      frozen = true;
      for (const s of sockets) s.pause();
    },
    thaw() {
      frozen = false;
      for (const s of sockets) s.resume();
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
}

describe.skipIf(!pgUrl)('PostgreSQL timeouts', () => {
  let cleanup: Array<() => Promise<unknown>> = [];
  afterEach(async () => {
    for (const c of cleanup.reverse()) await c();
    cleanup = [];
  });

  async function appOn(database: Database) {
    const app = await buildApp({
      database,
      config: testConfig(),
      extraRoutes: async (api) => {
        api.get('/slow', async () => database.db.execute(sql`select pg_sleep(5)`));
        api.get('/fast', async () => {
          await database.db.execute(sql`select 1`);
          return { ok: true };
        });
      },
    });
    cleanup.push(() => app.close());
    const headers = { 'x-init-data': signInitData() };
    return (url: string) => app.inject({ method: 'GET', url, headers });
  }

  it('a statement over PG_QUERY_TIMEOUT_MS is cancelled by the server → 503, and the next request is served', async () => {
    const fresh = await freshPostgres(pgUrl!);
    cleanup.push(() => fresh.drop());
    const database = openPostgres(fresh.url, { max: 2, queryTimeoutMs: 300 });
    cleanup.push(() => database.close());
    const get = await appOn(database);
    const slow = await get('/api/slow');
    expect(slow.statusCode).toBe(503);
    expect(slow.json()).toEqual({ detail: DETAIL });
    expect((await get('/api/fast')).statusCode).toBe(200);
  });

  it('a database that stops answering → 503 after the read timeout; it recovers when the database does', async () => {
    const fresh = await freshPostgres(pgUrl!);
    cleanup.push(() => fresh.drop());
    const target = new URL(fresh.url);
    const proxy = await relay(target);
    cleanup.push(() => proxy.close());
    const viaProxy = new URL(fresh.url);
    viaProxy.port = String(proxy.port);
    const database = openPostgres(viaProxy.toString(), { max: 2, queryTimeoutMs: 300 });
    cleanup.push(() => database.close());
    const get = await appOn(database);
    expect((await get('/api/fast')).statusCode).toBe(200); // signed in, connection open
    proxy.freeze();
    const started = Date.now();
    const stalled = await get('/api/fast');
    expect(stalled.statusCode).toBe(503);
    expect(stalled.json()).toEqual({ detail: DETAIL });
    expect(Date.now() - started).toBeLessThan(10_000); // not hanging until some TCP timeout
    proxy.thaw();
    expect((await get('/api/fast')).statusCode).toBe(200);
  });

  it('an idle pooled connection that fails is reported (not swallowed) and does not crash the process', async () => {
    const fresh = await freshPostgres(pgUrl!);
    cleanup.push(() => fresh.drop());
    const reported: Error[] = [];
    const database = openPostgres(fresh.url, { max: 2, onPoolError: (e) => reported.push(e) });
    cleanup.push(() => database.close());
    await database.db.execute(sql`select 1`); // leaves one idle connection in the pool
    const admin = new pg.Client({ connectionString: pgUrl! });
    await admin.connect();
    try {
      await admin.query('select pg_terminate_backend(pid) from pg_stat_activity where datname = $1', [
        new URL(fresh.url).pathname.slice(1),
      ]);
    } finally {
      await admin.end();
    }
    for (let i = 0; i < 100 && reported.length === 0; i++) await new Promise((r) => setTimeout(r, 50));
    expect(reported.length).toBeGreaterThan(0);
    await expect(database.db.execute(sql`select 1`)).resolves.toBeDefined(); // reconnects
  });

  it('migrations run on their own connection without the request timeouts', async () => {
    const name = `mig_${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
    const admin = new pg.Client({ connectionString: pgUrl! });
    await admin.connect();
    await admin.query(`create database ${name}`);
    cleanup.push(async () => {
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    });
    const url = new URL(pgUrl!);
    url.pathname = `/${name}`;
    const database = openPostgres(url.toString(), { max: 2, queryTimeoutMs: 1 }); // no request could finish in 1 ms
    cleanup.push(() => database.close());
    await migrateDatabase(database);
    const check = new pg.Client({ connectionString: url.toString() });
    await check.connect();
    try {
      const { rows } = await check.query('select count(*)::int as n from drizzle.__drizzle_migrations');
      expect(rows[0].n).toBeGreaterThan(0);
    } finally {
      await check.end();
    }
  });
});
