import { defineConfig } from 'vitest/config';

// The machine tests alone, for mutation testing (npm run mutation): no database, no DOM, no browser.
export default defineConfig({
  test: {
    name: 'machines',
    environment: 'node',
    include: ['tests/machines/**/*.test.ts'],
    testTimeout: 30_000,
  },
});
