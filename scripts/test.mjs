#!/usr/bin/env node
// `npm test`: type check, lint (ESLint and Prettier's check), unit + screen tests, and the browser tests when
// Chromium is installed. The browser tests run beside the others, not after them: one file at a time they keep less
// than one core busy (the app, its server and Chromium wait on each other), so on two cores the whole run takes about
// as long as its longest step (docs/testing.md «Where the suite's time goes»). Their output is printed as one block when
// they end.
// Without Chromium the e2e step is skipped and said so plainly; with CI=true a skip is a failure.
// (PostgreSQL: the vitest global setups run the PostgreSQL parts when it is installed — same rule; what they skip
// they write to TEST_SKIP_NOTES, and the summary repeats it.)
// Ends with one summary line: `N passed, N failed` (`, N skipped` when any), and exits non-zero on any failure.
import { spawn, spawnSync } from 'node:child_process';
import { closeSync, existsSync, mkdtempSync, openSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const ci = process.env.CI === 'true';
const bin = (name) => join('node_modules', '.bin', name);
const totals = { passed: 0, failed: 0, skipped: 0 };
const notes = [];
let outDir = '';
let skipNotes = '';

/** The closing summary: each step's note, then each skip the global setups announced, then the totals line. */
export function summary(stepNotes, counts, skipNotesFile) {
  const skips = existsSync(skipNotesFile) ? readFileSync(skipNotesFile, 'utf8').split('\n').filter(Boolean) : [];
  const total = `${counts.passed} passed, ${counts.failed} failed${counts.skipped ? `, ${counts.skipped} skipped` : ''}`;
  return [...stepNotes, ...new Set(skips), total].join('\n');
}

function run(cmd, args) {
  console.log(`\n$ ${cmd} ${args.join(' ')}`);
  const res = spawnSync(cmd, args, { stdio: 'inherit', env: { ...process.env, TEST_SKIP_NOTES: skipNotes } });
  return res.status ?? 1;
}

/** One check made of commands: all of them run (so every finding is printed); it passes when each exits 0. */
function check(label, commands) {
  const ok = commands.map(([cmd, args]) => run(cmd, args)).every((status) => status === 0);
  totals[ok ? 'passed' : 'failed'] += 1;
  notes.push(`${label}: ${ok ? 'ok' : 'FAILED'}`);
}

function findChromium() {
  if (process.env.CHROMIUM_PATH && existsSync(process.env.CHROMIUM_PATH)) return process.env.CHROMIUM_PATH;
  if (existsSync('/usr/bin/chromium')) return '/usr/bin/chromium';
  const which = spawnSync('sh', ['-c', 'command -v chromium || command -v chromium-browser'], { encoding: 'utf8' });
  return which.status === 0 && which.stdout.trim() ? which.stdout.trim() : null;
}

function vitestArgs(projects, json) {
  return [
    'run',
    ...projects.flatMap((p) => ['--project', p]),
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${json}`,
  ];
}

/** Adds a vitest run's counts (its JSON report) to the totals, with a note of its own. */
function count(label, status, json) {
  let report = null;
  try {
    report = JSON.parse(readFileSync(json, 'utf8'));
  } catch {
    /* vitest died before writing its report */
  }
  if (!report) {
    totals.failed += 1;
    notes.push(`${label}: vitest exited with ${status} and no report`);
    return;
  }
  const skipped = (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0);
  totals.passed += report.numPassedTests;
  totals.failed += report.numFailedTests;
  totals.skipped += skipped;
  // Suites that failed to load (syntax error, failing setup) have no failed tests but a non-zero exit.
  if (status !== 0 && report.numFailedTests === 0) {
    totals.failed += 1;
    notes.push(`${label}: vitest exited with ${status} (a test file or global setup failed to run)`);
  }
  notes.push(
    `${label}: ${report.numPassedTests} passed, ${report.numFailedTests} failed${skipped ? `, ${skipped} skipped` : ''}`,
  );
}

/** Runs vitest with the JSON reporter next to the default one and adds its counts to the totals. */
function vitest(label, projects) {
  const json = join(outDir, `${label}.json`);
  count(label, run(bin('vitest'), vitestArgs(projects, json)), json);
}

/**
 * Starts vitest in the background, its output into a file (never a pipe: the steps run meanwhile block this
 * process). The promise prints that output and adds the counts once it ends.
 */
function vitestInBackground(label, projects, env) {
  const json = join(outDir, `${label}.json`);
  const log = join(outDir, `${label}.log`);
  const args = vitestArgs(projects, json);
  console.log(`\n$ ${bin('vitest')} ${args.join(' ')}   (in the background; its output follows when it ends)`);
  const fd = openSync(log, 'w');
  const child = spawn(bin('vitest'), args, {
    stdio: ['ignore', fd, fd],
    env: { ...process.env, TEST_SKIP_NOTES: skipNotes, ...env },
  });
  closeSync(fd);
  return new Promise((resolveDone) => {
    child.on('close', (code) => {
      console.log(`\n----- ${label} (ran in the background) -----\n${readFileSync(log, 'utf8')}`);
      count(label, code ?? 1, json);
      resolveDone();
    });
  });
}

async function main() {
  outDir = mkdtempSync(join(tmpdir(), 'npm-test-'));
  skipNotes = join(outDir, 'skipped.txt');

  // Browser tests in the system Chromium, beside everything below.
  const chromium = findChromium();
  let e2e = Promise.resolve();
  if (chromium) {
    e2e = vitestInBackground('e2e', ['e2e'], { CHROMIUM_PATH: chromium });
  } else if (ci) {
    totals.failed += 1;
    notes.push('e2e: FAILED — CI=true but chromium is not installed (apt-get install chromium)');
  } else {
    console.log('\nSKIPPED e2e: chromium not installed');
    notes.push('SKIPPED e2e: chromium not installed');
  }

  // Type check, then lint: each counted as one check.
  check('typecheck', [[bin('tsc'), ['--noEmit', '-p', '.']]]);
  check('lint', [
    [bin('eslint'), ['.']],
    [bin('prettier'), ['--check', '.']],
  ]);

  // Machines, server, docs (node) and screens (jsdom).
  vitest('unit+screens', ['unit', 'screens']);

  await e2e;
  console.log('\n' + summary(notes, totals, skipNotes));
  rmSync(outDir, { recursive: true, force: true });
  process.exit(totals.failed > 0 ? 1 : 0);
}

// Run as `node scripts/test.mjs`; imported (tests), it only lends `summary`.
if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) await main();
