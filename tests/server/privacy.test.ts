// The user's own data, on PGlite and PostgreSQL: encryption at rest (raw rows and a real dump hold no diary or chat
// text; rows from before encryption read and get sealed; a wrong key refuses; rotation), the export (every table of
// the schema is in a part; the document; the short-lived link), and erasing everything (one user's rows only;
// payments stay detached; the trial and today's quota survive a new sign-in, reminders stay off until chosen).
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import type { InjectOptions } from 'fastify';
import { eq, getTableName, is, sql } from 'drizzle-orm';
import { PgTable } from 'drizzle-orm/pg-core';
import type pg from 'pg';
import { describe, expect, it } from 'vitest';
import { findPgBin } from '../../scripts/pg-cluster';
import type { Database } from '../../server/db';
import * as schema from '../../server/db/schema';
import {
  chatMessages,
  chats,
  dailyUsage,
  dataEncryption,
  diaryCounters,
  diaryEntries,
  erasedAccounts,
  invoices,
  payments,
  practiceSessions,
  refunds,
  reminderDeliveries,
  reminderSchedule,
  subscriptionGrants,
  subscriptions,
  userKeys,
  userSettings,
  users,
  voiceTranscriptions,
} from '../../server/db/schema';
import { dataKey, installedKeyRing, seal, sealedFor, sealedWith } from '../../server/db/cipher';
import { exportLinkUser } from '../../server/privacy/export-link';
import { exportParts, NOT_EXPORTED } from '../../server/privacy/export';
import { DataKeyError, openDataKeys } from '../../server/privacy/keys';
import { sealedColumns } from '../../server/privacy/reseal';
import {
  describeEachDatabase,
  migratedPglite,
  TEST_DATA_KEY,
  testConfig,
  type TestContext,
  type TgUser,
} from './harness';

const anna: TgUser = { id: 8_200_001, first_name: 'Анна' };
const boris: TgUser = { id: 8_200_002, first_name: 'Борис' };

/** What Anna writes: none of it may be readable in the database. */
const SECRET = {
  title: 'Заголовок про сестру 9137',
  diary: 'Сегодня я поссорилась с сестрой из-за наследства 4821',
  chat: 'Никому не рассказывала про ремонт на даче 5523',
  about: 'Работаю медсестрой в хосписе 7731',
  feedback: 'Дыхание помогло перед разговором с врачом 6612',
  voice: 'Голосом рассказала про бессонницу 2291',
  checkIn: 'Заметка настроения про экзамен 4410',
};
const BORIS_DIARY = 'Запись Бориса про отпуск 3301';

const keyA = Buffer.from(TEST_DATA_KEY, 'base64');
const keyB = Buffer.alloc(32, 9);
const keyConfig = (current: Buffer | null, previous: Buffer[] = [], databaseUrl: string | null = null) => ({
  ...testConfig(),
  databaseUrl,
  dataEncryptionKey: current,
  dataEncryptionPreviousKeys: previous,
});

