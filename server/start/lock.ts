// A pid lock file for the embedded PGlite data directory: PGlite has no lock of its own and a second process
// on the same directory would corrupt it. The file holds "<pid> <start time>" (Linux: /proc/<pid>/stat field 22;
// elsewhere the pid alone). A lock is stale when its process is gone or its pid now belongs to a process that
// started at another time (pid reuse); a stale lock is taken over. The takeover (re-read, unlink, create) runs
// inside an exclusive mkdir mutex, so of several starters that saw the same stale lock exactly one replaces it.
import { linkSync, mkdirSync, readFileSync, rmSync, statSync, unlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** A takeover takes milliseconds; a mutex this old was left by a process that died inside one. */
export const TAKEOVER_MUTEX_STALE_MS = 10_000;

export class LockedError extends Error {
  constructor(
    readonly pid: number,
    readonly dataDir: string,
  ) {
    super(
      `База данных в ${dataDir} уже используется другим процессом сервера (pid ${pid}). ` +
        `Остановите его или укажите другой DATA_DIR.\n` +
        `The database in ${dataDir} is already used by another server process (pid ${pid}). ` +
        `Stop it or set another DATA_DIR.`,
    );
    this.name = 'LockedError';
  }
}

/** Linux: when the process started (clock ticks since boot); null where /proc is absent or the process is gone. */
export function processStartTime(pid: number): string | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Field 2 is the command in parentheses and may hold spaces: field 3 is the first after the last ')'.
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[22 - 3] ?? null;
  } catch {
    return null;
  }
}

/** What this process writes into the lock file. */
export function lockIdentity(pid = process.pid): string {
  const start = processStartTime(pid);
  return start === null ? String(pid) : `${pid} ${start}`;
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM'; // exists, owned by someone else
  }
}

/** The owner's pid when the lock content names a live process that is still the one that wrote it. */
function liveOwner(content: string): number | null {
  const [pidText, start] = content.trim().split(/\s+/);
  const pid = Number(pidText);
  if (!Number.isInteger(pid) || pid <= 0 || pid === process.pid || !alive(pid)) return null;
  const now = start === undefined ? null : processStartTime(pid);
  return now !== null && now !== start ? null : pid; // another start time: the pid was reused
}

function read(path: string): string | null {
  try {
    return readFileSync(path, 'utf8');
  } catch {
    return null;
  }
}

/**
 * Atomic create: of several processes only one can win. The content is written to a private file first and
 * hard-linked into place, so nobody ever reads a lock file that exists but is still empty.
 */
function create(path: string, identity: string): boolean {
  const tmp = `${path}.${process.pid}.tmp`;
  writeFileSync(tmp, identity);
  try {
    linkSync(tmp, path);
    return true;
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw e;
  } finally {
    rmSync(tmp, { force: true });
  }
}

const sleep = (ms: number) => Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);

/** Runs `fn` holding the mkdir mutex `dir`; a mutex older than TAKEOVER_MUTEX_STALE_MS is broken. */
function withMutex<T>(dir: string, fn: () => T): T {
  for (;;) {
    try {
      mkdirSync(dir);
      break;
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
    }
    let age = 0;
    try {
      age = Date.now() - statSync(dir).mtimeMs;
    } catch {
      continue; // released meanwhile
    }
    if (age > TAKEOVER_MUTEX_STALE_MS) rmSync(dir, { recursive: true, force: true });
    else sleep(10);
  }
  try {
    return fn();
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * Replaces the lock at `path` with `identity` if it still holds `stale` (the content its caller judged stale).
 * False when it changed meanwhile — another starter took it over or its owner released it — so look again.
 */
export function takeOver(path: string, stale: string, identity: string): boolean {
  return withMutex(`${path}.takeover`, () => {
    if (read(path) !== stale) return false;
    unlinkSync(path);
    return create(path, identity); // false if a fresh starter created it right after the unlink
  });
}

export interface PidLock {
  path: string;
  release(): void;
}

export function acquirePidLock(dataDir: string): PidLock {
  const path = join(dataDir, 'server.pid');
  const identity = lockIdentity();
  const held: PidLock = {
    path,
    release() {
      if (read(path) === identity) rmSync(path, { force: true });
    },
  };
  for (let attempt = 0; attempt < 50; attempt++) {
    if (create(path, identity)) return held;
    const content = read(path);
    if (content === null) continue; // removed meanwhile: retry
    const owner = liveOwner(content);
    if (owner !== null) throw new LockedError(owner, dataDir);
    if (takeOver(path, content, identity)) return held;
  }
  throw new Error(`Could not acquire ${path}`);
}
