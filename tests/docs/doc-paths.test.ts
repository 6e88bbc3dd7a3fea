// The docs cite files by their repository path; a cited file that was moved or deleted sends a newcomer nowhere.
// Every path under one of the repository's folders named in README.md or docs/ (decision records included) must
// exist, and docs/decisions/README.md must list every record.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const DECISIONS = 'docs/decisions';
const docs = [
  'README.md',
  ...readdirSync(`${ROOT}docs`, { recursive: true })
    .filter((f): f is string => typeof f === 'string' && f.endsWith('.md'))
    .map((f) => `docs/${f}`),
];

// A path starts at a top-level folder and ends in a file extension; placeholders (`<domain>`, `NNNN`, globs) break
// the match on purpose, and so does a path followed by more path characters.
const CITED =
  /(?<![\w/.-])((?:contract|machines|src|server|tests|scripts|bench|docs|vite-plugins)\/[\w./-]*\.(?:ts|tsx|md|json|js|mjs|sql))(?![\w/<*-])/g;

function citedPaths(file: string): string[] {
  const text = readFileSync(`${ROOT}${file}`, 'utf8');
  return [...text.matchAll(CITED)].map((m) => m[1]!).filter((p) => !/\bNNNN\b|\/\.\.?\//.test(p));
}

describe('paths cited in the docs', () => {
  it.each(docs)('%s cites only files that exist', (file) => {
    const missing = [...new Set(citedPaths(file))].filter((p) => !existsSync(`${ROOT}${p}`));
    expect(missing).toEqual([]);
  });

  it('finds citations to check (the pattern still matches)', () => {
    expect(citedPaths('docs/architecture.md').length).toBeGreaterThan(20);
    expect(citedPaths(`${DECISIONS}/0001-node-20-pins.md`)).toEqual([]);
  });
});

describe('docs/decisions/README.md', () => {
  it('lists every decision record by its file', () => {
    const index = readFileSync(`${ROOT}${DECISIONS}/README.md`, 'utf8');
    const records = readdirSync(`${ROOT}${DECISIONS}`).filter((f) => /^\d{4}-.*\.md$/.test(f));
    expect(records.length).toBeGreaterThan(100);
    expect(records.filter((f) => !index.includes(`](${f})`))).toEqual([]);
  });

  it('gives every record the four sections', () => {
    const records = readdirSync(`${ROOT}${DECISIONS}`).filter((f) => /^\d{4}-.*\.md$/.test(f));
    const incomplete = records.filter((f) => {
      const text = readFileSync(`${ROOT}${DECISIONS}/${f}`, 'utf8');
      return !['## Status', '## Context', '## Decision', '## Consequences'].every((h) => text.includes(`\n${h}\n`));
    });
    expect(incomplete).toEqual([]);
  });
});
