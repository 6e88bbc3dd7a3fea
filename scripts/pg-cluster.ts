// A throwaway PostgreSQL cluster in a temp directory on a loopback port, for tests and benchmarks.
// initdb refuses to run as root, so as root every server binary runs as the `postgres` user.
import { execFile, execFileSync, spawnSync } from 'node:child_process';
import { appendFileSync, chmodSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface TempCluster {
  url: string;
  /** The cluster's data directory (its postmaster.pid names the server process; benches read its CPU time). */
  dataDir: string;
  /** `pg_ctl restart -m fast`: every backend is told to terminate (57P01), then the server starts again. */
  restart(): Promise<void>;
  stop(): void;
}

/** The directory holding initdb/pg_ctl, or null when PostgreSQL is not installed. */
export function findPgBin(): string | null {
  const root = '/usr/lib/postgresql';
  if (existsSync(root)) {
    const versions = readdirSync(root).sort((a, b) => Number(b) - Number(a));
    for (const v of versions) if (existsSync(join(root, v, 'bin', 'initdb'))) return join(root, v, 'bin');
  }
  const which = spawnSync('sh', ['-c', 'command -v initdb'], { encoding: 'utf8' });
  return which.status === 0 ? join(which.stdout.trim(), '..') : null;
}

/** A free loopback TCP port (the OS picks one; closed again before it is returned). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => resolve(port));
    });
  });
}

export async function startTempCluster(bin: string): Promise<TempCluster> {
  const asRoot = process.getuid?.() === 0;
  const run = (cmd: string, args: string[]) =>
    asRoot
      ? execFileSync('runuser', ['-u', 'postgres', '--', join(bin, cmd), ...args], { stdio: 'pipe' })
      : execFileSync(join(bin, cmd), args, { stdio: 'pipe' });
  const dir = mkdtempSync(join(tmpdir(), 'pgtest-'));
  chmodSync(dir, 0o777);
  const data = join(dir, 'data');
  const port = await freePort();
  run('initdb', ['-D', data, '-U', 'app', '--auth=trust', '-E', 'UTF8', '--no-sync']);
  const opts = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=200`;
  run('pg_ctl', ['-D', data, '-o', opts, '-l', join(dir, 'log'), '-w', 'start']);
  // Asynchronous, so a load running in this process goes on meanwhile.
  const restart = () =>
    new Promise<void>((resolve, reject) => {
      const args = ['-D', data, '-o', opts, '-l', join(dir, 'log'), '-m', 'fast', '-w', 'restart'];
      const [cmd, argv] = asRoot
        ? ['runuser', ['-u', 'postgres', '--', join(bin, 'pg_ctl'), ...args]]
        : [join(bin, 'pg_ctl'), args];
      execFile(cmd, argv, (error) => (error ? reject(error) : resolve()));
    });
  const stop = () => {
    try {
      run('pg_ctl', ['-D', data, '-m', 'immediate', '-w', 'stop']);
    } catch {
      /* already stopped */
    }
    rmSync(dir, { recursive: true, force: true });
  };
  return { url: `postgres://app@127.0.0.1:${port}/postgres`, dataDir: data, restart, stop };
}

/**
 * The cluster a test run shares (vitest global setups): started when PostgreSQL is installed; otherwise null
 * and a plain warning naming what is skipped — except with CI=true, where nothing may be skipped. The warning
 * also goes to the file named by TEST_SKIP_NOTES, so `npm test` (scripts/test.mjs) repeats it in its summary.
 */
export async function clusterForTestRun(skipped: string, bin = findPgBin()): Promise<TempCluster | null> {
  if (bin) return startTempCluster(bin);
  if (process.env.CI === 'true')
    throw new Error('CI=true but PostgreSQL is not installed (apt-get install postgresql)');
  const note = `SKIPPED (PostgreSQL not installed): ${skipped}`;
  console.warn(`\n[tests] ${note}\n`);
  if (process.env.TEST_SKIP_NOTES) appendFileSync(process.env.TEST_SKIP_NOTES, `${note}\n`);
  return null;
}
