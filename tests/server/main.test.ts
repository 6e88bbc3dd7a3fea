// `npm start` as a process (server/start/main.ts on PGlite): listens and prints the URL, a second process on the same
// DATA_DIR is refused with a clear message, SIGTERM/SIGINT close cleanly and remove the lock (also when they
// arrive during start-up), a stale lock from a dead process is taken over, a nested DATA_DIR is created; the data
// key is generated beside DATA_DIR on first start, and a DATA_ENCRYPTION_KEY that does not fit refuses to start.
// Secure by default: without BOT_TOKEN it listens on loopback only and refuses any other HOST; DATA_DIR and all in it
// are private to the owner (tightened when found looser), and a key left inside DATA_DIR is moved beside it.
import { spawnSync, type ChildProcess } from 'node:child_process';
import {
  chmodSync,
  existsSync,
  lstatSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { spawnServer } from '../support/server-command';

const root = join(import.meta.dirname, '..', '..');
const base = mkdtempSync(join(tmpdir(), 'main-test-'));
// A first boot costs PGlite's initdb (about 7 s of CPU): the tests that test one boot a directory of their own, the
// others one booted already (docs/testing.md «Where the suite's time goes»).
/** First booted by the signal test (a new nested directory), then the directory of the lock and address tests. */
const dataDir = join(base, 'a', 'b', 'c');
/** First booted by the data-key test; the permission test loosens it afterwards. */
const keyed = join(base, 'keys');
const children: ChildProcess[] = [];

function start(
  dir = dataDir,
  env: Record<string, string> = {},
): {
  child: ChildProcess;
  output: () => string;
  stdout: () => string;
  stderr: () => string;
  exited: Promise<number | null>;
} {
  const child = spawnServer(root, {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    PORT: '0',
    HOST: '127.0.0.1',
    DATA_DIR: dir,
    LOG_LEVEL: 'warn',
    SKIP_CLIENT_BUILD: '1',
    ...env,
  });
  children.push(child);
  let out = '';
  let stdout = '';
  let stderr = '';
  child.stdout!.on('data', (d) => ((out += d), (stdout += d)));
  child.stderr!.on('data', (d) => ((out += d), (stderr += d)));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, output: () => out, stdout: () => stdout, stderr: () => stderr, exited };
}

/**
 * The URL once the server has printed its start-up block: «Открыть» and the lines after it are separate writes, so
 * the block's last line, the log's place, is waited for too (a test reading a line after «Открыть» failed without).
 */
