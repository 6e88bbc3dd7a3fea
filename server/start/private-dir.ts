// The embedded database's directory is the owner's alone: 0700 for folders, 0600 for files. The umask is set before
// PGlite opens anything, so every file it (and the server: the pid lock, a generated key) creates from then on is
// private; what an earlier version or a copy left readable by others is tightened at start, and the caller says so.
// One exception to the umask: PGlite's first boot unpacks its initial data directory and chmods each file to the
// archive's 0666 — harmless inside a 0700 directory, and tightened again once the database is open.
import { chmodSync, lstatSync, mkdirSync, readdirSync } from 'node:fs';
import { join } from 'node:path';

/** Owner-only from now on for everything this process creates. */
export const PRIVATE_UMASK = 0o077;

/**
 * Creates `dir` (0700, with its parents) if needed and takes group and other permissions off it, everything in it
 * and each of `files` (the data key beside it); returns how many paths it had to tighten.
 */
export function privateDataDir(dir: string, files: string[] = []): number {
  process.umask(PRIVATE_UMASK);
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  return tightenPermissions([dir, ...files]);
}

/** Takes group and other permissions off each path and everything under it; returns how many it changed. */
export function tightenPermissions(paths: string[]): number {
  let tightened = 0;
  const tighten = (path: string) => {
    let stat;
    try {
      stat = lstatSync(path);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return; // a file not made yet
      throw error;
    }
    if (stat.isSymbolicLink()) return; // chmod would follow it out of the directory
    if (stat.mode & 0o077) {
      chmodSync(path, stat.mode & 0o700);
      tightened++;
    }
    if (stat.isDirectory()) for (const name of readdirSync(path)) tighten(join(path, name));
  };
  paths.forEach(tighten);
  return tightened;
}
