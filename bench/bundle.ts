/**
 * Bundle budget: the JavaScript the browser downloads before /app/home is interactive, at most 150 KB
 * gzip, on both ways in:
 * - returning user: entry → boot (the app shell) → tabs layout → home;
 * - first launch: entry → boot → onboarding → tabs layout → home.
 * Builds a production client (server/start/client-build.ts, the rule `npm start` uses) into a temporary directory — never
 * dist/, which the e2e tests and the server read — then sums the size of each path's chunks (the entry and each
 * lazily imported chunk with their static imports, counted once) as the server sends them: the build's own gzip and
 * brotli copies (vite-plugins/precompress.ts; a file without one goes out as itself). The budget is on gzip; browsers
 * that accept brotli (all current ones over HTTPS) get the brotli column. Screens reached from home have budgets of
 * their own (STEPS: the practice list ≤ 25 KB, a step practice through the list ≤ 50 KB, the chat list ≤ 40 KB, a
 * chat through the list ≤ 50 KB). Run alone:
 * `npx tsx bench/bundle.ts`.
 */
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { fileURLToPath } from 'node:url';
import { buildClient, ROOT } from '../server/start/client-build';
import { compression } from '../vite-plugins/precompress';
import { MODULE_CHUNKS_FILE } from '../vite-plugins/start-chunk';

export const BUNDLE_BUDGET_KB = 150;

/** Chunks (their source files: the app shell src/boot.tsx, the screens of src/routeChunks.ts) each path loads after the entry. */
const PATHS = {
  'returning user (entry → home)': [
    'src/boot.tsx',
    'src/layouts/TabsLayout.tsx',
    'src/screens/home/HomeScreen.tsx',
    'src/telegram/startup.ts', // Telegram's SDK, fetched once the start screen has painted (src/boot.tsx)
  ],
  'first launch (entry → onboarding → home)': [
    'src/boot.tsx',
    'src/telegram/startup.ts',
    'src/screens/onboarding/OnboardingScreen.tsx',
    'src/layouts/TabsLayout.tsx',
    'src/screens/home/HomeScreen.tsx',
  ],
} as const;
/**
 * Screens reached from a path, each with its own budget: what going there downloads beyond what the path already
 * loaded (the screen's chunk and whatever it imports that is not on the path yet).
 */
const STEPS: ReadonlyArray<{ name: string; from: keyof typeof PATHS; chunks: readonly string[]; budgetKb: number }> = [
  {
    name: 'practice list (home → practices)',
    from: 'returning user (entry → home)',
    chunks: ['src/screens/practices/PracticeListScreen.tsx'],
    budgetKb: 25,
  },
  {
    name: 'chat list (home → chats)',
    from: 'returning user (entry → home)',
    chunks: ['src/screens/chat/ChatListScreen.tsx'],
    budgetKb: 40,
  },
  {
    name: 'a step practice (home → practices → its page → the balance wheel)',
    from: 'returning user (entry → home)',
    chunks: [
      'src/screens/practices/PracticeListScreen.tsx',
      'src/layouts/FullHeightLayout.tsx',
      'src/screens/practices/PracticeDetailScreen.tsx',
      'src/screens/practices/PracticeSessionScreen.tsx',
      'src/screens/practices/runners/BalanceWheelRunner.tsx',
    ],
    budgetKb: 50,
  },
  {
    name: 'a chat (home → chats → a chat)',
    from: 'returning user (entry → home)',
    chunks: [
      'src/screens/chat/ChatListScreen.tsx',
      'src/layouts/FullHeightLayout.tsx',
      'src/screens/chat/ChatScreen.tsx',
    ],
    budgetKb: 50,
  },
];
/** Fetched only when first used, listed for information: the toaster, the bottom sheet, framer-motion's features. */
const DEFERRED = ['src/components/Toaster.tsx', 'src/components/AnimatedBottomSheet.tsx', 'src/motion.ts'];

interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
}
type Manifest = Record<string, ManifestChunk>;
/** The build's map of each application module to its chunk file (vite-plugins/start-chunk.ts). */
type ModuleChunks = Record<string, string>;

interface Sized {
  file: string;
  gzipKb: number;
  brotliKb: number;
}

export interface PathReport {
  name: string;
  totalGzipKb: number;
  totalBrotliKb: number;
  withinBudget: boolean;
  files: Sized[];
}

export interface StepReport extends PathReport {
  budgetKb: number;
}

export interface BundleReport {
  budgetKb: number;
  paths: PathReport[];
  steps: StepReport[];
  withinBudget: boolean;
  deferred: Sized[];
}

/**
 * The manifest keys of the chunks `modules` need, transitively. A module's key is itself when its chunk is its own,
 * else the key of the chunk it was grouped into (the start chunk, vite-plugins/start-chunk.ts).
 */
function staticClosure(manifest: Manifest, moduleChunks: ModuleChunks, modules: readonly string[]): Set<string> {
  const keyOf = (module: string) =>
    manifest[module] ? module : Object.keys(manifest).find((key) => manifest[key]!.file === moduleChunks[module]);
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    const chunk = manifest[key];
    if (!chunk) throw new Error(`bundle bench: ${key} is not in the build's .vite/manifest.json`);
    seen.add(key);
    chunk.imports?.forEach(visit);
  };
  for (const module of modules) {
    const key = keyOf(module);
    if (!key) throw new Error(`bundle bench: ${module} is in no chunk of the build`);
    visit(key);
  }
  return seen;
}

