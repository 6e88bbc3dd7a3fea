// Mutation testing of the statecharts by the machine tests alone (docs/testing.md): `npm run mutation`, or one
// file at a time: `npm run mutation -- --mutate machines/billing/trial.machine.ts`. Not part of `npm test`.
/** @type {import('@stryker-mutator/api/core').PartialStrykerOptions} */
export default {
  testRunner: 'vitest',
  vitest: { configFile: 'vitest.machines.config.ts' },
  // The TypeScript checker compiles the whole project per batch of mutants: about ten minutes to start and hours per
  // file on the shared 2-core machine. STRYKER_CHECKER=off skips it (mutants that would not compile then count as
  // killed when a test fails on them, or as survivors: docs/testing.md lists every survivor).
  checkers: process.env.STRYKER_CHECKER === 'off' ? [] : ['typescript'],
  tsconfigFile: 'tsconfig.json',
  mutate: ['machines/**/*.ts'],
  // Mutants inside a statechart's `description:` are documentation, not behaviour (decision 0250).
  plugins: ['@stryker-mutator/*', './scripts/stryker-description-ignorer.mjs'],
  ignorers: ['machine-descriptions'],
  // Not 'perTest': a machine is built when its module loads, so nearly every mutant is static, and with a test
  // filter Stryker 9.6.1's vitest runner activates static mutants after the module loaded: they falsely survive
  // (stryker-js#6144; trial: 29 false or equivalent survivors out of 120 with perTest).
  coverageAnalysis: 'off',
  // Two shared cores.
  concurrency: 2,
  timeoutMS: 30_000,
  thresholds: { high: 90, low: 85, break: null },
  reporters: ['clear-text', 'progress', 'json', 'html'],
  jsonReporter: { fileName: 'reports/mutation/mutation.json' },
  htmlReporter: { fileName: 'reports/mutation/mutation.html' },
  ignorePatterns: ['dist', 'data', 'reports', 'coverage'],
  tempDirName: '.stryker-tmp',
  cleanTempDir: 'always',
};
