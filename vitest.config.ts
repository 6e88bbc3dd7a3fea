import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

// Three projects: pure node (machines, server, docs, pure client modules), jsdom (screens), and real Chromium (e2e).
// The PostgreSQL cluster for server tests is started once per run by tests/support/pg-cluster.ts.
export default defineConfig({
  plugins: [react()],
  test: {
    // Vitest's default is one worker fewer than the cores: one on a 2-core machine. Server tests spend most of their
    // time waiting on PostgreSQL, so a worker per core (at least two) runs the suite in far less time.
    maxWorkers: Math.max(2, availableParallelism()),
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          environment: 'node',
          include: [
            'tests/machines/**/*.test.ts',
            'tests/server/**/*.test.ts',
            'tests/docs/**/*.test.ts',
            'tests/client/**/*.test.ts',
          ],
          globalSetup: ['tests/support/pg-cluster.ts'],
          setupFiles: ['tests/support/setup-detector.ts'],
          // The files of a worker share its modules instead of importing the server, drizzle, zod and xstate afresh
          // each: a third less CPU for this project (docs/testing.md «Where the suite's time goes»). So no file may
          // lean on module state another left: each server file gets databases of its own (tests/server/harness.ts).
          isolate: false,
          // Limits catch a hang, not slowness: the CI machine ran some tests at twice this machine's time.
          testTimeout: 60_000,
          hookTimeout: 60_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'screens',
          environment: 'jsdom',
          include: ['tests/screens/**/*.test.tsx'],
          setupFiles: [
            'tests/support/setup-dom.ts',
            'tests/support/setup-detector.ts',
            'tests/support/setup-toasts.ts',
          ],
          // Each file still gets a fresh worker and jsdom, but a worker thread costs less to start than a child
          // process: about 15 s less CPU for this project's 36 files (docs/testing.md «Where the suite's time goes»).
          pool: 'threads',
          // The browser tests run beside this project (scripts/test.mjs): a screen that renders in 1 s on an idle
          // machine can take 5 s, vitest's default, while Chromium and the client build share the cores (and the CI
          // machine is slower still).
          testTimeout: 30_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'e2e',
          environment: 'node',
          include: ['tests/e2e/**/*.test.ts'],
          globalSetup: ['tests/e2e/global-setup.ts'],
          fileParallelism: false,
          // Beside the unit step (scripts/test.mjs) a 35 s test took 62 s on the CI machine: the timeout catches a
          // hang, not slowness.
          testTimeout: 90_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
});
