// E2E global setup: build the client once when dist/ is missing, older than its sources or a development build,
// and start one throwaway PostgreSQL cluster for the run (each e2e server gets its own fresh database in it).
// Without PostgreSQL the servers run on embedded PGlite (say so; CI=true refuses, as everywhere).
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { clusterForTestRun } from '../../scripts/pg-cluster';
import { clientBuildIsStale, findDevelopmentRuntime } from '../../server/start/client-build';

declare module 'vitest' {
  export interface ProvidedContext {
    e2ePgUrl: string | null;
    otherThemeRoutesFile: string;
  }
}

const root = join(import.meta.dirname, '..', '..');

export default async function setup(project: TestProject) {
  if (clientBuildIsStale(root)) {
    console.log('[e2e] building the client (tsx server/start/client-build.ts)…');
    // The build `npm start` runs, in a child so vitest's NODE_ENV=test never reaches Vite (the child sets
    // production for its build anyway; say it here too).
    const res = spawnSync(join(root, 'node_modules', '.bin', 'tsx'), ['server/start/client-build.ts'], {
      cwd: root,
      stdio: 'inherit',
      env: { ...process.env, NODE_ENV: 'production' },
    });
    if (res.status !== 0) throw new Error('[e2e] the client build failed');
  }
  // The browser tests must exercise the production bundle users get.
  const development = findDevelopmentRuntime(join(root, 'dist'));
  if (development)
    throw new Error(`[e2e] dist/ holds React's development runtime (${development}); rebuild it for production`);

  const cluster = await clusterForTestRun('e2e servers run on embedded PGlite; setTier is unavailable');
  project.provide('e2ePgUrl', cluster?.url ?? null);
  // The routes the accessibility gate has looked at in the other theme, for the whole run (tests/e2e/a11y.ts).
  const scratch = mkdtempSync(join(tmpdir(), 'e2e-a11y-'));
  project.provide('otherThemeRoutesFile', join(scratch, 'other-theme-routes.txt'));
  return async () => {
    rmSync(scratch, { recursive: true, force: true });
    await cluster?.stop();
  };
}
