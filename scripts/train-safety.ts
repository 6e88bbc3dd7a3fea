/**
 * Trains the safety detector's statistical layer (contract/safety/model.ts) and writes its weights to
 * contract/safety/model-weights.ts. `npm run train:safety`. Deterministic: a fixed seed, a fixed order of the data,
 * no clock — the same data give the same file byte for byte. The file carries MODEL_INPUTS, a digest of everything the
 * weights depend on (modelInputs below); tests/server/safety-model.test.ts compares it, and trains twice on a few
 * files to check the bytes repeat.
 *
 * Data: bench/safety/train/*.jsonl (TRAIN_FILES) only. bench/safety/eval.jsonl is the report set: never read here.
 * Cross-validation: each file is a fold (each was written in one sitting, so a fold held out is phrasing the model
 * has not seen). Each example is read by the detector itself (detect.ts: the rules, then the heads' evidence as it
 * counts in production) with the model trained on the other files; those out-of-fold readings choose the thresholds:
 * - the crisis head's, lowered until the rules and the model together give the crisis verdict to CRISIS_RECALL_AIM
 *   of the crisis-labelled, but never so far that it adds more than ADDED_FALSE_ALARM_CAP of the `none`-labelled to
 *   the rules' false alarms (the issue: «false alarms were low — keep them low»);
 * - then the concern head's, lowered while it asks no more than ADDED_QUESTION_CAP more of the `none`-labelled.
 * Then both heads are trained on all the files and quantised (int8 times one scale, the TOP_WEIGHTS strongest kept).
 */
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { assessByRules, CONTEXT_MESSAGES, modelEvidence, modelInput, type RiskTier } from '../contract/safety/detect';
import { unpackHead, type Model, type PackedHead } from '../contract/safety/model';
import { inputsDigest } from './inputs-digest';

const ROOT = resolve(fileURLToPath(import.meta.url), '../..');
/** t1 … t37, in order: each file is a fold, so the order fixes the training's arithmetic (and its bytes). */
export const TRAIN_FILES = Array.from({ length: 37 }, (_, i) => `bench/safety/train/t${i + 1}.jsonl`);
export const WEIGHTS_FILE = 'contract/safety/model-weights.ts';

/**
 * The digest of what the weights depend on: the training files, this script, the detector's sources the examples are
 * read through (contract/safety/*.ts but the weights) and the stemmer's version. The file is fresh while it is the same.
 */
export function modelInputs(root = ROOT): string {
  const stemmer = JSON.parse(readFileSync(resolve(root, 'node_modules/@orama/stemmers/package.json'), 'utf8'));
  const detector = readdirSync(resolve(root, 'contract/safety'))
    .filter((name) => name.endsWith('.ts') && `contract/safety/${name}` !== WEIGHTS_FILE)
    .sort()
    .map((name) => `contract/safety/${name}`);
  return inputsDigest(root, `@orama/stemmers ${stemmer.version}`, [
    ...TRAIN_FILES,
    'scripts/train-safety.ts',
    ...detector,
  ]);
}

export const BITS = 18;
/** The strongest weights each head ships: the concern head's reading is a question, not the crisis reply. */
export const TOP_WEIGHTS = { crisis: 23000, concern: 3000 };
const SGD = { epochs: 15, rate: 0.2, l2: 1e-3, seed: 1 };
export const CRISIS_RECALL_AIM = 0.97;
/** Of the `none`-labelled, the share the model may add to the rules' false alarms (the crisis reply). */
export const ADDED_FALSE_ALARM_CAP = 0.015;
/** Of the `none`-labelled, the share the concern head may add to those asked the screening question. */
export const ADDED_QUESTION_CAP = 0.02;

export interface Example {
  id: string;
  text: string;
  context?: string[];
  label: RiskTier;
  category: string;
}

export const readExamples = (path: string): Example[] =>
  readFileSync(resolve(ROOT, path), 'utf8')
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => JSON.parse(line) as Example);

/** A linear congruential generator's shuffle: the same order on every machine. */
function shuffle(order: number[], seed: number): number {
  for (let i = order.length - 1; i > 0; i--) {
    seed = (seed * 1103515245 + 12345) % 2147483648;
    const j = seed % (i + 1);
    [order[i], order[j]] = [order[j]!, order[i]!];
  }
  return seed;
}

