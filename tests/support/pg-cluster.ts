// Vitest global setup: one throwaway PostgreSQL cluster per run, shared by every server test file as
// inject('pgUrl'). Without PostgreSQL installed the PostgreSQL half is skipped (and said so), except with CI=true.
import type { TestProject } from 'vitest/node';
import { clusterForTestRun } from '../../scripts/pg-cluster';

declare module 'vitest' {
  export interface ProvidedContext {
    pgUrl: string | null;
  }
}

export default async function setup(project: TestProject) {
  const cluster = await clusterForTestRun('server tests run on PGlite only (skipped the PostgreSQL half)');
  project.provide('pgUrl', cluster?.url ?? null);
  return cluster ? () => cluster.stop() : undefined;
}
