// `npm start` builds the client with Vite's JS API when dist/index.html is missing or older than any source.
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

export const ROOT = join(import.meta.dirname, '..');
export const DIST = join(ROOT, 'dist');
const SOURCES = ['src', 'machines', 'contract', 'public', 'index.html', 'vite.config.ts', 'package.json'];

function newestMtime(path: string): number {
  if (!existsSync(path)) return 0;
  const st = statSync(path);
  if (!st.isDirectory()) return st.mtimeMs;
  let newest = 0; // files only, as tests/e2e/global-setup.ts counts, so both agree on 'stale'
  for (const entry of readdirSync(path)) newest = Math.max(newest, newestMtime(join(path, entry)));
  return newest;
}

export function clientBuildIsStale(root = ROOT): boolean {
  const index = join(root, 'dist', 'index.html');
  if (!existsSync(index)) return true;
  const built = statSync(index).mtimeMs;
  return SOURCES.some((s) => newestMtime(join(root, s)) > built);
}

export async function ensureClientBuilt(root = ROOT, log: (msg: string) => void = console.log): Promise<boolean> {
  if (!clientBuildIsStale(root)) return false;
  log('Сборка клиента… / Building the client…');
  const { build } = await import('vite');
  try {
    await build({ root, configFile: join(root, 'vite.config.ts'), logLevel: 'warn' });
  } catch (e) {
    // A broken working copy must not take the API down when an older build can still be served.
    if (!existsSync(join(root, 'dist', 'index.html'))) throw e;
    console.warn(`Сборка клиента не удалась, отдаём прежнюю сборку dist/ / Client build failed, serving the previous dist/:\n${String(e)}`);
    return false;
  }
  return true;
}
