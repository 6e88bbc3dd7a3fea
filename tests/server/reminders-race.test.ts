// Two server instances on one PostgreSQL database race for 1 000 due reminders: FOR UPDATE SKIP LOCKED shares them
// out, the day's delivery key lets one send through — each user gets exactly one message.
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { buildApp } from '../../server/app';
import { migrateDatabase, openPostgres, type Database } from '../../server/db';
import { openDataKeys } from '../../server/privacy/keys';
import { runDueReminders } from '../../server/reminders/scheduler';
import { startBotApi, type FakeBotApi } from '../support/bot-api';
import { testConfig } from './harness';

const pgUrl = inject('pgUrl');
const name = `race_${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
const USERS = 1000;

async function admin(statement: string) {
  const c = new pg.Client({ connectionString: pgUrl! });
  await c.connect();
  try {
    await c.query(statement);
  } finally {
    await c.end();
  }
}

describe.skipIf(!pgUrl)('two instances, one PostgreSQL, 1 000 due reminders', () => {
  const instances: Database[] = [];
  let api: FakeBotApi;
  beforeAll(async () => {
    api = await startBotApi();
    await admin(`create database ${name}`);
    const u = new URL(pgUrl!);
    u.pathname = `/${name}`;
    for (let i = 0; i < 2; i++) instances.push(openPostgres(u.toString(), { max: 6 }));
    await migrateDatabase(instances[0]!);
    for (const database of instances) await openDataKeys(database, testConfig());
  });
  afterAll(async () => {
    for (const d of instances) await d.close();
    await admin(`drop database if exists ${name} with (force)`);
    await api.close();
  });

  it('each is sent exactly once, and the work is shared', async () => {
    const { db } = instances[0]!;
    const now = new Date('2030-03-10T17:00:30Z'); // 20:00:30 in Moscow
    await db.execute(sql`
      insert into users (telegram_id, first_name, time_zone, bot_access)
      select 9000000 + g, 'Гость ' || g, 'Europe/Moscow', 'allowed' from generate_series(1, ${USERS}) g`);
    await db.execute(sql`
      insert into reminder_schedule (user_id, day, due_at)
      select id, '2030-03-10', ${new Date('2030-03-10T17:00:00Z')} from users`);
    const apps = await Promise.all(
      instances.map((database) => buildApp({ database, config: testConfig({ TELEGRAM_API_ROOT: api.url }) })),
    );
    try {
      const reports = await Promise.all(
        apps.map((app, i) =>
          runDueReminders({
            db: instances[i]!.db,
            bot: app.bot,
            config: app.config,
            log: app.log,
            now: () => now,
            messagesPerSecond: Infinity, // the race, not Telegram's pace, is what this measures
          }),
        ),
      );
      const chats = api.callsOf('sendMessage').map((m) => m.chat_id);
      expect(chats).toHaveLength(USERS);
      expect(new Set(chats).size).toBe(USERS);
      expect(reports.map((r) => r.sent ?? 0).reduce((a, b) => a + b)).toBe(USERS);
      for (const report of reports) expect(report.sent).toBeGreaterThan(0); // both took a share
      const { rows } = await (instances[1]!.client as pg.Pool).query(
        `select status, count(*)::int as n from reminder_deliveries group by status`,
      );
      expect(rows).toEqual([{ status: 'sent', n: USERS }]);
      // Everyone's next reminder is tomorrow's; nothing is left due today.
      expect(
        await Promise.all(
          apps.map((app, i) =>
            runDueReminders({ db: instances[i]!.db, bot: app.bot, config: app.config, log: app.log, now: () => now }),
          ),
        ),
      ).toEqual([{}, {}]);
    } finally {
      await Promise.all(apps.map((app) => app.close()));
    }
  }, 120_000);
});
