/**
 * The safety detector (contract/safety/detect.ts): how well it reads risk and how fast, on the server and in the
 * browser. Run alone: `npx tsx bench/safety.ts` (or `npx tsx bench/run.ts safety`).
 *
 * Quality, on each labelled set (definitions in bench/safety/metrics.ts):
 *   - bench/safety/eval.jsonl — 814 messages written without seeing the detector (the repository's eval set);
 *   - bench/safety/dev.jsonl, dev2.jsonl — the detector author's own development sets;
 *   - bench/safety/everyday.jsonl — 260 ordinary first-week messages (sleep, exams, loneliness after a move, tired
 *     parents…), written by a helper who saw neither the detector nor its sets: what it asks or answers in plain chat.
 * Budgets on the eval set: recall ≥ 99 %, false alarms ≤ 3 %. Printed by category, with the concern rate on the
 * look-alikes (the screening question asked where nothing was wrong), and its several-message cases as the chat reads
 * them, turn by turn (asTheChatReads).
 *
 * Time per message: each message of the three sets is read RUNS times and its median kept; the bench prints the
 * median and p99 over messages — on Node (the server) and in Chromium (the device), where the detector is built on
 * its own by Vite as the client would ship it. The first reading of each message is printed apart: it fills the
 * word cache (words.ts), so it is the slower one. Budget: p99 ≤ 2 ms on both sides. The machine's load average is
 * printed beside: on a shared 2-core machine a busy neighbour moves the tail more than any code change.
 * Size: the detector with everything it imports (the model's weights included), minified, as gzip and brotli
 * (aim ≤ 80 KB brotli, decisions 0280, 0283 and 0287). The training files are read out of fold too (crossValidatedReports).
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { ROOT } from '../server/start/client-build';
import { assessRisk } from '../contract/safety/detect';
import { shippedModel } from '../contract/safety/model';
import { crossValidate, prepare, TRAIN_FILES, tierAt } from '../scripts/train-safety';
import { asTheChatReads, evaluate, percent, readSet, share, type Labelled, type Report } from './safety/metrics';
import { loadAverage, runIfMain } from './support';

export const RECALL_BUDGET = 0.99;
export const FALSE_ALARM_BUDGET = 0.03;
export const P99_BUDGET_MS = 2;
export const SIZE_AIM_KB = 80;
const RUNS = 7;

const SETS = {
  'eval (written blind)': 'bench/safety/eval.jsonl',
  'dev (the author’s)': 'bench/safety/dev.jsonl',
  'dev2 (the author’s)': 'bench/safety/dev2.jsonl',
  'everyday (written blind)': 'bench/safety/everyday.jsonl',
} as const;

interface Timing {
  /** Each message's median of RUNS readings (its words known): median and p99 over messages. */
  medianMs: number;
  p99Ms: number;
  /** Each message's first reading by a fresh detector (fastest of COLD_TRIALS): median and p99 over messages. */
  coldMedianMs: number;
  coldP99Ms: number;
}

type Read = (text: string, context: string[]) => unknown;

/**
 * Plain JavaScript in strings, so Node and the page run the very same measuring code (a compiled function's text
 * could carry the compiler's helpers).
 *   READ_ONCE: each message read once, in a shuffled order (the order decides where a garbage collection falls),
 *     into `times[i]` as the minimum over trials;
 *   READ_MANY: each message read `runs` times, its median kept.
 */
const READ_ONCE = `(messages, read, times, seed) => {
  const order = messages.map((_, i) => i);
  for (let i = order.length - 1; i > 0; i--) {
    seed = (seed * 1103515245 + 12345) % 2147483648;
    const j = seed % (i + 1);
    [order[i], order[j]] = [order[j], order[i]];
  }
  for (const i of order) {
    const started = performance.now();
    read(messages[i].text, messages[i].context || []);
    times[i] = Math.min(times[i], performance.now() - started);
  }
  return times;
}`;
const READ_MANY = `(messages, read, runs) => messages.map(({ text, context = [] }) => {
  const times = [];
  for (let run = 0; run < runs; run++) {
    const started = performance.now();
    read(text, context);
    times.push(performance.now() - started);
  }
  return times.sort((a, b) => a - b)[runs >> 1];
})`;
type ReadOnce = (messages: readonly Message[], read: Read, times: number[], seed: number) => number[];
type ReadMany = (messages: readonly Message[], read: Read, runs: number) => number[];
const readOnce = new Function(`return ${READ_ONCE}`)() as ReadOnce;
const readMany = new Function(`return ${READ_MANY}`)() as ReadMany;
type Message = Pick<Labelled, 'text' | 'context'>;