async function listening(p: ReturnType<typeof start>): Promise<string> {
  for (;;) {
    const m = /Открыть: (http:\/\/\S+)[^]*\nЖурнал \(JSON/.exec(p.output());
    if (m) return m[1]!;
    if (p.child.exitCode !== null) throw new Error(`server exited early:\n${p.output()}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** Resolves once the JSON log on stdout has a line with this message (the log is written after the response). */
async function logged(p: ReturnType<typeof start>, msg: string): Promise<void> {
  for (let tries = 0; tries < 100; tries++) {
    if (p.stdout().includes(`"msg":"${msg}"`)) return;
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** The local address a listening TCP socket of `port` is bound to, read from the kernel (/proc/net/tcp{,6}). */
function boundAddresses(port: number): string[] {
  const found: string[] = [];
  for (const file of ['/proc/net/tcp', '/proc/net/tcp6']) {
    for (const line of readFileSync(file, 'utf8').split('\n').slice(1)) {
      const [, local, , state] = line.trim().split(/\s+/);
      if (!local || state !== '0A') continue; // 0A: LISTEN
      const [address, hexPort] = local.split(':');
      if (parseInt(hexPort!, 16) === port) found.push(address!);
    }
  }
  return found;
}

/** Every path under `dir` (itself included) whose mode lets anyone but the owner in. */
function openToOthers(dir: string): string[] {
  const open: string[] = [];
  const walk = (path: string) => {
    const stat = lstatSync(path);
    if (stat.isSymbolicLink()) return;
    if (stat.mode & 0o077) open.push(`${path} ${(stat.mode & 0o777).toString(8)}`);
    if (stat.isDirectory()) for (const name of readdirSync(path)) walk(join(path, name));
  };
  walk(dir);
  return open;
}

afterAll(() => {
  for (const c of children) if (c.exitCode === null) c.kill('SIGKILL');
  rmSync(base, { recursive: true, force: true });
});

describe('server/start/main.ts process', () => {
  it('a signal during start-up (PGlite first boot of a new nested DATA_DIR) closes cleanly; the next start works', async () => {
    const lock = join(dataDir, 'server.pid');
    const booting = start(dataDir);
    while (!existsSync(lock)) {
      if (booting.child.exitCode !== null) throw new Error(`server exited early:\n${booting.output()}`);
      await new Promise((r) => setTimeout(r, 20));
    }
    booting.child.kill('SIGTERM'); // the lock is held: PGlite is creating the directory now
    expect(await booting.exited).toBe(0);
    expect(booting.output()).not.toMatch(/Открыть:/);
    expect(booting.output()).toMatch(/SIGTERM: остановка/);
    expect(existsSync(lock)).toBe(false);
    const again = start(dataDir);
    const url = await listening(again);
    expect((await fetch(`${url}/api/users/me`)).status).toBe(401);
    again.child.kill('SIGTERM');
    expect(await again.exited).toBe(0);
  }, 90_000);

  it('listens, refuses a second process on the same DATA_DIR, and shuts down cleanly on SIGTERM', async () => {
    // The signal test's directory: what is tested here is the process, not a first boot.
    const first = start(dataDir, { LOG_LEVEL: 'info', DRAIN_GRACE_MS: '200' });
    const url = await listening(first);
    const res = await fetch(`${url}/api/users/me`);
    expect(res.status).toBe(401);
    expect((await res.json()).detail).toMatch(/[а-яё]/i);
    expect(existsSync(join(dataDir, 'server.pid'))).toBe(true);
    // Apart: the human lines on stderr say what each address is; stdout (not a terminal here) is the JSON log.
    expect(first.stderr()).toMatch(/^Открыть: http:\/\/127\.0\.0\.1:\d+ — приложение в браузере$/m);
    expect(first.stderr()).toMatch(/^Запуск для разработки \(без BOT_TOKEN\): http:\/\/127\.0\.0\.1:\d+\/dev — /m);
    expect(first.stderr()).toContain(`База данных: PGlite в ${dataDir}`);
    expect(first.stderr()).toContain('Журнал (JSON, строка на событие): stdout');
    expect(first.stderr()).not.toContain('{"level"');
    await logged(first, 'request');
    const lines = first.stdout().trim().split('\n');
    expect(lines.map((l) => JSON.parse(l).msg)).toContain('started');
    expect(lines.map((l) => JSON.parse(l).msg)).toContain('request'); // the 401 above, by its route

    const second = start();
    const code = await second.exited;
    expect(code).not.toBe(0);
    expect(second.output()).toMatch(/уже используется другим процессом сервера/);
    expect(second.output()).toMatch(/already used by another server process/);
    // the first one is unharmed
    expect((await fetch(`${url}/api/users/me`)).status).toBe(401);

    first.child.kill('SIGTERM');
    expect(await first.exited).toBe(0);
    expect(existsSync(join(dataDir, 'server.pid'))).toBe(false);
  }, 120_000);

  it('takes over a stale lock left by a dead process; SIGINT closes it', async () => {
    const dead = spawnSync(process.execPath, ['-e', 'console.log(process.pid)'], { encoding: 'utf8' });
    writeFileSync(join(dataDir, 'server.pid'), dead.stdout.trim());
    const p = start();
    const url = await listening(p);
    expect((await fetch(`${url}/api/nothing`)).status).toBe(404);
    p.child.kill('SIGINT');
    expect(await p.exited).toBe(0);
    expect(existsSync(join(dataDir, 'server.pid'))).toBe(false);
  }, 60_000);

  it('makes a data key beside DATA_DIR on first start and says so, all private (0700/0600); a key that does not fit refuses to start', async () => {
    const dir = keyed;
    const first = start(dir);
    await listening(first);
    const keyFile = `${dir}.key`;
    expect(first.output()).toContain(`Ключ шифрования данных создан: ${keyFile}`);
    expect(existsSync(keyFile)).toBe(true);
    first.child.kill('SIGTERM');
    expect(await first.exited).toBe(0);
    // What the first start made is its owner's alone.
    expect(openToOthers(dir)).toEqual([]);
    expect(statSync(dir).mode & 0o777).toBe(0o700);
    expect(statSync(keyFile).mode & 0o777).toBe(0o600);
    expect(readdirSync(dir)).not.toContain('data-encryption.key');

    const again = start(dir); // the same key from the file, silently
    await listening(again);
    expect(again.output()).not.toMatch(/Ключ шифрования данных создан/);
    again.child.kill('SIGTERM');
    expect(await again.exited).toBe(0);

    const wrong = start(dir, { DATA_ENCRYPTION_KEY: Buffer.alloc(32, 1).toString('base64') });
    expect(await wrong.exited).toBe(1);
    expect(wrong.output()).toMatch(
      /DATA_ENCRYPTION_KEY does not fit this database: its data is sealed with key [0-9a-f]{8}/,
    );
    expect(wrong.output()).toMatch(/ключ шифрования не подходит к этой базе данных/);
    expect(wrong.output()).not.toMatch(/Открыть:/);
    expect(existsSync(join(dir, 'server.pid'))).toBe(false); // it closed what it had opened
    // Three boots, the first with PGlite's initdb: 88 s once beside other work. The limit catches a hang.
  }, 180_000);

  it('without BOT_TOKEN: listens on 127.0.0.1 only and says so; HOST=0.0.0.0 without a token exits with a clear error', async () => {
    // Booted already: what is tested here is the address, not a first boot.
    const dev = start(dataDir, { HOST: '' });
    const url = await listening(dev);
    const port = Number(new URL(url).port);
    expect(boundAddresses(port)).toEqual(['0100007F']); // 127.0.0.1, and nothing else
    expect(dev.output()).toMatch(/Режим разработки \(без BOT_TOKEN\): сервер доступен только с этого компьютера/);
    dev.child.kill('SIGTERM');
    expect(await dev.exited).toBe(0);

    const open = start(join(base, 'dev-open'), { HOST: '0.0.0.0' });
    expect(await open.exited).toBe(1);
    expect(open.output()).toContain('HOST=0.0.0.0 без BOT_TOKEN не разрешён');
    expect(open.output()).not.toMatch(/\n\s+at /); // the message, not a stack trace
    expect(open.output()).not.toMatch(/Открыть:/);
    expect(existsSync(join(base, 'dev-open'))).toBe(false); // refused before anything was created
  }, 120_000);

  it('keeps DATA_DIR private: tightens looser permissions it finds and moves a key out of DATA_DIR', async () => {
    // The data-key test's directory (its first boot is checked private there), still private after its three starts.
    const dir = keyed;
    expect(openToOthers(dir)).toEqual([]);
    expect(statSync(`${dir}.key`).mode & 0o777).toBe(0o600);

    // The layout of earlier versions: the key inside DATA_DIR, files readable by everyone.
    const key = readFileSync(`${dir}.key`, 'utf8');
    renameSync(`${dir}.key`, join(dir, 'data-encryption.key'));
    chmodSync(dir, 0o755);
    chmodSync(join(dir, 'data-encryption.key'), 0o644);
    chmodSync(join(dir, 'PG_VERSION'), 0o666);
    chmodSync(join(dir, 'base'), 0o777);
    expect(openToOthers(dir).length).toBe(4);

    const again = start(dir);
    await listening(again); // it opened the data with the moved key
    expect(again.output()).toMatch(new RegExp(`Права доступа к ${dir} ужесточены \\(исправлено: 4\\)`));
    expect(again.output()).toContain(
      `Ключ шифрования данных перенесён из ${join(dir, 'data-encryption.key')} в ${dir}.key`,
    );
    again.child.kill('SIGTERM');
    expect(await again.exited).toBe(0);
    expect(openToOthers(dir)).toEqual([]);
    expect(readFileSync(`${dir}.key`, 'utf8')).toBe(key);
    expect(existsSync(join(dir, 'data-encryption.key'))).toBe(false);
  }, 120_000);
});