const round = (kb: number) => Math.round(kb * 10) / 10;

/** Reads a build's manifest and sizes each path against the budget. */
export function analyseBuild(outDir: string): BundleReport {
  const manifest = JSON.parse(readFileSync(join(outDir, '.vite/manifest.json'), 'utf8')) as Manifest;
  const moduleChunks = JSON.parse(readFileSync(join(outDir, MODULE_CHUNKS_FILE), 'utf8')) as ModuleChunks;
  const closure = (modules: readonly string[]) => staticClosure(manifest, moduleChunks, modules);
  const entry = Object.keys(manifest).find((key) => manifest[key]!.isEntry);
  if (!entry) throw new Error('bundle bench: no entry in the manifest');
  /** Bytes as served: the compressed copy when the build wrote one, else the file itself. */
  const served = (file: string, suffix: string) => {
    const copy = join(outDir, `${file}${suffix}`);
    return statSync(existsSync(copy) ? copy : join(outDir, file)).size / 1024;
  };
  const size = (key: string): Sized => {
    const file = manifest[key]!.file;
    return { file, gzipKb: round(served(file, '.gz')), brotliKb: round(served(file, '.br')) };
  };

  // index.html's inline script (vite-plugins/inline-script.ts) is JavaScript of every path too.
  const inline = [...readFileSync(join(outDir, 'index.html'), 'utf8').matchAll(/<script>([\s\S]*?)<\/script>/g)]
    .map((m) => m[1]!)
    .join('');
  const settings = compression(Buffer.byteLength(inline));
  const inlineSized: Sized[] = inline
    ? [
        {
          file: 'index.html <script>',
          gzipKb: round(gzipSync(inline, settings.gzip).length / 1024),
          brotliKb: round(brotliCompressSync(inline, settings.brotli).length / 1024),
        },
      ]
    : [];

  const sized = (name: string, keys: Iterable<string>, budgetKb: number, extra: Sized[] = []): PathReport => {
    const files = [...[...keys].map(size), ...extra].sort((a, b) => b.gzipKb - a.gzipKb);
    const totalGzipKb = round(files.reduce((sum, f) => sum + f.gzipKb, 0));
    const totalBrotliKb = round(files.reduce((sum, f) => sum + f.brotliKb, 0));
    return { name, totalGzipKb, totalBrotliKb, withinBudget: totalGzipKb <= budgetKb, files };
  };
  const paths = Object.entries(PATHS).map(([name, chunks]) =>
    sized(name, closure([entry, ...chunks]), BUNDLE_BUDGET_KB, inlineSized),
  );
  const steps = STEPS.map(({ name, from, chunks, budgetKb }): StepReport => {
    const loaded = closure([entry, ...PATHS[from]]);
    const added = [...closure(chunks)].filter((key) => !loaded.has(key));
    return { ...sized(name, added, budgetKb), budgetKb };
  });
  const onAnyPath = closure([entry, ...new Set(Object.values(PATHS).flat())]);
  const deferred = [...closure(DEFERRED)].filter((key) => !onAnyPath.has(key)).map(size);
  const withinBudget = paths.every((p) => p.withinBudget) && steps.every((step) => step.withinBudget);
  return { budgetKb: BUNDLE_BUDGET_KB, paths, steps, withinBudget, deferred };
}

export async function measureBundle(): Promise<BundleReport> {
  const outDir = mkdtempSync(join(tmpdir(), 'bundle-bench-'));
  try {
    await buildClient(ROOT, outDir); // throws if React's development runtime got in
    return analyseBuild(outDir);
  } finally {
    rmSync(outDir, { recursive: true, force: true });
  }
}

/** Prints both paths against the budget; returns the report for bench/run.ts. */
export async function benchBundle(): Promise<BundleReport> {
  const report = await measureBundle();
  console.log('\nBundle: JavaScript before /app/home is interactive (production build, as served: gzip / brotli)');
  for (const path of report.paths) {
    console.log(`\n  ${path.name}`);
    for (const f of path.files)
      console.log(`  ${f.gzipKb.toFixed(1).padStart(7)} KB ${f.brotliKb.toFixed(1).padStart(7)} KB  ${f.file}`);
    console.log(
      `  total ${path.totalGzipKb.toFixed(1)} KB gzip of ${report.budgetKb} KB budget — ${
        path.withinBudget ? 'within budget' : 'OVER BUDGET'
      }; ${path.totalBrotliKb.toFixed(1)} KB brotli`,
    );
  }
  for (const step of report.steps) {
    console.log(`\n  ${step.name}: what it adds`);
    for (const f of step.files)
      console.log(`  ${f.gzipKb.toFixed(1).padStart(7)} KB ${f.brotliKb.toFixed(1).padStart(7)} KB  ${f.file}`);
    console.log(
      `  total ${step.totalGzipKb.toFixed(1)} KB gzip of ${step.budgetKb} KB budget — ${
        step.withinBudget ? 'within budget' : 'OVER BUDGET'
      }; ${step.totalBrotliKb.toFixed(1)} KB brotli`,
    );
  }
  console.log('');
  for (const f of report.deferred) {
    console.log(
      `  later, on the first toast or sheet: ${f.gzipKb.toFixed(1)} KB gzip, ${f.brotliKb.toFixed(1)} KB brotli  ${f.file}`,
    );
  }
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
