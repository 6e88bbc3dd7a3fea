// Several server instances on one PostgreSQL database: concurrent start-up migrations (advisory lock), the same
// user signing in on two instances at once, and daily quotas that hold across instances.
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { buildApp } from '../../server/app';
import { overrideDailyLimit, clearDailyLimitOverrides } from '../../server/billing/plans';
import { spendDaily } from '../../server/billing/quota';
import { migrateDatabase, openPostgres, type Database } from '../../server/db';
import { openDataKeys } from '../../server/privacy/keys';
import { signInitData, testConfig } from './harness';

const pgUrl = inject('pgUrl');
const name = `scale_${process.pid}_${Math.random().toString(36).slice(2, 8)}`;

async function admin(sql: string) {
  const c = new pg.Client({ connectionString: pgUrl! });
  await c.connect();
  try {
    await c.query(sql);
  } finally {
    await c.end();
  }
}

describe.skipIf(!pgUrl)('several instances on one PostgreSQL database', () => {
  const instances: Database[] = [];
  beforeAll(async () => {
    await admin(`create database ${name}`);
    const u = new URL(pgUrl!);
    u.pathname = `/${name}`;
    for (let i = 0; i < 3; i++) instances.push(openPostgres(u.toString(), { max: 10 }));
  });
  afterAll(async () => {
    clearDailyLimitOverrides();
    for (const d of instances) await d.close();
    await admin(`drop database if exists ${name} with (force)`);
  });

  it('three instances migrating an empty database and checking the data key at the same time all succeed', async () => {
    await Promise.all(instances.map((d) => migrateDatabase(d)));
    const { rows } = await (instances[0]!.client as pg.Pool).query(
      'select count(*)::int as n from drizzle.__drizzle_migrations',
    );
    expect(rows[0].n).toBeGreaterThan(0);
    // One key check for all of them (the first to take the lock writes it, the others find it).
    const opened = await Promise.all(instances.map((d) => openDataKeys(d, testConfig())));
    expect(new Set(opened.map((o) => o.current)).size).toBe(1);
    const keys = await (instances[0]!.client as pg.Pool).query('select keys_in_use from data_encryption');
    expect(keys.rows).toEqual([{ keys_in_use: [opened[0]!.current] }]);
  });

  it('one user signing in on two instances at once gets one row; quotas hold across instances', async () => {
    const [a, b] = await Promise.all(
      instances.slice(0, 2).map((database) => buildApp({ database, config: testConfig() })),
    );
    try {
      const user = { id: 9_100_001, first_name: 'Вера' };
      const headers = { 'x-init-data': signInitData(user) };
      const res = await Promise.all(
        Array.from({ length: 10 }, (_, i) =>
          (i % 2 ? a! : b!).inject({ method: 'GET', url: '/api/users/me', headers }),
        ),
      );
      expect(res.map((r) => r.statusCode)).toEqual(Array(10).fill(200));
      const pool = instances[0]!.client as pg.Pool;
      const { rows } = await pool.query('select id from users where telegram_id = $1', [user.id]);
      expect(rows).toHaveLength(1);
      await pool.query(
        `insert into subscriptions (user_id, tier, expires_at, source) values ($1, 'PRO', now() + interval '1 day', 'manual')`,
        [rows[0].id],
      );
      overrideDailyLimit('PRO', 'voice_seconds', 20);
      const spends = await Promise.all(
        Array.from({ length: 50 }, (_, i) =>
          spendDaily(instances[i % 3]!.db, {
            userId: rows[0].id,
            kind: 'voice_seconds',
            amount: 1,
            timeZone: 'Europe/Moscow',
          }),
        ),
      );
      expect(spends.filter((s) => s.ok)).toHaveLength(20);
      const usage = await a!.inject({ method: 'GET', url: '/api/subscriptions/usage', headers });
      expect(usage.json()).toMatchObject({ voice_seconds_used: 20, voice_seconds_limit: 20 });
    } finally {
      await a!.close();
      await b!.close();
    }
  });
});
