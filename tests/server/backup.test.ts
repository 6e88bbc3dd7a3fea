// `npm run backup` / `npm run restore` as an operator runs them (the scripts as processes): a PostgreSQL backup
// restored into a fresh cluster and a PGlite backup restored into a new directory both give a user's diary back to
// the app — with the same key, kept apart: neither backup holds the master key. A restore never overwrites data,
// and a PGlite backup waits for the server to be stopped.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { buildApp } from '../../server/app';
import { migrateDatabase, openDatabase, openPostgres, type Database } from '../../server/db';
import { openDataKeys } from '../../server/privacy/keys';
import { acquirePidLock } from '../../server/start/lock';
import { findPgBin, startTempCluster, type TempCluster } from '../../scripts/pg-cluster';
import { tarEntries } from '../../scripts/backups';
import { freshPostgres, migratedPgliteAt, signInitData, TEST_DATA_KEY, testConfig } from './harness';

const root = join(import.meta.dirname, '..', '..');
const pgUrl = inject('pgUrl');
const work = mkdtempSync(join(tmpdir(), 'backup-test-'));
const vera = { id: 9_300_001, first_name: 'Вера' };
const ENTRY = 'Сегодня наконец выспалась и погуляла у реки 3391';

/** `npm run <script> -- <args>` with this environment only (no .env of the worktree). */
function npmRun(script: 'backup' | 'restore', args: string[], env: Record<string, string>) {
  const res = spawnSync(process.execPath, ['--import', 'tsx', `scripts/${script}.ts`, ...args], {
    cwd: root,
    env: { PATH: process.env.PATH, HOME: process.env.HOME, ...env },
    encoding: 'utf8',
  });
  return { code: res.status, output: `${res.stdout}${res.stderr}` };
}

/** Vera writes her entry through the app. */
async function write(database: Database, env: Record<string, string>) {
  const app = await buildApp({ database, config: testConfig(env) });
  try {
    const headers = { 'x-init-data': signInitData(vera), 'x-time-zone': 'Europe/Moscow' };
    expect((await app.inject({ method: 'POST', url: '/api/trial/activate', headers })).statusCode).toBe(200);
    const res = await app.inject({ method: 'POST', url: '/api/diary/create', headers, payload: { content: ENTRY } });
    expect(res.statusCode).toBe(201);
  } finally {
    await app.close();
  }
}

/** What the app shows Vera as her diary. */
async function diaryOf(database: Database, env: Record<string, string>): Promise<string[]> {
  const app = await buildApp({ database, config: testConfig(env) });
  try {
    const headers = { 'x-init-data': signInitData(vera), 'x-time-zone': 'Europe/Moscow' };
    const res = await app.inject({ method: 'GET', url: '/api/diary/list', headers });
    expect(res.statusCode).toBe(200);
    return (res.json().entries as Array<{ content: string }>).map((e) => e.content);
  } finally {
    await app.close();
  }
}

afterAll(() => rmSync(work, { recursive: true, force: true }));

describe.skipIf(!pgUrl)('PostgreSQL: pg_dump, restored into a fresh cluster', () => {
  let cluster: TempCluster | undefined;
  afterAll(() => cluster?.stop());

  it('gives the diary back with the same key; the dump holds no key; a non-empty database is refused', async () => {
    const source = await freshPostgres(pgUrl!);
    try {
      await write(source.database, {});
      const file = join(work, 'pg', 'wellbeing.dump');
      const env = { DATABASE_URL: source.url, DATA_ENCRYPTION_KEY: TEST_DATA_KEY };
      const backup = npmRun('backup', [file], env);
      expect(backup.code, backup.output).toBe(0);
      expect(backup.output).toContain(`Резервная копия: ${file}`);
      expect(backup.output).toMatch(/Ключа шифрования в ней нет — храните его копию отдельно/);
      expect(statSync(file).mode & 0o777).toBe(0o600);
      const dump = readFileSync(file);
      expect(dump.subarray(0, 5).toString('latin1')).toBe('PGDMP');
      expect(dump.includes(TEST_DATA_KEY)).toBe(false);
      expect(dump.includes(Buffer.from(TEST_DATA_KEY, 'base64'))).toBe(false);
      expect(dump.includes(ENTRY)).toBe(false); // sealed

      cluster = await startTempCluster(findPgBin()!);
      const restore = npmRun('restore', [file], { DATABASE_URL: cluster.url });
      expect(restore.code, restore.output).toBe(0);
      expect(restore.output).toMatch(/Сервер откроет данные только с тем же ключом шифрования/);
      const restored = openPostgres(cluster.url, { max: 2 });
      try {
        await migrateDatabase(restored); // nothing to do: the backup has every migration
        await openDataKeys(restored, testConfig());
        expect(await diaryOf(restored, {})).toEqual([ENTRY]);
      } finally {
        await restored.close();
      }
      const again = npmRun('restore', [file], { DATABASE_URL: cluster.url });
      expect(again.code).toBe(1);
      expect(again.output).toMatch(/восстановление идёт только в пустую базу/);
    } finally {
      await source.drop();
    }
  }, 120_000);
});

