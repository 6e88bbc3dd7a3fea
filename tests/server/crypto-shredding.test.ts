// Erase means unreadable: each user's text is sealed with a key of their own, and erasing the account destroys it.
// After Anna erases her account, the database's raw bytes — PGlite's whole data directory with its write-ahead log,
// or on PostgreSQL every page of every table, dead rows included (pageinspect) — are searched for her words, and every
// sealed value in them is tried with every key the server holds (the master key, every user key left, and any user
// key a master key unwraps from those bytes): none of her text may come back. Boris, who stays, is the control: the
// same search reads his words, so it is able to. On PostgreSQL, across the erase, another session holds a snapshot
// from before it (as a concurrent request or an autoanalyze may), and a session of another database of the cluster a
// transaction begun before it (as a restore or another app may): a rewrite run while either lasts may copy her key into
// the new file — the second because every snapshot taken meanwhile, an autoanalyze's in her database too, counts that
// transaction as running. The erase must wait for both.
import type { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { expect, inject, it } from 'vitest';
import { userKeys } from '../../server/db/schema';
import { installedKeyRing } from '../../server/db/cipher';
import { sealedColumns } from '../../server/privacy/reseal';
import { unwrapKey } from '../../server/privacy/user-keys';
import {
  masterHeader,
  openEverything,
  sealedValuesIn,
  userHeader,
  walWithoutPageHeaders,
} from '../support/sealed-scan';
import { describeEachDatabase, TEST_DATA_KEY, type TestContext, type TgUser } from './harness';

const anna: TgUser = { id: 8_300_001, first_name: 'Анна' };
const boris: TgUser = { id: 8_300_002, first_name: 'Борис' };

/** What each writes; Anna's must be gone, Boris's must still be readable. */
const WORDS = {
  anna: {
    about: 'Анна: работаю медсестрой в хосписе 7731',
    title: 'Анна: заголовок про сестру 9137',
    diary: 'Анна: поссорилась с сестрой из-за наследства 4821',
    chat: 'Анна: никому не рассказывала про долги мужа 5523',
    feedback: 'Анна: дыхание помогло перед разговором с врачом 6612',
    plan: 'Анна: отдать таблетки соседке на хранение 2207',
  },
  boris: {
    about: 'Борис: учусь на вечернем 3310',
    title: 'Борис: заголовок про отпуск 3302',
    diary: 'Борис: запись про отпуск 3301',
    chat: 'Борис: боюсь летать на самолётах 3304',
    feedback: 'Борис: помогло перед полётом 3305',
    plan: 'Борис: позвонить брату 3306',
  },
};

async function write(t: TestContext, user: TgUser, words: (typeof WORDS)['anna']): Promise<void> {
  const call = (method: 'GET' | 'POST' | 'PATCH', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: t.headers(user), payload });
  expect((await call('PATCH', '/api/users/me/settings', { personal_context: words.about })).statusCode).toBe(200);
  expect((await call('POST', '/api/trial/activate')).statusCode).toBe(200);
  expect((await call('POST', '/api/diary/create', { title: words.title, content: words.diary })).statusCode).toBe(201);
  expect((await call('POST', '/api/chat/create-and-send', { content: words.chat })).statusCode).toBe(201);
  const started = await call('POST', '/api/practices/start', { practice_type: 'breathing_478' });
  const done = await call('POST', `/api/practices/${started.json().session_id}/complete`, {
    rating: 4,
    feedback: words.feedback,
  });
  expect(done.statusCode).toBe(200);
  const plan = await t.app.inject({
    method: 'PUT',
    url: '/api/safety-plan',
    headers: t.headers(user),
    payload: { plan: { safe_environment: [words.plan] }, base_revision: 0 },
  });
  expect(plan.statusCode).toBe(200);
}

/** The database's raw bytes: PGlite's files (WAL included, also without its page headers); PostgreSQL's pages. */
async function rawBytes(t: TestContext): Promise<Buffer[]> {
  if (t.kind === 'pglite') {
    const tar = Buffer.from(await (await (t.database.client as PGlite).dumpDataDir('none')).arrayBuffer());
    const chunks: Buffer[] = [tar];
    for (const { name, body } of tarFiles(tar)) if (name.includes('pg_wal/')) chunks.push(walWithoutPageHeaders(body));
    return chunks;
  }
  const client = t.database.client as pg.Pool;
  await client.query('create extension if not exists pageinspect');
  const { rows } = await client.query<{ page: Buffer }>(`
    select get_raw_page(c.oid::regclass::text, 'main', b) as page
    from pg_class c, generate_series(0, pg_relation_size(c.oid) / current_setting('block_size')::int - 1) b
    where c.relkind in ('r', 't') and c.relnamespace in ('public'::regnamespace, 'pg_toast'::regnamespace)`);
  return rows.map((r) => r.page);
}

