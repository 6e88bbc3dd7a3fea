// E2E global setup: build the client once when dist/ is missing or older than its sources, and start one
// throwaway PostgreSQL cluster for the run (each e2e server gets its own fresh database in it).
// Without PostgreSQL the servers run on embedded PGlite (say so; CI=true refuses, as everywhere).
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { findPgBin, startTempCluster } from '../../scripts/pg-cluster';

declare module 'vitest' {
  export interface ProvidedContext {
    e2ePgUrl: string | null;
  }
}

const root = join(import.meta.dirname, '..', '..');
const SOURCES = ['src', 'contract', 'machines', 'index.html', 'vite.config.ts', 'package.json'];

function newestMtime(path: string): number {
  if (!existsSync(path)) return 0;
  const st = statSync(path);
  if (!st.isDirectory()) return st.mtimeMs;
  return Math.max(0, ...readdirSync(path).map((name) => newestMtime(join(path, name))));
}

export function clientIsStale(): boolean {
  const built = join(root, 'dist', 'index.html');
  if (!existsSync(built)) return true;
  const builtAt = statSync(built).mtimeMs;
  return SOURCES.some((s) => newestMtime(join(root, s)) > builtAt);
}

export default async function setup(project: TestProject) {
  if (clientIsStale()) {
    console.log('[e2e] building the client (vite build)…');
    const res = spawnSync(join(root, 'node_modules', '.bin', 'vite'), ['build', '--logLevel', 'warn'], {
      cwd: root,
      stdio: 'inherit',
    });
    if (res.status !== 0) throw new Error('[e2e] vite build failed');
  }
  const bin = findPgBin();
  if (!bin) {
    if (process.env.CI === 'true') throw new Error('CI=true but PostgreSQL is not installed (apt-get install postgresql)');
    console.warn('\n[e2e] PostgreSQL not installed: e2e servers run on embedded PGlite; setTier is unavailable\n');
    project.provide('e2ePgUrl', null);
    return;
  }
  const cluster = await startTempCluster(bin);
  project.provide('e2ePgUrl', cluster.url);
  return () => cluster.stop();
}
