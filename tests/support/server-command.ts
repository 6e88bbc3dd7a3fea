// The command `npm start` runs, for tests and benches that spawn the real server: Node itself with tsx as a
// loader. Not the tsx CLI: it relays SIGINT/SIGTERM to a child process and SIGKILLs that child when it does not
// acknowledge within 30 ms — which PGlite's first boot (seconds of synchronous WebAssembly) never does, so a
// Ctrl+C then would cut initdb off half-way instead of letting main.ts finish it and close cleanly.
import { spawn, type ChildProcessByStdio } from 'node:child_process';
import type { Readable } from 'node:stream';

export function spawnServer(
  root: string,
  env: NodeJS.ProcessEnv,
  entry = 'server/start/main.ts',
): ChildProcessByStdio<null, Readable, Readable> {
  return spawn(process.execPath, ['--import', 'tsx', entry], { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] });
}