/**
 * Logistic regression by stochastic gradient descent, the features scaled by 1/√(count), L2-regularised: both heads
 * at once, over the same examples in the same shuffled order, each with its own targets (1 or 0 per example).
 *
 * Each head's arithmetic is exactly that of training it alone (the same sums in the same order: the weights come out
 * bit for bit the same); doing both in one pass halves the walks over the features, and the two weights of a bucket
 * sit side by side (crisis, concern), in one cache line.
 */
export function trainHeads(
  features: readonly Int32Array[],
  crisisTargets: readonly number[],
  concernTargets: readonly number[],
): [crisis: Float64Array, concern: Float64Array] {
  const { slots, starts, scales } = flatten(features);
  const weights = new Float64Array(2 << BITS);
  const order = features.map((_, i) => i);
  const { l2 } = SGD;
  let seed = SGD.seed;
  for (let epoch = 0; epoch < SGD.epochs; epoch++) {
    seed = shuffle(order, seed);
    const rate = SGD.rate / (1 + epoch * 0.5);
    for (const i of order) {
      const from = starts[i]!;
      const to = starts[i + 1]!;
      const scale = scales[i]!;
      let crisis = 0;
      let concern = 0;
      for (let k = from; k < to; k++) {
        const at = slots[k]!;
        crisis += weights[at]!;
        concern += weights[at + 1]!;
      }
      const crisisGradient = (1 / (1 + Math.exp(-crisis * scale)) - crisisTargets[i]!) * scale;
      const concernGradient = (1 / (1 + Math.exp(-concern * scale)) - concernTargets[i]!) * scale;
      for (let k = from; k < to; k++) {
        const at = slots[k]!;
        weights[at] = weights[at]! - rate * (crisisGradient + l2 * weights[at]!);
        weights[at + 1] = weights[at + 1]! - rate * (concernGradient + l2 * weights[at + 1]!);
      }
    }
  }
  const heads: [Float64Array, Float64Array] = [new Float64Array(1 << BITS), new Float64Array(1 << BITS)];
  for (let j = 0; j < 1 << BITS; j++) [heads[0][j], heads[1][j]] = [weights[2 * j]!, weights[2 * j + 1]!];
  return heads;
}

/**
 * The examples' features in one array, each bucket j as its weights' slot 2j, in each example's own order: example
 * i's are slots[starts[i]] to slots[starts[i + 1]].
 */
function flatten(features: readonly Int32Array[]) {
  const starts = new Int32Array(features.length + 1);
  for (let i = 0; i < features.length; i++) starts[i + 1] = starts[i]! + features[i]!.length;
  const slots = new Int32Array(starts[features.length]!);
  for (let i = 0; i < features.length; i++) {
    const x = features[i]!;
    for (let k = 0; k < x.length; k++) slots[starts[i]! + k] = 2 * x[k]!;
  }
  const scales = Float64Array.from(features, (x) => 1 / Math.sqrt(x.length));
  return { slots, starts, scales };
}

const toBase64 = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64');

/**
 * The `top` buckets of the largest |weight| (a tie goes to the lower bucket), zeros never, in bucket order: one sort
 * of the magnitudes finds the cut, where sorting the buckets by them took seconds per head.
 */
function strongestBuckets(weights: Float64Array, top: number): number[] {
  // Plain loops: a typed array's map() or filter() with a callback took 70 ms per head.
  const magnitudes = new Float64Array(weights.length);
  let count = 0;
  for (let j = 0; j < weights.length; j++) if ((magnitudes[j] = Math.abs(weights[j]!)) !== 0) count++;
  const nonzero = new Float64Array(count);
  count = 0;
  for (const m of magnitudes) if (m !== 0) nonzero[count++] = m;
  nonzero.sort();
  const cut = nonzero.length > top ? nonzero[nonzero.length - top]! : 0;
  let ties = top - (nonzero.length - 1 - nonzero.lastIndexOf(cut));
  const strongest: number[] = [];
  for (let j = 0; j < magnitudes.length; j++) {
    const m = magnitudes[j]!;
    if (m > cut || (m === cut && m !== 0 && ties-- > 0)) strongest.push(j);
  }
  return strongest;
}

/** The `top` strongest weights as int8 times one scale (model.ts `PackedHead`). */
export function packHead(weights: Float64Array, top: number): PackedHead {
  const strongest = strongestBuckets(weights, top);
  const scale = Number((Math.max(...strongest.map((j) => Math.abs(weights[j]!))) / 127).toPrecision(8));
  const kept = strongest.filter((j) => Math.round(weights[j]! / scale) !== 0);
  const gaps: number[] = [];
  let previous = 0;
  for (const j of kept) {
    let gap = j - previous;
    previous = j;
    while (gap >= 0x80) {
      gaps.push((gap & 0x7f) | 0x80);
      gap >>>= 7;
    }
    gaps.push(gap);
  }
  return {
    scale,
    buckets: toBase64(Uint8Array.from(gaps)),
    weights: toBase64(new Uint8Array(Int8Array.from(kept.map((j) => Math.round(weights[j]! / scale))).buffer)),
  };
}

