// `npm test` says plainly when the PostgreSQL half of the server tests was skipped: the global setup
// (clusterForTestRun, scripts/pg-cluster.ts) writes the skip to TEST_SKIP_NOTES and scripts/test.mjs's summary
// repeats it above the totals, as it does for e2e without Chromium. With CI=true the skip is a failure instead.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { clusterForTestRun } from '../../scripts/pg-cluster';

type Summary = (
  notes: string[],
  totals: { passed: number; failed: number; skipped: number },
  skipNotesFile: string,
) => string;
const { summary } = (await import('../../scripts/test.mjs' as string)) as { summary: Summary };

const saved = { CI: process.env.CI, TEST_SKIP_NOTES: process.env.TEST_SKIP_NOTES };
const dir = mkdtempSync(join(tmpdir(), 'test-summary-'));
afterEach(() => {
  for (const [k, v] of Object.entries(saved)) {
    if (v === undefined) delete process.env[k];
    else process.env[k] = v;
  }
});

describe('npm test summary', () => {
  it('names the skipped PostgreSQL half when initdb is missing and CI is unset', async () => {
    const notesFile = join(dir, 'skipped.txt');
    delete process.env.CI;
    process.env.TEST_SKIP_NOTES = notesFile;
    expect(await clusterForTestRun('server tests run on PGlite only (skipped the PostgreSQL half)', null)).toBeNull();
    const text = summary(
      ['typecheck: ok', 'unit+screens: 10 passed, 0 failed'],
      { passed: 11, failed: 0, skipped: 0 },
      notesFile,
    );
    expect(text.split('\n')).toEqual([
      'typecheck: ok',
      'unit+screens: 10 passed, 0 failed',
      'SKIPPED (PostgreSQL not installed): server tests run on PGlite only (skipped the PostgreSQL half)',
      '11 passed, 0 failed',
    ]);
    rmSync(dir, { recursive: true, force: true });
  });

  it('with CI=true a missing PostgreSQL fails the run instead', async () => {
    process.env.CI = 'true';
    await expect(clusterForTestRun('anything', null)).rejects.toThrow(/CI=true but PostgreSQL is not installed/);
  });

  it('nothing is said when nothing was skipped', () => {
    expect(summary(['typecheck: ok'], { passed: 1, failed: 0, skipped: 0 }, join(dir, 'none.txt'))).toBe(
      'typecheck: ok\n1 passed, 0 failed',
    );
  });
});
