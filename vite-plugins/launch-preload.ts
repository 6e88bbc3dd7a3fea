// What index.html lets the browser fetch at once, before any script has run. The entry (src/main.tsx) starts the
// sign-in request and then imports boot.tsx dynamically, so that the request does not wait for React — so Vite, which
// preloads only the entry's static imports, would leave boot.tsx's chunks to be discovered a round trip later.
// This plugin writes them into a JSON list that index.html's early script preloads (`<link rel="modulepreload">`) once
// the kept home is painted, at once when there is none (src/earlyPaint.ts, decision 0277), with
// each start screen's chunk files that the entry preloads for the screen its launch leads to (src/startScreen.ts).
import { resolve } from 'node:path';
import type { HtmlTagDescriptor, Plugin, Rolldown } from 'vite';

type OutputBundle = Rolldown.OutputBundle;
type OutputChunk = Rolldown.OutputChunk;

export interface LaunchPreloadOptions {
  /** The module the entry imports dynamically at start (relative to the project root). */
  boot: string;
  /** Each start screen's lazily loaded modules (relative to the project root). */
  startScreens: Record<string, string[]>;
  /** The id of the `<script type="application/json">` holding the start screens' files. */
  listId: string;
}

/** The chunk files `starts` need (themselves and their static imports, transitively). */
export function staticClosure(bundle: OutputBundle, starts: OutputChunk[]): Set<string> {
  const seen = new Set<string>();
  const visit = (file: string) => {
    const chunk = bundle[file];
    if (seen.has(file) || chunk?.type !== 'chunk') return;
    seen.add(file);
    chunk.imports.forEach(visit);
  };
  starts.forEach((chunk) => visit(chunk.fileName));
  return seen;
}

export function launchPreload(options: LaunchPreloadOptions): Plugin {
  let root = '';
  let base = '/';
  return {
    name: 'launch-preload',
    apply: 'build',
    configResolved(config) {
      root = config.root;
      base = config.base;
    },
    transformIndexHtml: {
      order: 'post',
      handler(_html, { bundle, chunk: entry }): HtmlTagDescriptor[] {
        if (!bundle || !entry) return [];
        const chunkOf = (module: string): OutputChunk => {
          const id = resolve(root, module);
          const chunk = Object.values(bundle).find(
            (c): c is OutputChunk => c.type === 'chunk' && c.moduleIds.includes(id),
          );
          if (!chunk) throw new Error(`launch-preload: ${module} is in no chunk of the build`);
          return chunk;
        };
        const minus = (files: Set<string>, loaded: Set<string>) => [...files].filter((f) => !loaded.has(f));
        const byEntry = staticClosure(bundle, [entry]); // Vite preloads these itself
        const boot = staticClosure(bundle, [chunkOf(options.boot)]);
        const bootFiles = minus(boot, byEntry);
        const screens = Object.fromEntries(
          Object.entries(options.startScreens).map(([name, modules]) => [
            name,
            minus(staticClosure(bundle, modules.map(chunkOf)), new Set([...byEntry, ...boot])).map(
              (f) => `${base}${f}`,
            ),
          ]),
        );
        return [
          {
            tag: 'script',
            attrs: { type: 'application/json', id: options.listId },
            children: JSON.stringify({ ...screens, boot: bootFiles.map((f) => `${base}${f}`) }),
            injectTo: 'head',
          },
        ];
      },
    },
  };
}
