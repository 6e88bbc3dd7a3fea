// E2E global setup: build the client once when dist/ is missing or older than its sources, and start one
// throwaway PostgreSQL cluster for the run (each e2e server gets its own fresh database in it).
// Without PostgreSQL the servers run on embedded PGlite (say so; CI=true refuses, as everywhere).
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { clusterForTestRun } from '../../scripts/pg-cluster';
import { clientBuildIsStale } from '../../server/client-build';

declare module 'vitest' {
  export interface ProvidedContext {
    e2ePgUrl: string | null;
  }
}

const root = join(import.meta.dirname, '..', '..');

export default async function setup(project: TestProject) {
  // Built in a child process: vitest sets NODE_ENV=test, which would make an in-process build bundle React's dev runtime.
  if (clientBuildIsStale(root)) {
    console.log('[e2e] building the client (vite build)…');
    const res = spawnSync(join(root, 'node_modules', '.bin', 'vite'), ['build', '--logLevel', 'warn'], {
      cwd: root,
      stdio: 'inherit',
    });
    if (res.status !== 0) throw new Error('[e2e] vite build failed');
  }
  const cluster = await clusterForTestRun('e2e servers run on embedded PGlite; setTier is unavailable');
  project.provide('e2ePgUrl', cluster?.url ?? null);
  return cluster ? () => cluster.stop() : undefined;
}