describe('PGlite: a copy of the stopped data directory, restored after the directory was lost', () => {
  it('gives the diary back with the key file kept apart; the copy holds no key; refused while the server runs', async () => {
    const dataDir = join(work, 'data');
    const config = testConfig({ DATA_DIR: dataDir, DATA_ENCRYPTION_KEY: '' }); // the key generated into DATA_DIR
    // What is tested is the backup, not a first boot (main.test.ts): the migrated template, no initdb.
    const database = await migratedPgliteAt(dataDir);
    await migrateDatabase(database);
    const keys = await openDataKeys(database, config);
    expect(keys.generatedKeyFile).toBe(config.dataKeyFile);
    await write(database, { DATA_DIR: dataDir, DATA_ENCRYPTION_KEY: '' });
    await database.close();
    const key = readFileSync(config.dataKeyFile, 'utf8').trim();

    const file = join(work, 'pglite.tar.gz');
    const lock = acquirePidLock(dataDir); // the server is running
    const refused = npmRun('backup', [file], { DATA_DIR: dataDir });
    lock.release();
    expect(refused.code).toBe(1);
    expect(refused.output).toMatch(/уже используется другим процессом сервера[\s\S]*при остановленном сервере/);
    expect(existsSync(file)).toBe(false);

    const backup = npmRun('backup', [file], { DATA_DIR: dataDir });
    expect(backup.code, backup.output).toBe(0);
    expect(backup.output).toContain(
      `Ключа шифрования в ней нет — храните его копию отдельно от резервных копий: ${config.dataKeyFile}`,
    );
    const tar = gunzipSync(readFileSync(file));
    const entries = tarEntries(tar);
    expect(entries).toContain('/PG_VERSION');
    expect(
      entries.filter(
        (e) => !/^\/(PG_VERSION|postgresql(\.auto)?\.conf|pg_hba\.conf|pg_ident\.conf|base|global|pg_)/.test(e),
      ),
    ).toEqual([]);
    expect(tar.includes(key)).toBe(false);
    expect(tar.includes(Buffer.from(key, 'base64'))).toBe(false);

    // The disk is lost: DATA_DIR is gone. The key file (beside it, not inside) was kept apart, and comes back.
    rmSync(dataDir, { recursive: true, force: true });
    rmSync(config.dataKeyFile);
    const restore = npmRun('restore', [file], { DATA_DIR: dataDir });
    expect(restore.code, restore.output).toBe(0);
    expect(restore.output).toContain(`Сервер откроет данные только с тем же ключом шифрования: ${config.dataKeyFile}`);
    expect(statSync(dataDir).mode & 0o777).toBe(0o700);
    writeFileSync(config.dataKeyFile, `${key}\n`, { mode: 0o600 }); // the key, from where it was kept
    const env = { DATA_DIR: dataDir, DATA_ENCRYPTION_KEY: '' };
    const restored = await openDatabase(testConfig(env));
    try {
      const reopened = await openDataKeys(restored, testConfig(env));
      expect(reopened.generatedKeyFile).toBeNull(); // the kept key was read, not a new one made
      expect(await diaryOf(restored, env)).toEqual([ENTRY]);
    } finally {
      await restored.close();
    }
    const again = npmRun('restore', [file], { DATA_DIR: dataDir });
    expect(again.code).toBe(1);
    expect(again.output).toMatch(/не пуст: восстановление идёт только в новую папку/);
  }, 180_000);
});
