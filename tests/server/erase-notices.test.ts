// Two instances on one PostgreSQL database: an erase through one makes the other forget its cached sign-ins of the
// account at once (LISTEN/NOTIFY), also after the other's listening connection was cut and came back.
import type { FastifyInstance } from 'fastify';
import type pg from 'pg';
import { afterEach, beforeEach, describe, expect, inject, it, vi } from 'vitest';
import { buildApp } from '../../server/app';
import { openPostgres, type Database } from '../../server/db';
import { freshPostgres, signInitData, testConfig } from './harness';

const pgUrl = inject('pgUrl');
const anna = { id: 9_200_001, first_name: 'Анна' };
const boris = { id: 9_200_002, first_name: 'Борис' };

describe.skipIf(!pgUrl)('erasing on one of two instances on one PostgreSQL database', () => {
  let a: FastifyInstance;
  let b: FastifyInstance;
  let secondHandle: Database;
  let pool: pg.Pool;
  let drop: () => Promise<void>;

  beforeEach(async () => {
    const fresh = await freshPostgres(pgUrl!);
    drop = fresh.drop;
    pool = fresh.database.client as pg.Pool;
    secondHandle = openPostgres(fresh.url, { max: 4 });
    a = await buildApp({ database: fresh.database, config: testConfig() });
    b = await buildApp({ database: secondHandle, config: testConfig() });
    await Promise.all([a.ready(), b.ready()]);
  });
  afterEach(async () => {
    await Promise.all([a.close(), b.close()]);
    await secondHandle.close();
    await drop();
  });

  const me = (app: FastifyInstance, initData: string) =>
    app.inject({ method: 'GET', url: '/api/users/me', headers: { 'x-init-data': initData } });
  const userId = async (telegramId: number) =>
    (await pool.query<{ id: number }>('select id from users where telegram_id = $1', [telegramId])).rows[0]!.id;
  /** Whether the instance's init-data cache still names this users.id. */
  const caches = (app: FastifyInstance, userId: number) =>
    [...app.initDataCache.values()].some((cached) => cached.user.id === userId);

  /** Signs in on both with the same init data, erases through A; B must then see the new account. */
  async function eraseThroughA() {
    const initData = signInitData(anna);
    expect((await me(a, initData)).statusCode).toBe(200);
    expect((await me(b, initData)).statusCode).toBe(200);
    const before = { id: await userId(anna.id) };
    expect(caches(b, before.id)).toBe(true);

    const erased = await a.inject({ method: 'DELETE', url: '/api/users/me', headers: { 'x-init-data': initData } });
    expect(erased.statusCode).toBe(204);
    // The notice is asynchronous: B forgets the account within moments, not after the cache's minute.
    await vi.waitFor(() => expect(caches(b, before.id)).toBe(false), { timeout: 3_000, interval: 20 });

    // Still cached, B would answer 404 for the user that is gone.
    expect((await me(b, initData)).statusCode).toBe(200);
    const after = await userId(anna.id);
    expect(after).not.toBe(before.id);
    expect(caches(b, after)).toBe(true);
    const settings = await b.inject({
      method: 'GET',
      url: '/api/users/me/settings',
      headers: { 'x-init-data': initData },
    });
    expect(settings.json().reminder_time).toBe('disabled'); // the erased account's mark moved into the new one
  }

  it('the other instance forgets its cached sign-ins of the erased account at once', async () => {
    await eraseThroughA();
  });

  it('a cut listening connection comes back, clears the cache (notices may be lost) and hears later erases', async () => {
    const listeners = async () =>
      (
        await pool.query<{ pid: number }>(
          `select pid from pg_stat_activity where datname = current_database() and application_name = 'listen erased_users'`,
        )
      ).rows.map((r) => r.pid);
    const before = await listeners();
    expect(before).toHaveLength(2); // one listening connection per instance
    const borisData = signInitData(boris);
    expect((await me(b, borisData)).statusCode).toBe(200);
    const borisId = await userId(boris.id);
    expect(caches(b, borisId)).toBe(true);

    // Cut both (which is which is not visible from here); each must come back with a new backend.
    await pool.query('select pg_terminate_backend(pid) from unnest($1::int[]) as pid', [before]);
    await vi.waitFor(
      async () => {
        const now = await listeners();
        expect(now).toHaveLength(2);
        for (const pid of before) expect(now).not.toContain(pid);
      },
      { timeout: 5_000, interval: 50 },
    );
    await vi.waitFor(() => expect(caches(b, borisId)).toBe(false), { timeout: 1_000, interval: 20 });

    await eraseThroughA();
  });
});