/** How many fresh detectors read every message once (cold word cache); each message keeps its fastest reading. */
const COLD_TRIALS = 3;

function timing(cold: number[], warm: number[]): Timing {
  const at = (values: number[], q: number) => {
    const sorted = [...values].sort((a, b) => a - b);
    return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * q))]!;
  };
  return { medianMs: at(warm, 0.5), p99Ms: at(warm, 0.99), coldMedianMs: at(cold, 0.5), coldP99Ms: at(cold, 0.99) };
}

async function timeOnNode(messages: readonly Message[]): Promise<Timing> {
  const cold = messages.map(() => Infinity);
  let read: Read = assessRisk;
  for (let trial = 0; trial < COLD_TRIALS; trial++) {
    // A fresh module instance: a fresh lexicon with an empty word cache.
    ({ assessRisk: read } = (await import(`../contract/safety/detect.ts?trial=${trial}`)) as { assessRisk: Read });
    for (let i = 0; i < 200; i++) read(`разогрев ${i}`, []); // JIT, on words of no message
    readOnce(messages, read, cold, trial + 1);
  }
  return timing(cold, readMany(messages, read, RUNS));
}

function printReport(name: string, report: Report) {
  const { total } = report;
  console.log(`\n  ${name}`);
  console.log(
    `    recall ${percent(total.caught, total.risk)} (crisis-labelled → crisis ${percent(total.crisisCaught, total.crisis)}); ` +
      `false alarms ${percent(total.falseAlarms, total.none)}; concern on look-alikes ${percent(total.concerns, total.none)}`,
  );
  for (const [category, tally] of report.byCategory)
    console.log(
      `    ${category.padEnd(20)} ` +
        (tally.risk
          ? `recall ${percent(tally.caught, tally.risk)}`
          : `false alarms ${percent(tally.falseAlarms, tally.none)}, concern ${percent(tally.concerns, tally.none)}`),
    );
}

/**
 * The training files (bench/safety/train/*.jsonl), each read by the detector with the model trained on the other
 * files (scripts/train-safety.ts, the shipped thresholds): honest out-of-fold figures for phrasing the model has not
 * seen. Printed with the rules alone beside.
 */
function crossValidatedReports() {
  console.log(
    `\n  training files, out of fold (the model trained on the other files; ${TRAIN_FILES.length}-fold, by file)`,
  );
  const readings = crossValidate(prepare());
  const { threshold, concern } = shippedModel();
  for (const [fold, path] of TRAIN_FILES.entries()) {
    const held = readings.filter((reading) => reading.fold === fold);
    const byId = new Map(held.map((reading) => [reading.example.id, reading]));
    const items = held.map((reading) => reading.example);
    const rules = evaluate(items, (item) => ({ tier: byId.get(item.id)!.rules }));
    const total = rules.total;
    console.log(
      `    ${path}: rules alone — crisis recall ${percent(total.crisisCaught, total.crisis)}, ` +
        `false alarms ${percent(total.falseAlarms, total.none)}`,
    );
    printReport(
      `${path}: rules + model`,
      evaluate(items, (item) => ({ tier: tierAt(byId.get(item.id)!, threshold, concern.threshold) })),
    );
  }
}

/** Builds the detector alone, as the client ships it (minified, its dependencies inlined): the file's text. */
async function buildDetector(): Promise<string> {
  const outDir = mkdtempSync(join(tmpdir(), 'bench-safety-'));
  try {
    const { build } = await import('vite');
    await build({
      configFile: false,
      root: ROOT,
      logLevel: 'warn',
      build: {
        outDir,
        emptyOutDir: true,
        minify: true,
        lib: { entry: join(ROOT, 'contract/safety/detect.ts'), name: 'safetyDetector', formats: ['iife'] },
      },
    });
    const file = readdirSync(outDir).find((f) => f.endsWith('.js'));
    if (!file) throw new Error('safety bench: the detector build wrote no .js file');
    return readFileSync(join(outDir, file), 'utf8');
  } finally {
    rmSync(outDir, { recursive: true, force: true });
  }
}