function calls(t: TestContext) {
  const call = (method: InjectOptions['method'], url: string, user: TgUser = anna, payload?: object) =>
    t.app.inject({ method, url, headers: t.headers(user), payload });
  return {
    call,
    /** A row in every table of the schema for `user`, through the API where there is one. */
    async fillEveryTable(user: TgUser, texts = SECRET) {
      expect((await call('GET', '/api/users/me', user)).statusCode).toBe(200);
      expect((await call('PATCH', '/api/users/me/settings', user, { personal_context: texts.about })).statusCode).toBe(
        200,
      );
      expect((await call('POST', '/api/trial/activate', user)).statusCode).toBe(200); // subscription + grant
      const entry = await call('POST', '/api/diary/create', user, {
        title: texts.title,
        content: texts.diary,
        is_favorite: true,
      });
      expect(entry.statusCode).toBe(201); // entry, counters, daily usage
      expect((await call('POST', '/api/chat/create-and-send', user, { content: texts.chat })).statusCode).toBe(201);
      expect((await call('PUT', '/api/checkin/today', user, { mood: 'good', note: texts.checkIn })).statusCode).toBe(
        200,
      );
      const started = await call('POST', '/api/practices/start', user, { practice_type: 'breathing_478' });
      const sessionId = started.json().session_id as string;
      expect(
        (await call('POST', `/api/practices/${sessionId}/complete`, user, { rating: 5, feedback: texts.feedback }))
          .statusCode,
      ).toBe(200);
      // The billing records the bot writes (tests/server/payments.test.ts drives the bot itself).
      const userId = await t.userId(user.id);
      const db = t.database.db;
      const [invoice] = await db
        .insert(invoices)
        .values({
          userId,
          tier: 'PRO',
          months: 1,
          method: 'stars',
          currency: 'XTR',
          amount: 200,
          status: 'paid',
          expiresAt: new Date(),
        })
        .returning();
      const [payment] = await db
        .insert(payments)
        .values({
          telegramPaymentChargeId: `charge-${user.id}`,
          invoiceId: invoice!.id,
          userId,
          telegramUserId: user.id,
          tier: 'PRO',
          months: 1,
          currency: 'XTR',
          amount: 200,
        })
        .returning();
      await db
        .insert(refunds)
        .values({ paymentId: payment!.id, telegramPaymentChargeId: `charge-${user.id}`, currency: 'XTR', amount: 200 });
      // A recording transcribed within the hour its row lives (tests/server/voice.test.ts drives the route), and the
      // reminders' rows (tests/server/reminders.test.ts drives the scheduler).
      await t.asUser(user.id, () =>
        db.insert(voiceTranscriptions).values({
          userId,
          audioSha256: 'a'.repeat(64),
          seconds: 3,
          day: '2030-03-10',
          status: 'done',
          text: texts.voice,
        }),
      );
      await db.insert(reminderSchedule).values({ userId, day: '2030-03-11', dueAt: new Date('2030-03-11T17:00:00Z') });
      await db.insert(reminderDeliveries).values({ userId, day: '2030-03-10', status: 'sent', attempts: 1 });
      return { userId, entryId: entry.json().id as string };
    },
  };
}

const tables = () => Object.values(schema).filter((v) => is(v, PgTable)) as PgTable[];

async function rawRows(database: Database, query: ReturnType<typeof sql>) {
  return ((await database.db.execute(query)) as unknown as { rows: Array<Record<string, unknown>> }).rows;
}

/** Every sealed value in the database, raw: every sealed column of the schema (as the start-up re-seal finds them). */
async function sealedValues(database: Database): Promise<Buffer[]> {
  const selects = sealedColumns().map(
    ({ table, column }) => sql`select ${sql.identifier(column)} as v from ${sql.identifier(table)}`,
  );
  const rows = await rawRows(database, sql.join(selects, sql` union all `));
  return rows
    .map((r) => r.v)
    .filter((v) => v !== null)
    .map((v) => Buffer.from(v as Uint8Array));
}

/**
 * The bytes of a database dump: pg_dump's text of the PostgreSQL database, or PGlite's whole data directory (a tar),
 * write-ahead log included unless `wal: false`.
 */
async function dump(t: TestContext, { wal = true } = {}): Promise<Buffer> {
  if (t.kind === 'pglite') {
    await t.database.db.execute(sql`checkpoint`); // what is only in the log so far reaches the data files
    const blob = await (t.database.client as PGlite).dumpDataDir('none');
    const tar = Buffer.from(await blob.arrayBuffer());
    return wal ? tar : withoutWal(tar);
  }
  const url = (t.database.client as pg.Pool).options.connectionString!;
  return execFileSync(join(findPgBin()!, 'pg_dump'), ['--no-owner', `--dbname=${url}`], { maxBuffer: 64 << 20 });
}

/** The tar's files outside pg_wal/, concatenated. */
function withoutWal(tar: Buffer): Buffer {
  const files: Buffer[] = [];
  for (let at = 0; at + 512 <= tar.length;) {
    const name = tar
      .subarray(at, at + 100)
      .toString('utf8')
      .replace(/\0.*$/s, '');
    if (!name) break;
    const size = parseInt(
      tar
        .subarray(at + 124, at + 136)
        .toString('utf8')
        .replace(/\0.*$/s, '')
        .trim() || '0',
      8,
    );
    if (!name.includes('pg_wal/')) files.push(tar.subarray(at + 512, at + 512 + size));
    at += 512 + Math.ceil(size / 512) * 512;
  }
  return Buffer.concat(files);
}

