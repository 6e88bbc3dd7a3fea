// A pid lock file for the embedded PGlite data directory: PGlite has no lock of its own and a second process
// on the same directory would corrupt it. A lock left by a dead process is taken over.
import { closeSync, openSync, readFileSync, unlinkSync, writeSync } from 'node:fs';
import { join } from 'node:path';

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

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM'; // exists, owned by someone else
  }
}

export interface PidLock {
  path: string;
  release(): void;
}

export function acquirePidLock(dataDir: string): PidLock {
  const path = join(dataDir, 'server.pid');
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      const fd = openSync(path, 'wx'); // atomic create: only one process can win
      writeSync(fd, String(process.pid));
      closeSync(fd);
      return {
        path,
        release() {
          try {
            if (readFileSync(path, 'utf8').trim() === String(process.pid)) unlinkSync(path);
          } catch {
            /* already gone */
          }
        },
      };
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
    }
    let owner = NaN;
    try {
      owner = Number.parseInt(readFileSync(path, 'utf8').trim(), 10);
    } catch {
      continue; // removed meanwhile: retry
    }
    if (Number.isInteger(owner) && owner > 0 && owner !== process.pid && alive(owner)) throw new LockedError(owner, dataDir);
    try {
      unlinkSync(path); // stale: its process is gone (or the file is garbage)
    } catch {
      /* another starter removed it first */
    }
  }
  throw new Error(`Could not acquire ${path}`);
}