interface Prepared extends Example {
  fold: number;
  features: Int32Array;
}

export function prepare(files: readonly string[] = TRAIN_FILES): Prepared[] {
  return files.flatMap((path, fold) =>
    readExamples(path).map((example) => ({
      ...example,
      fold,
      features: modelInput(example.text, example.context ?? [], BITS),
    })),
  );
}

/** What each head is trained to read: crisis against the rest, and any risk (concern or crisis) against none. */
const TARGETS = {
  crisis: (label: RiskTier) => label === 'crisis',
  concern: (label: RiskTier) => label !== 'none',
};

/** Both heads trained on the examples and quantised as shipped. */
function trainPacked(examples: readonly Prepared[]): { crisis: PackedHead; concern: PackedHead } {
  const targets = (head: keyof typeof TARGETS) => examples.map((example) => (TARGETS[head](example.label) ? 1 : 0));
  const [crisis, concern] = trainHeads(
    examples.map((example) => example.features),
    targets('crisis'),
    targets('concern'),
  );
  return { crisis: packHead(crisis, TOP_WEIGHTS.crisis), concern: packHead(concern, TOP_WEIGHTS.concern) };
}

export interface OutOfFold {
  example: Example;
  /** The training file it comes from (TRAIN_FILES index), held out while it was read. */
  fold: number;
  /** The rules' tier, and each head's evidence as detect.ts counts it (-Infinity: nothing to read). */
  rules: RiskTier;
  evidence: number;
  concernEvidence: number;
}

/** Each example read by the detector with the model trained on the four other files (quantised as shipped). */
export function crossValidate(examples: readonly Prepared[], folds = TRAIN_FILES.length): OutOfFold[] {
  const readings: OutOfFold[] = [];
  for (let fold = 0; fold < folds; fold++) {
    const others = examples.filter((example) => example.fold !== fold);
    const heads = trainPacked(others);
    const model: Model = {
      bits: BITS,
      threshold: Infinity,
      head: unpackHead(heads.crisis),
      concern: { threshold: Infinity, head: unpackHead(heads.concern) },
    };
    for (const example of examples.filter((candidate) => candidate.fold === fold)) {
      const context = example.context ?? [];
      const rules = assessByRules(example.text, context);
      // The input after the whole context is the one prepare() computed (modelInput reads no more of it).
      const inputAfter = (earlier: readonly string[]) =>
        earlier.length === Math.min(context.length, CONTEXT_MESSAGES)
          ? example.features
          : modelInput(example.text, earlier, BITS);
      const evidence = modelEvidence(example.text, context, rules, model, inputAfter);
      readings.push({ example, fold, rules: rules.tier, evidence: evidence.crisis, concernEvidence: evidence.concern });
    }
  }
  return readings;
}

/** The detector's tier for an example read out of fold, at the heads' thresholds (as detect.ts `assessRisk`). */
export const tierAt = (reading: OutOfFold, threshold: number, concernThreshold = Infinity): RiskTier =>
  reading.rules === 'crisis' || reading.evidence >= threshold
    ? 'crisis'
    : reading.rules === 'none' && reading.concernEvidence >= concernThreshold
      ? 'concern'
      : reading.rules;

const round = (value: number) => Math.round(value * 1000) / 1000;

/** The threshold (see the header) from out-of-fold readings. */
export function chooseThreshold(readings: readonly OutOfFold[]): number {
  const crises = readings.filter(({ example }) => example.label === 'crisis');
  const none = readings.filter(({ example }) => example.label === 'none');
  const count = (list: readonly OutOfFold[], threshold: number) =>
    list.filter((reading) => tierAt(reading, threshold) === 'crisis').length;
  const candidates = [...new Set(crises.map((r) => round(r.evidence)).filter(Number.isFinite))].sort((a, b) => b - a);
  let threshold = Infinity;
  for (const candidate of candidates) {
    if (count(none, candidate) - count(none, Infinity) > ADDED_FALSE_ALARM_CAP * none.length) break;
    threshold = candidate;
    if (count(crises, candidate) >= CRISIS_RECALL_AIM * crises.length) break;
  }
  return threshold;
}

