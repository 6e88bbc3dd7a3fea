import { defineConfig } from 'vitest/config';

// The machine tests alone, for mutation testing (npm run mutation): no database, no DOM, no browser.
export default defineConfig({
  test: {
    name: 'machines',
    environment: 'node',
    // MACHINE_TESTS (comma-separated files) narrows the run to a machine's own test: a lower bound of the score,
    // for a machine whose related tests are too slow to run per mutant (the recorder: all of chat-session's paths).
    include: process.env.MACHINE_TESTS?.split(',') ?? ['tests/machines/**/*.test.ts'],
    // The device's risk detector, as the unit project installs it (a chat or step view model reads it).
    setupFiles: ['tests/support/setup-detector.ts'],
    testTimeout: 30_000,
  },
});
