// The PGlite pid lock (server/start/lock.ts): a live owner refuses, a dead one or a reused pid is taken over, and the
// takeover is atomic — of several starters that saw the same stale lock exactly one wins, and a starter that
// judged a lock stale never removes the fresh lock someone else wrote meanwhile.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import {
  acquirePidLock,
  lockIdentity,
  LockedError,
  processStartTime,
  takeOver,
  TAKEOVER_MUTEX_STALE_MS,
} from '../../server/start/lock';

const root = join(import.meta.dirname, '..', '..');
const onLinux = process.platform === 'linux';
let dirs: string[] = [];
let children: ChildProcess[] = [];
afterEach(() => {
  for (const c of children) if (c.exitCode === null) c.kill('SIGKILL');
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
  dirs = [];
  children = [];
});

function tempDir(): string {
  const d = mkdtempSync(join(tmpdir(), 'lock-test-'));
  dirs.push(d);
  return d;
}

/** The pid of a process that has exited (so it is certainly not running). */
function deadPid(): number {
  return Number(spawnSync(process.execPath, ['-e', 'console.log(process.pid)'], { encoding: 'utf8' }).stdout.trim());
}

function sleeper(): ChildProcess {
  const child = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 60_000)'], { stdio: 'ignore' });
  children.push(child);
  return child;
}

describe('pid lock', () => {
  it('writes "<pid> <start time>" and release removes only its own lock', () => {
    const dir = tempDir();
    const lock = acquirePidLock(dir);
    const content = readFileSync(lock.path, 'utf8');
    expect(content).toBe(lockIdentity());
    if (onLinux) expect(content).toMatch(new RegExp(`^${process.pid} \\d+$`));
    lock.release();
    expect(existsSync(lock.path)).toBe(false);
    writeFileSync(lock.path, '12345 1');
    lock.release(); // someone else's now: left alone
    expect(readFileSync(lock.path, 'utf8')).toBe('12345 1');
  });

  it('a live owner refuses; a dead one (old pid-only format too) is taken over', () => {
    const dir = tempDir();
    const child = sleeper();
    writeFileSync(join(dir, 'server.pid'), lockIdentity(child.pid!));
    expect(() => acquirePidLock(dir)).toThrow(LockedError);
    writeFileSync(join(dir, 'server.pid'), String(child.pid)); // written by an older version
    expect(() => acquirePidLock(dir)).toThrow(LockedError);
    writeFileSync(join(dir, 'server.pid'), String(deadPid()));
    expect(acquirePidLock(dir).path).toBe(join(dir, 'server.pid'));
    expect(readFileSync(join(dir, 'server.pid'), 'utf8')).toBe(lockIdentity());
  });

  it.skipIf(!onLinux)('pid reuse: a live pid whose start time differs from the recorded one is not the owner', () => {
    const dir = tempDir();
    const child = sleeper();
    const start = processStartTime(child.pid!);
    expect(start).toMatch(/^\d+$/);
    writeFileSync(join(dir, 'server.pid'), `${child.pid} ${Number(start) - 1}`);
    acquirePidLock(dir);
    expect(readFileSync(join(dir, 'server.pid'), 'utf8')).toBe(lockIdentity());
  });

  it('a starter that judged a lock stale does not remove the fresh lock another starter wrote meanwhile', () => {
    const dir = tempDir();
    const path = join(dir, 'server.pid');
    const stale = String(deadPid());
    writeFileSync(path, stale);
    acquirePidLock(dir); // A took it over
    const mine = readFileSync(path, 'utf8');
    // B read the same stale content before A's takeover and now tries to replace it:
    expect(takeOver(path, stale, '999999 1')).toBe(false);
    expect(readFileSync(path, 'utf8')).toBe(mine);
    expect(existsSync(`${path}.takeover`)).toBe(false);
  });

  it('a takeover mutex left by a crashed starter is broken once it is stale', () => {
    const dir = tempDir();
    const path = join(dir, 'server.pid');
    writeFileSync(path, String(deadPid()));
    mkdirSync(`${path}.takeover`);
    const old = (Date.now() - TAKEOVER_MUTEX_STALE_MS - 5_000) / 1000;
    utimesSync(`${path}.takeover`, old, old);
    acquirePidLock(dir);
    expect(readFileSync(path, 'utf8')).toBe(lockIdentity());
  });

  it('eight processes racing for one stale lock: exactly one wins', async () => {
    const dir = tempDir();
    writeFileSync(join(dir, 'server.pid'), String(deadPid()));
    const go = join(dir, 'go');
    // Each child loads, says 'ready', spins until the go file appears, tries once, reports, and holds on
    // (a winner that exited early would rightly be taken over by a latecomer).
    const script = `
      import { existsSync } from 'node:fs';
      import { acquirePidLock } from ${JSON.stringify(join(root, 'server/start/lock.ts'))};
      console.log('ready');
      while (!existsSync(${JSON.stringify(go)})) {}
      try { acquirePidLock(${JSON.stringify(dir)}); console.log('won'); } catch (e) { console.log(e.name); }
      setInterval(() => {}, 1000);`;
    const lines = Array.from({ length: 8 }, () => {
      const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], { cwd: root });
      children.push(child);
      let out = '';
      child.stderr!.on('data', (d) => (out += d));
      return (n: number) =>
        new Promise<string>((resolve, reject) => {
          child.stdout!.on('data', (d) => {
            out += d;
            const got = out.trim().split('\n');
            if (got.length >= n) resolve(got[n - 1]!);
          });
          child.on('exit', () => reject(new Error(`child exited: ${out}`)));
        });
    });
    expect(await Promise.all(lines.map((line) => line(1)))).toEqual(Array(8).fill('ready'));
    writeFileSync(go, '');
    const results = await Promise.all(lines.map((line) => line(2)));
    expect(
      results.filter((r) => r === 'won'),
      results.join(' | '),
    ).toHaveLength(1);
    expect(results.filter((r) => r === 'LockedError')).toHaveLength(7);
  }, 30_000);
});
