// The repository's folder graph for tests/docs/folder-cycles.test.ts: which folder imports which, read from the
// relative import specifiers (type imports included: a type cycle still ties two folders together). A folder is a
// top-level folder (contract, machines, src) or a server folder (server/chat, server/db, …).
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, normalize, relative } from 'node:path';

/** The files that wire every folder together and so import everything: not edges of the graph. */
export const COMPOSITION_ROOTS = ['server/app.ts', 'server/start/main.ts'];

const SPECIFIER = /(?:\bfrom\s*|\bimport\s*\(\s*|^\s*import\s+)['"](\.{1,2}\/[^'"]+)['"]/gm;

function sourceFiles(root: string, dir: string): string[] {
  return readdirSync(join(root, dir), { recursive: true })
    .filter((f): f is string => typeof f === 'string' && /\.tsx?$/.test(f) && !f.includes('migrations'))
    .map((f) => join(dir, f));
}

/** The folder a repository path belongs to, or null outside the four layers. */
export function folderOf(path: string): string | null {
  const parts = normalize(path).split('/');
  if (['contract', 'machines', 'src'].includes(parts[0]!)) return parts[0]!;
  if (parts[0] === 'server' && parts.length > 2) return `server/${parts[1]}`;
  return null;
}

/** Folder → folders it imports, from the files under `root` (the repository). */
export function folderGraph(root: string): Map<string, Set<string>> {
  const graph = new Map<string, Set<string>>();
  const files = ['contract', 'machines', 'src', 'server'].flatMap((d) => sourceFiles(root, d));
  for (const file of files) {
    if (COMPOSITION_ROOTS.includes(file)) continue;
    const from = folderOf(file);
    if (!from) continue;
    for (const [, spec] of readFileSync(join(root, file), 'utf8').matchAll(SPECIFIER)) {
      let target = normalize(join(dirname(file), spec!));
      // `../db` names server/db/index.ts: a folder, not a file in server/.
      if (existsSync(join(root, target)) && statSync(join(root, target)).isDirectory()) target = `${target}/index.ts`;
      const to = folderOf(relative('.', target));
      if (to && to !== from) graph.set(from, (graph.get(from) ?? new Set()).add(to));
    }
  }
  return graph;
}

/** The strongly connected groups of more than one folder (Tarjan), each sorted, sorted by their first folder. */
export function folderCycles(graph: Map<string, Set<string>>): string[][] {
  let next = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const groups: string[][] = [];
  const visit = (v: string) => {
    index.set(v, next);
    low.set(v, next++);
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
    }
    if (low.get(v) === index.get(v)) {
      const group: string[] = [];
      let w: string;
      do {
        w = stack.pop()!;
        onStack.delete(w);
        group.push(w);
      } while (w !== v);
      if (group.length > 1) groups.push(group.sort());
    }
  };
  for (const v of graph.keys()) if (!index.has(v)) visit(v);
  return groups.sort((a, b) => a[0]!.localeCompare(b[0]!));
}
