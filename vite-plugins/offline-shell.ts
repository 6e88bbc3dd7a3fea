// Writes the offline shell's service worker (`sw.js`, from ./offline-shell-worker.js) with this build's file list:
// index.html, then every chunk the entry, the app and the given lazily loaded modules need (themselves and their
// static imports), so that a route made of those modules opens with no network. The version is a hash of the list
// and the worker's source: a new build is a new worker, which replaces the previous one's cache.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Plugin, Rolldown } from 'vite';
import { staticClosure } from './launch-preload.ts';

type OutputBundle = Rolldown.OutputBundle;
type OutputChunk = Rolldown.OutputChunk;

export interface OfflineShellOptions {
  /** Modules loaded lazily that the offline route needs (relative to the project root): its layout, its screen. */
  modules: string[];
  /** The file name of the worker in the build's root (its scope is the whole app). */
  fileName?: string;
}

const WORKER_SOURCE = new URL('./offline-shell-worker.js', import.meta.url);

/** The chunk files `starts` need (vite-plugins/launch-preload.ts) with the CSS and assets those chunks import. */
function closure(bundle: OutputBundle, starts: OutputChunk[]): string[] {
  const files = staticClosure(bundle, starts);
  type WithMeta = OutputChunk & { viteMetadata?: { importedCss: Set<string>; importedAssets: Set<string> } };
  for (const file of [...files]) {
    const meta = (bundle[file] as WithMeta).viteMetadata;
    meta?.importedCss.forEach((f) => files.add(f));
    meta?.importedAssets.forEach((f) => files.add(f));
  }
  return [...files].sort();
}

export function offlineShell(options: OfflineShellOptions): Plugin {
  let root = '';
  let base = '/';
  return {
    name: 'offline-shell',
    apply: 'build',
    configResolved(config) {
      root = config.root;
      base = config.base;
    },
    generateBundle(_output, bundle) {
      const chunks = Object.values(bundle).filter((c): c is OutputChunk => c.type === 'chunk');
      const chunkOf = (module: string) => {
        const id = resolve(root, module);
        const chunk = chunks.find((c) => c.facadeModuleId === id);
        if (!chunk) throw new Error(`offline-shell: ${module} is not a chunk of its own in the build`);
        return chunk;
      };
      const entries = chunks.filter((c) => c.isEntry);
      // The app itself is loaded by the entry with a dynamic import (src/main.tsx → boot.tsx).
      const app = entries
        .flatMap((e) => e.dynamicImports.map((f) => bundle[f]))
        .filter((c): c is OutputChunk => c?.type === 'chunk' && c.facadeModuleId?.endsWith('/src/boot.tsx') === true);
      const files = [
        `${base}index.html`,
        ...closure(bundle, [...entries, ...app, ...options.modules.map(chunkOf)]).map((f) => `${base}${f}`),
      ];
      const source = readFileSync(WORKER_SOURCE, 'utf8');
      const version = createHash('sha256').update(JSON.stringify(files)).update(source).digest('hex').slice(0, 12);
      this.emitFile({
        type: 'asset',
        fileName: options.fileName ?? 'sw.js',
        source: source
          .replace('= __OFFLINE_SHELL_VERSION__;', `= ${JSON.stringify(version)};`)
          .replace('= __OFFLINE_SHELL_FILES__;', `= ${JSON.stringify(files)};`),
      });
    },
  };
}