async function timeInBrowser(code: string, messages: readonly Message[]): Promise<Timing> {
  const { launchBrowser } = await import('../tests/e2e/harness');
  const browser = await launchBrowser();
  try {
    const page = await browser.newPage();
    const input = messages.map(({ text, context }) => ({ text, context }));
    let cold = messages.map(() => Number.MAX_VALUE);
    let warm: number[] = [];
    for (let trial = 0; trial < COLD_TRIALS; trial++) {
      // A fresh page: a fresh detector with an empty word cache.
      await page.setContent('<!doctype html><title>safety bench</title>');
      await page.addScriptTag({ content: code });
      [cold, warm] = await page.evaluate(
        ([once, many, items, times, seed, runs, last]) => {
          const { assessRisk } = (globalThis as unknown as { safetyDetector: { assessRisk: Read } }).safetyDetector;
          for (let i = 0; i < 200; i++) assessRisk(`разогрев ${i}`, []);
          const coldTimes = (new Function(`return ${once}`)() as ReadOnce)(items, assessRisk, times, seed);
          return [coldTimes, last ? (new Function(`return ${many}`)() as ReadMany)(items, assessRisk, runs) : []];
        },
        [READ_ONCE, READ_MANY, input, cold, trial + 1, RUNS, trial === COLD_TRIALS - 1] as const,
      );
    }
    return timing(cold, warm);
  } finally {
    await browser.close();
  }
}

export interface SafetyReport {
  eval: Report;
  node: Timing;
  browser: Timing;
  sizeKb: { raw: number; gzip: number; brotli: number };
}

export async function benchSafety(): Promise<SafetyReport> {
  console.log('\nSafety detector: recall and false alarms by category (bench/safety/metrics.ts)');
  const sets = Object.entries(SETS).map(([name, path]) => [name, readSet(join(ROOT, path))] as const);
  let evalReport: Report | undefined;
  for (const [name, items] of sets) {
    const report = evaluate(items);
    evalReport ??= report;
    printReport(name, report);
    const several = items.filter((item) => item.context?.length && item.label === 'crisis');
    const replies = several.map(asTheChatReads);
    console.log(
      `    several messages as the chat reads them (any turn): crisis reply ` +
        `${percent(replies.filter((t) => t === 'crisis').length, several.length)}, ` +
        `the screening question at most ${percent(replies.filter((t) => t === 'concern').length, several.length)}`,
    );
  }
  const report = evalReport!;
  crossValidatedReports();
  const recall = share(report.total.caught, report.total.risk);
  const falseAlarms = share(report.total.falseAlarms, report.total.none);
  console.log(
    `\n  eval budgets: recall ${(100 * recall).toFixed(1)} % (≥ ${100 * RECALL_BUDGET} %) — ${recall >= RECALL_BUDGET ? 'within' : 'BELOW'}; ` +
      `false alarms ${(100 * falseAlarms).toFixed(1)} % (≤ ${100 * FALSE_ALARM_BUDGET} %) — ${falseAlarms <= FALSE_ALARM_BUDGET ? 'within' : 'OVER'}`,
  );

  const messages = sets.flatMap(([, items]) => items);
  const node = await timeOnNode(messages);
  const code = await buildDetector();
  const bytes = Buffer.from(code);
  const sizeKb = {
    raw: bytes.length / 1024,
    gzip: gzipSync(bytes, { level: 9 }).length / 1024,
    brotli: brotliCompressSync(bytes).length / 1024,
  };
  const browser = await timeInBrowser(code, messages);

  console.log(
    `\nSafety detector: time per message over ${messages.length} messages (load average ${loadAverage()}); ` +
      `budget p99 ≤ ${P99_BUDGET_MS} ms`,
  );
  const verdict = (ms: number) => (ms <= P99_BUDGET_MS ? 'within' : 'OVER');
  for (const [side, t] of [
    ['Node (server)', node],
    ['Chromium (device)', browser],
  ] as const)
    console.log(
      `  ${side.padEnd(18)} first reading by a fresh detector: median ${t.coldMedianMs.toFixed(3)} ms, ` +
        `p99 ${t.coldP99Ms.toFixed(3)} ms — ${verdict(t.coldP99Ms)}; words known (median of ${RUNS}): ` +
        `median ${t.medianMs.toFixed(3)} ms, p99 ${t.p99Ms.toFixed(3)} ms — ${verdict(t.p99Ms)}`,
    );
  console.log(
    `\nSafety detector size (with the stemmer, minified): ${sizeKb.raw.toFixed(1)} KB, ${sizeKb.gzip.toFixed(1)} KB gzip, ` +
      `${sizeKb.brotli.toFixed(1)} KB brotli (aim ≤ ${SIZE_AIM_KB} KB brotli — ${sizeKb.brotli <= SIZE_AIM_KB ? 'within' : 'OVER'})`,
  );
  return { eval: report, node, browser, sizeKb };
}

runIfMain(import.meta.url, benchSafety);