/** Whether the dump holds `text` as UTF-8 or as the hex of a bytea (how pg_dump writes one). */
const holds = (bytes: Buffer, text: string) =>
  bytes.includes(Buffer.from(text)) || bytes.includes(Buffer.from(Buffer.from(text).toString('hex')));

describe('the export covers the schema', () => {
  it('every table of server/db/schema.ts is in an export part or named as holding nothing of an account', () => {
    const covered = new Set([...exportParts.flatMap((p) => p.tables), ...NOT_EXPORTED.map((n) => n.table)]);
    const missing = tables()
      .filter((table) => !covered.has(table))
      .map(getTableName);
    expect(missing, 'add a part to exportParts (server/privacy/export.ts) for each').toEqual([]);
    const inParts = exportParts.flatMap((p) => p.tables);
    expect(new Set(inParts).size, 'a table in two parts').toBe(inParts.length);
    expect(new Set(exportParts.map((p) => p.key)).size).toBe(exportParts.length);
  });
});

describe('data keys without a database', () => {
  it('PostgreSQL without DATA_ENCRYPTION_KEY refuses to start, saying what to set', async () => {
    const database = await migratedPglite(); // never reached: the key is checked first
    try {
      await expect(openDataKeys(database, keyConfig(null, [], 'postgres://nowhere/db'))).rejects.toThrow(
        /DATA_ENCRYPTION_KEY is required with DATABASE_URL.*openssl rand -base64 32/s,
      );
    } finally {
      await database.close();
      await openDataKeys(await migratedPglite(), keyConfig(keyA)); // the test key again for the rest of the file
    }
  });

  it('PGlite without DATA_ENCRYPTION_KEY: a key file made once beside DATA_DIR (0600) and used from then on', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'data-key-'));
    const database = await migratedPglite();
    try {
      const file = join(dir, 'data.key');
      const config = { ...keyConfig(null), dataDir: join(dir, 'data'), dataKeyFile: file };
      const first = await openDataKeys(database, config);
      expect(first.generatedKeyFile).toBe(file);
      expect(statSync(file).mode & 0o777).toBe(0o600);
      const key = Buffer.from(readFileSync(file, 'utf8').trim(), 'base64');
      expect(first.current).toBe(dataKey(key).name);
      const again = await openDataKeys(database, config);
      expect(again).toMatchObject({ generatedKeyFile: null, current: first.current, resealed: 0 });
    } finally {
      await database.close();
      rmSync(dir, { recursive: true, force: true });
      await openDataKeys(await migratedPglite(), keyConfig(keyA));
    }
  });
});

