// The client build: `npm start` builds dist/ with Vite's JS API, in a child process, when it is missing, older than any
// source, or a development build; the e2e setup runs this file as a child process (`tsx server/start/client-build.ts`) and the bundle
// bench builds into its own directory with the same function, so every build follows one rule: production.
import { spawn } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = join(import.meta.dirname, '..', '..');
export const DIST = join(ROOT, 'dist');
const SOURCES = [
  'src',
  'machines',
  'contract',
  'public',
  'index.html',
  'vite.config.ts',
  'vite-plugins',
  'package.json',
];

/**
 * A sentence only React's development runtime carries (its production build throws numbered errors instead).
 * Vite bundles that runtime whenever NODE_ENV is not 'production' during the build — e.g. vitest's NODE_ENV=test.
 */
export const REACT_DEVELOPMENT_MARKER = 'Invalid hook call';

function newestMtime(path: string): number {
  if (!existsSync(path)) return 0;
  const st = statSync(path);
  if (!st.isDirectory()) return st.mtimeMs;
  let newest = 0; // files only: a directory's mtime changes when an editor writes a temp file
  for (const entry of readdirSync(path)) newest = Math.max(newest, newestMtime(join(path, entry)));
  return newest;
}

/** The first JavaScript file of a build (`<dir>/assets/*.js`) that holds React's development runtime, or null. */
export function findDevelopmentRuntime(dir = DIST): string | null {
  const assets = join(dir, 'assets');
  if (!existsSync(assets)) return null;
  for (const file of readdirSync(assets)) {
    if (file.endsWith('.js') && readFileSync(join(assets, file), 'utf8').includes(REACT_DEVELOPMENT_MARKER)) {
      return join(assets, file);
    }
  }
  return null;
}

/** dist/ must be rebuilt: missing, older than a source, or a development build (never served as production). */
export function clientBuildIsStale(root = ROOT): boolean {
  const index = join(root, 'dist', 'index.html');
  if (!existsSync(index)) return true;
  const built = statSync(index).mtimeMs;
  return SOURCES.some((s) => newestMtime(join(root, s)) > built) || findDevelopmentRuntime(join(root, 'dist')) !== null;
}

/**
 * A production build of the client into `outDir`, whatever NODE_ENV the calling process has: Vite and the React
 * plugin read process.env.NODE_ENV (not only the mode), so it is 'production' for the build and restored after.
 * Throws when the result still holds React's development runtime.
 */
export async function buildClient(root = ROOT, outDir = join(root, 'dist')): Promise<void> {
  const { build } = await import('vite');
  const hostNodeEnv = process.env.NODE_ENV;
  process.env.NODE_ENV = 'production';
  try {
    await build({
      root,
      configFile: join(root, 'vite.config.ts'),
      mode: 'production',
      logLevel: 'warn',
      build: { outDir, emptyOutDir: true },
    });
  } finally {
    if (hostNodeEnv === undefined) delete process.env.NODE_ENV;
    else process.env.NODE_ENV = hostNodeEnv;
  }
  const development = findDevelopmentRuntime(outDir);
  if (development) throw new Error(`the client build holds React's development runtime: ${development}`);
}

/**
 * `buildClient` in a child process (this file with `--force`). Vite and the bundler keep ≈ 300 MB of the process that
 * ran them (heap and native memory never returned): a server that built its client in-process would hold it as long
 * as it runs (docs/server.md, "Memory").
 */
export function buildClientInChild(root = ROOT): Promise<void> {
  return new Promise((resolvePromise, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', join(root, 'server/start/client-build.ts'), '--force'], {
      cwd: root,
      stdio: ['ignore', 'inherit', 'inherit'],
    });
    child.on('error', reject);
    child.on('exit', (code, signal) =>
      code === 0 ? resolvePromise() : reject(new Error(`the client build exited with ${signal ?? `code ${code}`}`)),
    );
  });
}

export async function ensureClientBuilt(root = ROOT, log: (msg: string) => void = console.log): Promise<boolean> {
  if (!clientBuildIsStale(root)) return false;
  log('Сборка клиента… / Building the client…');
  try {
    await buildClientInChild(root);
  } catch (e) {
    // A broken working copy must not take the API down when an older build can still be served.
    if (!existsSync(join(root, 'dist', 'index.html'))) throw e;
    console.warn(
      `Сборка клиента не удалась, отдаём прежнюю сборку dist/ / Client build failed, serving the previous dist/:\n${String(e)}`,
    );
    return false;
  }
  return true;
}

// `tsx server/start/client-build.ts`: builds dist/ when it is stale, in this process of its own (the e2e setup runs
// it so); `--force` (`npm run build`, ensureClientBuilt's child) builds whether or not it is stale — production either way.
if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  (process.argv.includes('--force') || clientBuildIsStale() ? buildClient() : Promise.resolve()).then(
    () => process.exit(0),
    (error: unknown) => {
      console.error(error);
      process.exit(1);
    },
  );
}
