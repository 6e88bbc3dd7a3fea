// No two folders may import each other, directly or round a loop (contract, machines, src, and each server
// folder; server/app.ts and server/start/main.ts wire everything and are not edges). eslint-plugin-boundaries checks
// one import at a time and cannot see a loop, so this reads the whole graph (tests/support/import-graph.ts).
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { folderCycles, folderGraph } from '../support/import-graph';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

// The loops left when this test came were cut (docs/decisions/0261-users-keep-the-reminder-schedule.md,
// docs/decisions/0262-config-is-its-own-folder.md): none is allowed any more, so a new loop fails.
const KNOWN_CYCLES: string[][] = [];

describe('folder cycles', () => {
  it('none', () => {
    expect(folderCycles(folderGraph(ROOT))).toEqual(KNOWN_CYCLES);
  });

  it('finds a deliberate loop, and no loop in a layered graph', () => {
    const graph = (edges: Array<[string, string]>) => {
      const g = new Map<string, Set<string>>();
      for (const [a, b] of edges) g.set(a, (g.get(a) ?? new Set()).add(b));
      return g;
    };
    expect(
      folderCycles(
        graph([
          ['server/http', 'server/users'],
          ['server/users', 'server/http'],
        ]),
      ),
    ).toEqual([['server/http', 'server/users']]);
    expect(
      folderCycles(
        graph([
          ['src', 'machines'],
          ['machines', 'contract'],
          ['server/chat', 'server/users'],
          ['server/users', 'server/reminders'],
          ['server/reminders', 'server/chat'],
        ]),
      ),
    ).toEqual([['server/chat', 'server/reminders', 'server/users']]);
    expect(
      folderCycles(
        graph([
          ['src', 'machines'],
          ['machines', 'contract'],
          ['src', 'contract'],
        ]),
      ),
    ).toEqual([]);
  });
});