/** Something held open now; `ending` resolves with the moment its end was asked for (an object: an awaited promise
 * would wait for it). Nothing can see it end before then; the erase may see it at once after, before the answer. */
interface Held {
  ending: Promise<number>;
}

/** Ends a session's transaction after `ms`. */
function endAfter(ms: number, end: () => Promise<unknown>): Held {
  return {
    ending: new Promise((resolve, reject) =>
      setTimeout(() => {
        const asked = performance.now();
        end().then(() => resolve(asked), reject);
      }, ms),
    ),
  };
}

/** Opens a snapshot in another session of this database now and ends it after `ms`. */
async function holdSnapshot(pool: pg.Pool, ms: number): Promise<Held> {
  const session = await pool.connect();
  await session.query('begin isolation level repeatable read');
  await session.query('select 1'); // the snapshot is taken here
  return endAfter(ms, () => session.query('commit').then(() => session.release()));
}

/** Begins a transaction with an id in the cluster's maintenance database now and commits it after `ms`. */
async function holdTransactionElsewhere(ms: number): Promise<Held> {
  const session = new pg.Client({ connectionString: inject('pgUrl')! });
  await session.connect();
  await session.query('begin');
  await session.query('select pg_current_xact_id()'); // the id is assigned here
  return endAfter(ms, () => session.query('commit').then(() => session.end()));
}

function* tarFiles(tar: Buffer): Generator<{ name: string; body: Buffer }> {
  for (let at = 0; at + 512 <= tar.length;) {
    const field = (from: number, length: number) =>
      tar
        .subarray(at + from, at + from + length)
        .toString('utf8')
        .replace(/\0.*$/s, '');
    const name = field(0, 100);
    if (!name) return;
    const size = parseInt(field(124, 12).trim() || '0', 8);
    yield { name, body: tar.subarray(at + 512, at + 512 + size) };
    at += 512 + Math.ceil(size / 512) * 512;
  }
}

describeEachDatabase('erase means unreadable (crypto-shredding)', (t) => {
  it('after an erase no byte of the database gives back the user’s text, whatever key the server holds', async () => {
    await write(t, anna, WORDS.anna);
    await write(t, boris, WORDS.boris);
    const annaId = await t.userId(anna.id);
    const borisId = await t.userId(boris.id);
    const older =
      t.kind === 'postgres'
        ? [await holdSnapshot(t.database.client as pg.Pool, 1_000), await holdTransactionElsewhere(1_500)]
        : [];
    const erase = await t.app.inject({ method: 'DELETE', url: '/api/users/me', headers: t.headers(anna) });
    const erased = performance.now();
    expect(erase.statusCode).toBe(204);
    // The rewrite waited for both to end.
    const ends = await Promise.all(older.map((h) => h.ending));
    expect(ends.filter((asked) => asked > erased)).toEqual([]);

    const bytes = await rawBytes(t);
    // Never in the clear: neither hers nor his.
    for (const text of [...Object.values(WORDS.anna), ...Object.values(WORDS.boris)])
      for (const chunk of bytes) expect(chunk.includes(Buffer.from(text)), text).toBe(false);

    const ring = installedKeyRing();
    const held = await t.database.db.select().from(userKeys);
    expect(held.map((k) => k.userId)).toEqual([borisId]); // her key is gone from the table
    const master = Buffer.from(TEST_DATA_KEY, 'base64');
    const headers = [masterHeader(master), userHeader(annaId), userHeader(borisId)];
    const opened = openEverything(
      bytes.flatMap((chunk) => sealedValuesIn(chunk, headers)),
      {
        masterKeys: [master],
        userKeys: held.map((k) => unwrapKey(ring, k.userId, k.wrapped)),
        aads: sealedColumns().map((c) => `${c.table}.${c.column}`),
        userIds: [annaId, borisId],
      },
    );
    const read = opened.join('\n');
    for (const text of Object.values(WORDS.boris)) expect(read, `the control: ${text}`).toContain(text);
    for (const text of Object.values(WORDS.anna)) expect(read, text).not.toContain(text);
  }, 120_000);
});
