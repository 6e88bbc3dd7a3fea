/**
 * Bundle budget (issue 2): the JavaScript the browser downloads before /app/home is interactive,
 * at most 150 KB gzip. Builds the client with Vite's JS API, then sums the gzip size of the entry,
 * its static imports, and the lazy chunks /app/home needs (the app-layout chunk and the home
 * screen's chunk, each with their own static imports). Run alone: `npx tsx bench/bundle.ts`.
 */
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { build } from 'vite';

export const BUNDLE_BUDGET_KB = 150;

/** Source files whose lazy chunks /app/home needs besides the entry (see src/routes.tsx). */
const HOME_PATH_CHUNKS = ['src/layouts/TabsLayout.tsx', 'src/screens/home/HomeScreen.tsx'];

interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
}
type Manifest = Record<string, ManifestChunk>;

export interface BundleReport {
  budgetKb: number;
  totalGzipKb: number;
  withinBudget: boolean;
  files: { file: string; gzipKb: number }[];
  /** Fetched only when first used (toaster, framer-motion, onboarding); listed for information. */
  deferred: { file: string; gzipKb: number }[];
}

const root = resolve(fileURLToPath(new URL('..', import.meta.url)));

function staticClosure(manifest: Manifest, keys: string[]): Set<string> {
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    const chunk = manifest[key];
    if (!chunk) throw new Error(`bundle bench: ${key} is not in dist/.vite/manifest.json`);
    seen.add(key);
    chunk.imports?.forEach(visit);
  };
  keys.forEach(visit);
  return seen;
}

const gzipKb = (file: string) =>
  Math.round((gzipSync(readFileSync(join(root, 'dist', file))).length / 1024) * 10) / 10;

export async function measureBundle(): Promise<BundleReport> {
  await build({ root, logLevel: 'warn', configFile: join(root, 'vite.config.ts') });
  const manifest = JSON.parse(readFileSync(join(root, 'dist/.vite/manifest.json'), 'utf8')) as Manifest;
  const entry = Object.keys(manifest).find((key) => manifest[key]!.isEntry);
  if (!entry) throw new Error('bundle bench: no entry in the manifest');

  const needed = staticClosure(manifest, [entry, ...HOME_PATH_CHUNKS]);
  const files = [...needed].map((key) => ({ file: manifest[key]!.file, gzipKb: gzipKb(manifest[key]!.file) }));
  const later = staticClosure(manifest, ['src/components/Toaster.tsx', 'src/motion.ts']);
  const deferred = [...later]
    .filter((key) => !needed.has(key))
    .map((key) => ({ file: manifest[key]!.file, gzipKb: gzipKb(manifest[key]!.file) }));
  const total = Math.round(files.reduce((sum, f) => sum + f.gzipKb, 0) * 10) / 10;
  return {
    budgetKb: BUNDLE_BUDGET_KB,
    totalGzipKb: total,
    withinBudget: total <= BUNDLE_BUDGET_KB,
    files: files.sort((a, b) => b.gzipKb - a.gzipKb),
    deferred,
  };
}

/** Prints the figure against the budget; returns the report for bench/run.ts. */
export async function benchBundle(): Promise<BundleReport> {
  const report = await measureBundle();
  console.log('\nBundle: JavaScript before /app/home is interactive (gzip)');
  for (const f of report.files) console.log(`  ${f.gzipKb.toFixed(1).padStart(7)} KB  ${f.file}`);
  console.log(
    `  total ${report.totalGzipKb.toFixed(1)} KB of ${report.budgetKb} KB budget — ${
      report.withinBudget ? 'within budget' : 'OVER BUDGET'
    }`,
  );
  for (const f of report.deferred)
    console.log(`  later, on first toast: ${f.gzipKb.toFixed(1)} KB  ${f.file}`);
  return report;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  benchBundle().then(
    (report) => process.exit(report.withinBudget ? 0 : 1),
    (error: unknown) => {
      console.error(error);
      process.exit(1);
    },
  );
}