/**
 * The concern head's threshold, the crisis head's chosen: as low as the concern-labelled are asked, but never so low
 * that it asks more than ADDED_QUESTION_CAP of the `none`-labelled beyond those the rules and the crisis head answer.
 */
export function chooseConcernThreshold(readings: readonly OutOfFold[], threshold: number): number {
  const concerns = readings.filter(({ example }) => example.label === 'concern');
  const none = readings.filter(({ example }) => example.label === 'none');
  const asked = (concernThreshold: number) =>
    none.filter((reading) => tierAt(reading, threshold, concernThreshold) !== 'none').length;
  const candidates = [...new Set(concerns.map((r) => round(r.concernEvidence)).filter(Number.isFinite))].sort(
    (a, b) => b - a,
  );
  let chosen = Infinity;
  for (const candidate of candidates) {
    if (asked(candidate) - asked(Infinity) > ADDED_QUESTION_CAP * none.length) break;
    chosen = candidate;
  }
  return chosen;
}

export interface Thresholds {
  crisis: number;
  concern: number;
}

export function renderWeights(
  thresholds: Thresholds,
  head: PackedHead,
  concernHead: PackedHead,
  inputs = modelInputs(),
): string {
  const packed = (name: string, of: PackedHead, indent: string) => [
    `${indent}${name}: {`,
    `${indent}  scale: ${of.scale},`,
    `${indent}  buckets: '${of.buckets}',`,
    `${indent}  weights: '${of.weights}',`,
    `${indent}},`,
  ];
  return [
    '// Generated by scripts/train-safety.ts (`npm run train:safety`) from bench/safety/train/*.jsonl. Do not edit.',
    "import type { PackedHead } from './model';",
    '',
    `export const MODEL_INPUTS = '${inputs}';`,
    '',
    'export const MODEL: {',
    '  bits: number;',
    '  threshold: number;',
    '  head: PackedHead;',
    '  concern: { threshold: number; head: PackedHead };',
    '} = {',
    `  bits: ${BITS},`,
    `  threshold: ${thresholds.crisis},`,
    ...packed('head', head, '  '),
    '  concern: {',
    `    threshold: ${thresholds.concern},`,
    ...packed('head', concernHead, '    '),
    '  },',
    '};',
    '',
  ].join('\n');
}

/**
 * The whole run: cross-validation, the threshold, the final head; returns the module's text and the readings. `files`
 * (TRAIN_FILES unless given, each a fold) lets the test train on a few.
 */
export function trainSafetyModel(files: readonly string[] = TRAIN_FILES): {
  module: string;
  thresholds: Thresholds;
  readings: OutOfFold[];
} {
  const examples = prepare(files);
  const readings = crossValidate(examples, files.length);
  const crisis = chooseThreshold(readings);
  const thresholds = { crisis, concern: chooseConcernThreshold(readings, crisis) };
  const heads = trainPacked(examples);
  return { module: renderWeights(thresholds, heads.crisis, heads.concern), thresholds, readings };
}

const percent = (part: number, whole: number) => `${((100 * part) / Math.max(whole, 1)).toFixed(1)} %`;

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const { module, thresholds, readings } = trainSafetyModel();
  writeFileSync(resolve(ROOT, WEIGHTS_FILE), module);
  console.log(`thresholds (folds by file, out of fold): crisis ${thresholds.crisis}, concern ${thresholds.concern}`);
  for (const [name, crisis, concern] of [
    ['rules alone', Infinity, Infinity],
    ['rules + crisis head', thresholds.crisis, Infinity],
    ['rules + both heads', thresholds.crisis, thresholds.concern],
  ] as const) {
    const share = (label: RiskTier, tiers: readonly RiskTier[], category?: string) => {
      const list = readings.filter((r) => r.example.label === label && (!category || r.example.category === category));
      return percent(list.filter((r) => tiers.includes(tierAt(r, crisis, concern))).length, list.length);
    };
    console.log(
      `${name}: crisis recall ${share('crisis', ['crisis'])}, false alarms (none → crisis) ` +
        `${share('none', ['crisis'])}, ordinary → crisis ${share('none', ['crisis'], 'ordinary')}, ` +
        `concern asked ${share('concern', ['concern', 'crisis'])}, none asked ${share('none', ['concern'])}`,
    );
  }
  console.log(`wrote ${WEIGHTS_FILE} (${module.length} bytes)`);
}
