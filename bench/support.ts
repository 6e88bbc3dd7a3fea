// What the benches share: autocannon in a child process, a warm-up before each measured run, the duration and
// worker settings from the environment, and the "run alone" entry point.
import type { Db } from '../server/db';
import { installedKeyRing } from '../server/db/cipher';
import { resealAll } from '../server/privacy/reseal';
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type autocannon from 'autocannon';
import { ROOT } from '../server/start/client-build';

/** Seconds of each measured run (BENCH_DURATION_S, default 10). */
export const DURATION_S = Number(process.env.BENCH_DURATION_S ?? 10);
/** autocannon -w (BENCH_WORKERS): 0 = its main thread. */
export const WORKERS = Number(process.env.BENCH_WORKERS ?? 0);
const WARM_UP_S = 2;

/** autocannon in a child process, so the server's event loop and RSS are its own. */
export function autocannonProcess(
  url: string,
  headers: Record<string, string>,
  options: { connections: number; duration: number },
): Promise<autocannon.Result> {
  const args = ['-c', String(options.connections), '-d', String(options.duration), '-j'];
  if (WORKERS > 0) args.push('-w', String(WORKERS));
  for (const [k, v] of Object.entries(headers)) args.push('-H', `${k}=${v}`);
  args.push(url);
  return new Promise((resolve, reject) => {
    const child = spawn(join(ROOT, 'node_modules', '.bin', 'autocannon'), args, { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    child.stdout.on('data', (d) => (out += d));
    child.stderr.on('data', (d) => (err += d));
    // 'close', not 'exit': stdout is fully read only once its stream has closed.
    child.on('close', (code) => {
      try {
        if (code !== 0) throw new Error(`exit ${code}`);
        resolve(JSON.parse(out) as autocannon.Result);
      } catch (e) {
        reject(new Error(`autocannon failed (${(e as Error).message}): ${err || out}`));
      }
    });
  });
}

/** The machine's CPU ticks: all of them, and those the hypervisor gave to other guests (Linux /proc/stat). */
function cpuTicks(): { total: number; steal: number } | null {
  try {
    const fields = readFileSync('/proc/stat', 'utf8').split('\n', 1)[0]!.trim().split(/\s+/).slice(1, 9).map(Number);
    return { total: fields.reduce((a, b) => a + b, 0), steal: fields[7] ?? 0 };
  } catch {
    return null;
  }
}

/**
 * Runs `fn` and says how much of the machine's CPU time the hypervisor took for other guests meanwhile (steal, %;
 * null where /proc/stat does not exist). On a shared VM that share moves the figures more than any code change
 * does, so every measured run prints it beside its latencies.
 */
export async function withSteal<T>(fn: () => Promise<T>): Promise<T & { stealPct: number | null }> {
  const before = cpuTicks();
  const value = await fn();
  const after = cpuTicks();
  const total = before && after ? after.total - before.total : 0;
  const stealPct = before && after && total > 0 ? Math.round(((after.steal - before.steal) / total) * 1000) / 10 : null;
  return { ...value, stealPct };
}

/** The machine's load average over 1, 5 and 15 minutes: on a shared machine, printed beside browser figures. */
export const loadAverage = () =>
  loadavg()
    .map((n) => n.toFixed(2))
    .join(' ');

/** A warm-up run (JIT, pool, caches), then the measured run of DURATION_S seconds (with the CPU steal during it). */
export async function measure(url: string, headers: Record<string, string>, connections: number) {
  await autocannonProcess(url, headers, { connections, duration: WARM_UP_S });
  return withSteal(() => autocannonProcess(url, headers, { connections, duration: DURATION_S }));
}

/** `npx tsx bench/<name>.ts`: run the bench when the file is the entry point, exit 1 if it throws. */
export function runIfMain(moduleUrl: string, bench: () => Promise<unknown>): void {
  if (!process.argv[1] || resolve(process.argv[1]) !== fileURLToPath(moduleUrl)) return;
  bench().then(
    () => process.exit(0),
    (err) => {
      console.error(err);
      process.exit(1);
    },
  );
}

/** The data key of the benches (DATA_ENCRYPTION_KEY): PostgreSQL needs one, and every bench seals what it stores. */
export const BENCH_DATA_KEY = Buffer.alloc(32, 42).toString('base64');

/**
 * Seals rows a bench bulk-loaded with SQL as plain UTF-8 (convert_to): the start-up job's work (server/privacy/
 * reseal.ts), so what is measured reads sealed values as production does. Prints how long it took.
 */
export async function sealBulkLoaded(db: Db, what: string): Promise<void> {
  const started = Date.now();
  const sealed = await resealAll(db, installedKeyRing());
  console.log(`${what} sealed ${sealed} values in ${Date.now() - started} ms (the start-up job's pace)`);
}
