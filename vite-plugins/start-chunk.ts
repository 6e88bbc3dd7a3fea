// One chunk for the app shell and the screen most launches end on. Left to itself the bundler splits the shell and
// home into a dozen small files by which screens share them — each a request, and on a slow phone every request is a
// round trip of its own. This plugin collects the application modules the shell and home import (statically,
// transitively) into one code-splitting group: the modules of the entry stay in the entry (the entry must run before
// React arrives, vite-plugins/launch-preload.ts), libraries stay in their own group (vite.config.ts).
import { relative, resolve } from 'node:path';
import type { Plugin } from 'vite';

export interface StartChunk {
  plugin: Plugin;
  /** The group's `test`: true for a module the chunk holds. Asked by the bundler after the module graph is built. */
  test: (id: string) => boolean;
}

/** In the build's output directory: each application module (relative to the root) → the chunk file holding it. */
export const MODULE_CHUNKS_FILE = '.vite/module-chunks.json';

const isLibrary = (id: string) => id.includes('/node_modules/') || id.startsWith('\0');

/** `modules`: the shell and the start screen (relative to the project root), e.g. src/boot.tsx, home's screen. */
export function startChunk(modules: string[]): StartChunk {
  let root = '';
  let members: Set<string> | null = null;
  const plugin: Plugin = {
    name: 'start-chunk',
    apply: 'build',
    configResolved(config) {
      root = config.root;
    },
    buildEnd() {
      const closure = (starts: Iterable<string>) => {
        const seen = new Set<string>();
        const visit = (id: string) => {
          if (seen.has(id)) return;
          seen.add(id);
          this.getModuleInfo(id)?.importedIds.forEach(visit);
        };
        for (const id of starts) visit(id);
        return seen;
      };
      const entries = [...this.getModuleIds()].filter((id) => this.getModuleInfo(id)?.isEntry);
      const ofEntry = closure(entries);
      const starts = modules.map((module) => {
        const id = resolve(root, module);
        if (!this.getModuleInfo(id)) throw new Error(`start-chunk: ${module} is not in the build`);
        return id;
      });
      members = new Set([...closure(starts)].filter((id) => !ofEntry.has(id) && !isLibrary(id)));
    },
    // Vite's manifest keys a chunk by its source module only when the chunk has one; the grouped modules' chunk is
    // keyed by its name. This map says where each application module landed (bench/bundle.ts reads it).
    generateBundle(_options, bundle) {
      const chunkOf: Record<string, string> = {};
      for (const chunk of Object.values(bundle)) {
        if (chunk.type !== 'chunk') continue;
        for (const id of chunk.moduleIds) if (!isLibrary(id)) chunkOf[relative(root, id)] = chunk.fileName;
      }
      this.emitFile({ type: 'asset', fileName: MODULE_CHUNKS_FILE, source: JSON.stringify(chunkOf, null, 1) });
    },
  };
  return {
    plugin,
    test: (id) => {
      if (!members) throw new Error('start-chunk: the module graph is not built yet');
      return members.has(id);
    },
  };
}