describeEachDatabase('own data', (t) => {
  describe('encryption at rest', () => {
    it('raw rows hold no diary, chat, «Обо мне» or comment text, and the API reads it all back', async () => {
      const { entryId, userId } = await calls(t).fillEveryTable(anna);
      const values = await sealedValues(t.database);
      expect(values.length).toBeGreaterThanOrEqual(9); // title, content, topic, preview, 2 messages, about, feedback, note
      for (const value of values) {
        expect(sealedFor(value), 'every value sealed with its user’s own key').toBe(userId);
        for (const text of Object.values(SECRET)) expect(holds(value, text)).toBe(false);
      }
      // The user's key is wrapped with the master key; the master key seals no one's text itself.
      const [wrapped] = await t.database.db.select().from(userKeys);
      expect(sealedWith(wrapped!.wrapped)).toBe(installedKeyRing().current.name);
      const { call } = calls(t);
      expect((await call('GET', `/api/diary/${entryId}`)).json()).toMatchObject({
        title: SECRET.title,
        content: SECRET.diary,
      });
      const [chat] = (await call('GET', '/api/chat/list')).json().chats;
      expect(chat).toMatchObject({
        topic: expect.stringContaining('Никому'),
        last_message_preview: expect.any(String),
      });
      const messages = (await call('GET', `/api/chat/${chat.id}/messages?latest=true`)).json().messages;
      expect(messages[0].content).toBe(SECRET.chat);
      expect((await call('GET', '/api/users/me/settings')).json().personal_context).toBe(SECRET.about);
    });

    it('a real dump of the database has none of the diary or chat text (and does have the unsealed name)', async () => {
      await calls(t).fillEveryTable(anna);
      const bytes = await dump(t);
      expect(holds(bytes, 'Анна'), 'the dump is searchable: the profile name is in it').toBe(true);
      for (const [what, text] of Object.entries(SECRET)) expect(holds(bytes, text), what).toBe(false);
    });

    it('rows written before encryption read as they are and are sealed by the next start', async () => {
      const { call } = calls(t);
      await call('GET', '/api/users/me');
      await t.setTier(anna.id, 'PRO');
      const userId = await t.userId(anna.id);
      // As migration 0006 leaves them: the text's UTF-8 bytes.
      await t.database.db.execute(
        sql`insert into diary_entries (user_id, title, content) values (${userId}, convert_to('Старый заголовок', 'UTF8'), convert_to(${SECRET.diary}, 'UTF8'))`,
      );
      const list = () => call('GET', '/api/diary/list').then((r) => r.json().entries);
      expect(await list()).toMatchObject([{ title: 'Старый заголовок', content: SECRET.diary }]);
      // The write-ahead log keeps the history of those plain rows (PGlite's dump has it; pg_dump does not): the
      // promise is about the tables, which the job rewrites — older WAL and backups are the operator's to retire.
      const tables = () => dump(t, { wal: false });
      expect(holds(await tables(), SECRET.diary)).toBe(true);
      // The first start after the migration: no key check yet, so every value is looked at.
      await t.database.db.delete(dataEncryption);
      const opened = await openDataKeys(t.database, keyConfig(keyA));
      expect(opened.resealed).toBe(2);
      expect(await list()).toMatchObject([{ title: 'Старый заголовок', content: SECRET.diary }]);
      expect(holds(await tables(), SECRET.diary)).toBe(false);
      expect((await openDataKeys(t.database, keyConfig(keyA))).resealed).toBe(0); // settled: nothing scanned
    });

    it('text sealed with the master key itself (before per-user keys) moves under its user’s key at start', async () => {
      const { call } = calls(t);
      await call('GET', '/api/users/me');
      await t.setTier(anna.id, 'PRO');
      const userId = await t.userId(anna.id);
      // As the previous version sealed it: with the master key, the column's name as additional data.
      const legacy = seal(installedKeyRing(), SECRET.diary, 'diary_entries.content');
      await t.database.db.execute(
        sql`insert into diary_entries (user_id, content) values (${userId}, ${legacy}::bytea)`,
      );
      const list = () => call('GET', '/api/diary/list').then((r) => r.json().entries);
      expect(await list()).toMatchObject([{ content: SECRET.diary }]); // readable meanwhile
      // Migration 0010 put 'plain' into the key list, so the next start looks.
      await t.database.db.update(dataEncryption).set({ keysInUse: ['plain', dataKey(keyA).name] });
      expect((await openDataKeys(t.database, keyConfig(keyA))).resealed).toBe(1);
      const [value] = await sealedValues(t.database);
      expect(sealedFor(value!)).toBe(userId);
      expect(await list()).toMatchObject([{ content: SECRET.diary }]);
      // That start found some, so the next one looks again (an instance of the earlier version may have written
      // meanwhile); it finds none and the list settles.
      expect((await openDataKeys(t.database, keyConfig(keyA))).resealed).toBe(0);
      expect((await t.database.db.select().from(dataEncryption))[0]!.keysInUse).toEqual([dataKey(keyA).name]);
    });

    it('a wrong key refuses with a message naming both keys; rotation re-wraps the users’ keys only', async () => {
      const { entryId, userId } = await calls(t).fillEveryTable(anna);
      await calls(t).fillEveryTable(boris, { ...SECRET, diary: BORIS_DIARY });
      const a = dataKey(keyA).name;
      const b = dataKey(keyB).name;
      await expect(openDataKeys(t.database, keyConfig(keyB))).rejects.toThrow(DataKeyError);
      await expect(openDataKeys(t.database, keyConfig(keyB))).rejects.toThrow(
        new RegExp(`does not fit this database: its data is sealed with key ${a}, and the configured key is ${b}`),
      );
      const before = await sealedValues(t.database);
      const rotated = await openDataKeys(t.database, keyConfig(keyB, [keyA]));
      expect(rotated).toMatchObject({ current: b, rewrapped: 2, resealed: 0, retired: [a] });
      const wrapped = await t.database.db.select().from(userKeys);
      expect(wrapped.map((k) => sealedWith(k.wrapped))).toEqual([b, b]);
      // The text itself is untouched: still sealed with each user's own key, byte for byte.
      const after = await sealedValues(t.database);
      expect(after.map((v) => v.toString('hex')).sort()).toEqual(before.map((v) => v.toString('hex')).sort());
      expect(after.filter((v) => sealedFor(v) === userId).length).toBeGreaterThanOrEqual(8);
      const [row] = await t.database.db.select().from(dataEncryption);
      expect(row!.keysInUse).toEqual([b]);
      expect((await calls(t).call('GET', `/api/diary/${entryId}`)).json().content).toBe(SECRET.diary);
      // The previous key may go now; the old one alone no longer opens this database.
      expect(await openDataKeys(t.database, keyConfig(keyB))).toMatchObject({ rewrapped: 0, resealed: 0 });
      await expect(openDataKeys(t.database, keyConfig(keyA))).rejects.toThrow(new RegExp(`sealed with key ${b}`));
      expect((await calls(t).call('GET', `/api/diary/${entryId}`)).json().content).toBe(SECRET.diary);
      await openDataKeys(t.database, keyConfig(keyB)); // leave the database's key installed for the cleanup
    });
  });

  describe('export', () => {
    it('GET /api/users/me/export: every part, as a file, with nobody else’s data', async () => {
      const { call } = calls(t);
      await calls(t).fillEveryTable(boris, { ...SECRET, diary: BORIS_DIARY });
      await calls(t).fillEveryTable(anna);
      const res = await call('GET', '/api/users/me/export');
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-disposition']).toMatch(/^attachment; filename="my-data-\d{4}-\d{2}-\d{2}\.json"$/);
      expect(res.headers['cache-control']).toBe('no-store');
      const doc = res.json();
      expect(Object.keys(doc)).toEqual(['format', 'exported_at', ...exportParts.map((p) => p.key)]);
      expect(doc.profile).toMatchObject({
        telegram_id: anna.id,
        first_name: 'Анна',
        trial_used_at: expect.any(String),
      });
      expect(doc.profile).not.toHaveProperty('id');
      expect(doc.settings).toMatchObject({ personal_context: SECRET.about });
      expect(doc.subscription).toMatchObject({ tier: 'PREMIUM', source: 'trial' });
      expect(doc.usage).toEqual(expect.arrayContaining([expect.objectContaining({ kind: 'diary_entries', used: 1 })]));
      expect(doc.diary.entries).toEqual([expect.objectContaining({ title: SECRET.title, content: SECRET.diary })]);
      expect(doc.diary.counters).toEqual({ total: 1, favorites: 1 });
      expect(doc.check_ins).toEqual([expect.objectContaining({ mood: 'good', note: SECRET.checkIn })]);
      expect(doc.chats).toHaveLength(1);
      expect(doc.chats[0].messages.map((m: { role: string }) => m.role)).toEqual(['user', 'assistant']);
      expect(doc.chats[0].messages[0].content).toBe(SECRET.chat);
      expect(doc.practices).toEqual([
        expect.objectContaining({ practice_type: 'breathing_478', rating: 5, feedback: SECRET.feedback }),
      ]);
      expect(doc.voice).toEqual([expect.objectContaining({ seconds: 3, status: 'done', text: SECRET.voice })]);
      expect(doc.activity_days).toHaveLength(1);
      expect(doc.reminders).toEqual({
        next: expect.objectContaining({ day: '2030-03-11' }),
        sent: [expect.objectContaining({ day: '2030-03-10', status: 'sent' })],
      });
      for (const key of ['grants', 'invoices', 'payments', 'refunds']) expect(doc.payments[key], key).toHaveLength(1);
      expect(res.body).not.toContain(BORIS_DIARY);
      expect(res.body).not.toContain('user_id');
    });

    it('the short-lived link downloads the same document without init data; forged or expired links are 404', async () => {
      const { call } = calls(t);
      await calls(t).fillEveryTable(anna);
      const link = (await call('POST', '/api/users/me/export-link')).json();
      expect(link.path).toMatch(/^\/api\/export\/\d+\.\d+\.[A-Za-z0-9_-]{24}$/);
      expect(new Date(link.expires_at).getTime() - Date.now()).toBeGreaterThan(590_000);
      const res = await t.app.inject({ method: 'GET', url: link.path });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-disposition']).toMatch(/^attachment; filename="my-data-/);
      // The same document (each signed request of the test refreshes the profile's updated_at: leave it out).
      type Doc = { exported_at: string; profile: { updated_at: string } };
      const comparable = ({ exported_at: _, profile: { updated_at: __, ...profile }, ...rest }: Doc) => ({
        profile,
        ...rest,
      });
      expect(comparable(res.json())).toEqual(comparable((await call('GET', '/api/users/me/export')).json()));

      const token = link.path.split('/').at(-1) as string;
      const [user, expiry, signature] = token.split('.');
      const other = String((await t.userId(anna.id)) + 1);
      for (const forged of [
        `${other}.${expiry}.${signature}`,
        `${user}.${Number(expiry) + 60}.${signature}`,
        'x',
        `${user}.${expiry}.${'A'.repeat(24)}`,
      ]) {
        const r = await t.app.inject({ method: 'GET', url: `/api/export/${forged}` });
        expect(r.statusCode, forged).toBe(404);
        expect(r.json().detail).toBe('Ссылка на файл с данными недействительна или устарела');
      }
      expect(exportLinkUser(token, new Date(Date.now() + 601_000))).toBeNull();
      expect(exportLinkUser(token)).toBe(await t.userId(anna.id));
    });
  });

  describe('erase everything', () => {
    it('DELETE /api/users/me erases every row of the user and nothing of anyone else; payments stay detached', async () => {
      const { call } = calls(t);
      await calls(t).fillEveryTable(boris, { ...SECRET, diary: BORIS_DIARY });
      const { userId } = await calls(t).fillEveryTable(anna);
      const db = t.database.db;
      const count = async () =>
        Object.fromEntries(
          await Promise.all(
            tables().map(
              async (table) =>
                [getTableName(table), (await db.select({ n: sql<number>`count(*)::int` }).from(table))[0]!.n] as const,
            ),
          ),
        );
      const before = await count();

      const res = await call('DELETE', '/api/users/me');
      expect(res.statusCode).toBe(204);
      expect(res.body).toBe('');
      const after = await count();
      // Each table lost exactly Anna's rows (the fill made one or two of each); payments and refunds stay.
      expect(after).toEqual({
        ...before,
        users: before.users! - 1,
        user_settings: before.user_settings! - 1,
        subscriptions: before.subscriptions! - 1,
        daily_usage: before.daily_usage! - 2, // diary entries and tokens
        diary_entries: before.diary_entries! - 1,
        diary_counters: before.diary_counters! - 1,
        chats: before.chats! - 1,
        chat_messages: before.chat_messages! - 2,
        practice_sessions: before.practice_sessions! - 1,
        invoices: before.invoices! - 1,
        subscription_grants: before.subscription_grants! - 1,
        activity_days: before.activity_days! - 1, // the day of the check-in, diary entry, chat and practice
        check_ins: before.check_ins! - 1,
        voice_transcriptions: before.voice_transcriptions! - 1,
        reminder_schedule: before.reminder_schedule! - 1,
        reminder_deliveries: before.reminder_deliveries! - 1,
        user_keys: before.user_keys! - 1, // her key: what is left of her text opens no more
        erased_accounts: 1,
      });
      for (const table of [
        userSettings,
        subscriptions,
        dailyUsage,
        diaryEntries,
        diaryCounters,
        chats,
        practiceSessions,
        subscriptionGrants,
        invoices,
      ])
        expect(await db.select().from(table).where(eq(table.userId, userId)), getTableName(table)).toEqual([]);
      expect(await db.select().from(chatMessages).where(eq(chatMessages.userId, userId))).toEqual([]);
      expect(await db.select().from(payments).where(eq(payments.telegramUserId, anna.id))).toEqual([
        expect.objectContaining({ userId: null, invoiceId: null, telegramPaymentChargeId: `charge-${anna.id}` }),
      ]);
      // What is kept names no one: no Telegram id, no name, no text.
      const [kept] = await db.select().from(erasedAccounts);
      expect(kept!.telegramRef).toHaveLength(32);
      expect(JSON.stringify(kept)).not.toContain(String(anna.id));
      expect(kept!.usage).toEqual(
        expect.arrayContaining([expect.objectContaining({ kind: 'diary_entries', used: 1 })]),
      );
      // Boris still has everything.
      expect((await call('GET', '/api/diary/list', boris)).json().entries).toEqual([
        expect.objectContaining({ content: BORIS_DIARY }),
      ]);
    });

    it('signing in again is a new account, with the trial used and today’s spent quota still spent', async () => {
      const { call } = calls(t);
      await calls(t).fillEveryTable(anna);
      const usage = (await call('GET', '/api/subscriptions/usage')).json();
      const firstVisit = (await call('GET', '/api/users/me')).json().created_at;
      expect((await call('DELETE', '/api/users/me')).statusCode).toBe(204);

      // The same init data right away: the cached sign-in is gone, so this is a new account, not a 404.
      const me = await call('GET', '/api/users/me');
      expect(me.statusCode).toBe(200);
      expect(me.json().created_at >= firstVisit).toBe(true);
      expect((await call('GET', '/api/trial/status')).json()).toEqual({ available: false, days: 7 });
      expect((await call('POST', '/api/trial/activate')).statusCode).toBe(409);
      const again = (await call('GET', '/api/subscriptions/usage')).json();
      expect(again).toMatchObject({
        tier: 'START',
        diary_entries_used: usage.diary_entries_used,
        tokens_used: usage.tokens_used,
      });
      expect(usage.tokens_used).toBeGreaterThan(0);
      expect((await call('GET', '/api/diary/list')).json().entries).toEqual([]);
      expect((await call('GET', '/api/chat/list')).json().chats).toEqual([]);
      expect((await call('GET', '/api/users/me/settings')).json().personal_context).toBeNull();
      expect(await t.database.db.select().from(erasedAccounts)).toEqual([]); // moved back into the account
    });

    it('with no trial and nothing spent only the mark is kept; a second erase is harmless', async () => {
      const { call } = calls(t);
      await call('GET', '/api/users/me', boris);
      expect((await call('DELETE', '/api/users/me', boris)).statusCode).toBe(204);
      expect(await t.database.db.select().from(erasedAccounts)).toEqual([
        { telegramRef: expect.any(Buffer), trialUsed: false, usage: [] },
      ]);
      expect(await t.database.db.select().from(users)).toEqual([]);
      expect((await call('GET', '/api/trial/status', boris)).json().available).toBe(true);
    });

    it('the bot stays silent after an erase until a reminder time is chosen again; new users get the evening', async () => {
      const { call } = calls(t);
      const writes = { ...anna, allows_write_to_pm: true };
      const schedule = async () => t.database.db.select().from(reminderSchedule);
      expect((await call('GET', '/api/users/me/settings', writes)).json().reminder_time).toBe('evening');
      expect(await schedule()).toHaveLength(1); // the default, as for every new user the bot may write to
      expect((await call('DELETE', '/api/users/me', writes)).statusCode).toBe(204);

      // The app signs in again right away, with the same init data (allows_write_to_pm included).
      expect((await call('GET', '/api/users/me/settings', writes)).json().reminder_time).toBe('disabled');
      expect(await schedule()).toEqual([]);
      const chosen = await call('PATCH', '/api/users/me/settings', writes, { reminder_time: 'morning' });
      expect(chosen.json().reminder_time).toBe('morning');
      expect(await schedule()).toEqual([expect.objectContaining({ userId: await t.userId(anna.id) })]);
    });

    it('an export link made before the erasure downloads nothing after it', async () => {
      const { call } = calls(t);
      await calls(t).fillEveryTable(anna);
      const { path } = (await call('POST', '/api/users/me/export-link')).json();
      await call('DELETE', '/api/users/me');
      expect((await t.app.inject({ method: 'GET', url: path })).statusCode).toBe(404);
    });
  });
});
