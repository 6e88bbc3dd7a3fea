// Backups of the data, and restoring them — what `npm run backup` / `npm run restore` run (backup.ts, restore.ts):
//
// - PostgreSQL: `pg_dump --format=custom` (one consistent snapshot while the instances keep serving) and
//   `pg_restore --single-transaction` into an empty database.
// - PGlite: the server must be stopped (the data directory is pid-locked by one process); the backup takes the
//   lock itself, opens the directory and writes PGlite's own dump of it (dumpDataDir: a tar of the data directory
//   after a clean open) — filtered to PostgreSQL's own files and gzipped; the restore loads it into a new, empty
//   directory.
//
// A backup never holds the master key: PostgreSQL's dump holds only the database (the per-user data keys in it are
// wrapped by the master key), and the PGlite copy keeps only PostgreSQL's files — a key file in or beside the data
// directory stays out. The key is backed up separately, and the backup says so (docs/deploy.md, docs/security.md).
import { execFile } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { ROOT } from '../server/start/client-build';
import { loadConfig, type Config } from '../server/config';
import { acquirePidLock } from '../server/start/lock';
import { findPgBin } from './pg-cluster';

export class BackupError extends Error {
  override name = 'BackupError';
}

/** Root entries of a PostgreSQL data directory: its files by name, its folders base/, global/ and pg_*. */
const PG_ROOT_FILES = new Set([
  'PG_VERSION',
  'postgresql.conf',
  'postgresql.auto.conf',
  'pg_hba.conf',
  'pg_ident.conf',
]);
const isPostgresEntry = (path: string): boolean => {
  const [root, ...rest] = path.replace(/^\/+/, '').split('/');
  if (!root) return false;
  if (rest.length === 0 && PG_ROOT_FILES.has(root)) return true;
  return root === 'base' || root === 'global' || root.startsWith('pg_');
};

/**
 * Keeps the entries of a ustar archive that `keep` accepts (PGlite's dumpDataDir writes plain ustar: 512-byte
 * headers, the size in octal at 124, the name at 0 with its prefix at 345).
 */
export function filterTar(tar: Buffer, keep: (path: string) => boolean): Buffer {
  const out: Buffer[] = [];
  for (let at = 0; at + 512 <= tar.length;) {
    const header = tar.subarray(at, at + 512);
    if (header.every((b) => b === 0)) break; // the end
    const field = (from: number, length: number) =>
      header
        .subarray(from, from + length)
        .toString('utf8')
        .replace(/\0.*$/s, '');
    const prefix = field(257, 6) === 'ustar' ? field(345, 155) : '';
    const name = prefix ? `${prefix}/${field(0, 100)}` : field(0, 100);
    const size = parseInt(field(124, 12).trim() || '0', 8);
    const end = at + 512 + Math.ceil(size / 512) * 512;
    if (keep(name)) out.push(tar.subarray(at, end));
    at = end;
  }
  out.push(Buffer.alloc(1024)); // two zero blocks close the archive
  return Buffer.concat(out);
}

/** The names of a ustar archive's entries (tests). */
export function tarEntries(tar: Buffer): string[] {
  const names: string[] = [];
  filterTar(tar, (name) => (names.push(name), false));
  return names;
}

function run(cmd: string, args: string[]): Promise<void> {
  return new Promise((resolve, reject) =>
    execFile(cmd, args, { maxBuffer: 16 * 1024 * 1024 }, (error, _stdout, stderr) =>
      error ? reject(new BackupError(`${cmd} failed: ${stderr.trim() || error.message}`)) : resolve(),
    ),
  );
}

/** pg_dump / pg_restore: the installed server's binaries (the newest), else PATH. */
function pgTool(name: 'pg_dump' | 'pg_restore'): string {
  const bin = findPgBin();
  return bin && existsSync(join(bin, name)) ? join(bin, name) : name;
}

/** A file only the owner may read (the directory made if needed). */
function privateFile(file: string, data?: Buffer): void {
  mkdirSync(dirname(file), { recursive: true, mode: 0o700 });
  if (data) writeFileSync(file, data, { mode: 0o600 });
  chmodSync(file, 0o600);
}

export async function backupPostgres(url: string, file: string): Promise<void> {
  privateFile(file, Buffer.alloc(0));
  await run(pgTool('pg_dump'), [
    '--format=custom',
    '--no-owner',
    '--no-privileges',
    `--file=${file}`,
    `--dbname=${url}`,
  ]);
  chmodSync(file, 0o600);
}

/** Restores into an empty database only: a database that already holds this app's tables is refused. */
export async function restorePostgres(file: string, url: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ n: number }>(
      `select count(*)::int as n from information_schema.tables where table_schema in ('public', 'drizzle')`,
    );
    if (rows[0]!.n > 0)
      throw new BackupError(
        'В этой базе уже есть таблицы: восстановление идёт только в пустую базу (createdb), потом DATABASE_URL ' +
          'указывает на неё / the database is not empty: restore into a new empty database',
      );
  } finally {
    await client.end();
  }
  await run(pgTool('pg_restore'), [
    '--no-owner',
    '--no-privileges',
    '--exit-on-error',
    '--single-transaction',
    `--dbname=${url}`,
    file,
  ]);
}

export async function backupPglite(dataDir: string, file: string): Promise<void> {
  if (!existsSync(join(dataDir, 'PG_VERSION')))
    throw new BackupError(`В ${dataDir} нет базы PGlite / no PGlite database`);
  const lock = acquirePidLock(dataDir); // LockedError while the server runs: it must be stopped
  try {
    const db = await PGlite.create(dataDir);
    let dump: Blob;
    try {
      dump = await db.dumpDataDir('none');
    } finally {
      await db.close();
    }
    const tar = filterTar(Buffer.from(await dump.arrayBuffer()), isPostgresEntry);
    privateFile(file, gzipSync(tar));
  } finally {
    lock.release();
  }
}

/** Restores into a directory that does not exist yet or is empty. */
export async function restorePglite(file: string, dataDir: string): Promise<void> {
  if (existsSync(dataDir) && readdirSync(dataDir).length > 0)
    throw new BackupError(
      `${dataDir} не пуст: восстановление идёт только в новую папку (DATA_DIR) / the directory is not empty`,
    );
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  chmodSync(dataDir, 0o700);
  const tar = gunzipSync(readFileSync(file));
  const db = await PGlite.create({ dataDir, loadDataDir: new Blob([tar]) });
  await db.query('select 1');
  await db.close();
}

/** Where the master key is, for the reminder that a backup does not hold it. */
export function keyLocation(config: Pick<Config, 'dataEncryptionKey' | 'dataKeyFile'>): string {
  return config.dataEncryptionKey ? 'DATA_ENCRYPTION_KEY (из окружения / from the environment)' : config.dataKeyFile;
}

/** The configuration of `npm start`: .env beside package.json (variables already set win), then the environment. */
export function startConfig(): Config {
  const envFile = join(ROOT, '.env');
  if (existsSync(envFile)) process.loadEnvFile(envFile);
  return loadConfig();
}
