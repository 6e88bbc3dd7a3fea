// Vitest global setup: one throwaway PostgreSQL cluster per run, shared by every server test file as
// inject('pgUrl'). Without PostgreSQL installed the PostgreSQL half is skipped (and said so), except with CI=true.
import type { TestProject } from 'vitest/node';
import { findPgBin, startTempCluster } from '../../scripts/pg-cluster';

declare module 'vitest' {
  export interface ProvidedContext {
    pgUrl: string | null;
  }
}

export default async function setup(project: TestProject) {
  const bin = findPgBin();
  if (!bin) {
    if (process.env.CI === 'true') throw new Error('CI=true but PostgreSQL is not installed (apt-get install postgresql)');
    console.warn('\n[tests] PostgreSQL not installed: server tests run on PGlite only (skipped the PostgreSQL half)\n');
    project.provide('pgUrl', null);
    return;
  }
  const cluster = await startTempCluster(bin);
  project.provide('pgUrl', cluster.url);
  return () => cluster.stop();
}
