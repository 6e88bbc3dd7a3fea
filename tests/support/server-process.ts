// The real server (`npm start`'s command) as a child process, for tests and benches that stop, kill or starve it:
// started with the given environment on a loopback port of its own choosing, ready once it prints where to open.
import { join } from 'node:path';
import type { ChildProcessByStdio } from 'node:child_process';
import type { Readable } from 'node:stream';
import { spawnServer } from './server-command';

const ROOT = join(import.meta.dirname, '..', '..');

export interface ServerProcess {
  child: ChildProcessByStdio<null, Readable, Readable>;
  /** http://127.0.0.1:<port> */
  url: string;
  /** Everything it printed so far (stdout and stderr). */
  output(): string;
  /** Its exit code (null: killed by a signal). */
  exited: Promise<number | null>;
}

/** Starts the server and waits until it listens; `env` adds to a quiet loopback default (no client build). */
export async function startServerProcess(env: Record<string, string>): Promise<ServerProcess> {
  const child = spawnServer(ROOT, {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    PORT: '0',
    HOST: '127.0.0.1',
    LOG_LEVEL: 'warn',
    SKIP_CLIENT_BUILD: '1',
    REMINDER_TICK_MS: '0',
    ...env,
  });
  let out = '';
  child.stdout.on('data', (d) => (out += d));
  child.stderr.on('data', (d) => (out += d));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  for (;;) {
    const m = /Открыть: (http:\/\/\S+)/.exec(out);
    if (m) return { child, url: m[1]!, output: () => out, exited };
    if (child.exitCode !== null || child.signalCode !== null) throw new Error(`server exited early:\n${out}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}
