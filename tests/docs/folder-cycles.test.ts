// No two folders may import each other, directly or round a loop (contract, machines, src, and each server
// folder; server/app.ts and server/start/main.ts wire everything and are not edges). eslint-plugin-boundaries checks
// one import at a time and cannot see a loop, so this reads the whole graph (tests/support/import-graph.ts).
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { folderCycles, folderGraph } from '../support/import-graph';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

// The loops left when this test came, each to be cut by its owner (docs/architecture.md, "Domains"); the list must
// shrink, never grow: a new loop fails, and so does a cut one still listed.
const KNOWN_CYCLES = [
  // TODO(domain-shape follow-up): users → reminders (syncReminder after a settings, zone or bot-access change),
  // reminders → users and bot → users (recordBlocked), billing → bot/users, reminders → bot and → billing (the
  // plan-end tick in reminders/plugin.ts). Cut by moving bot access (users/bot-access.ts) into reminders, its bot
  // updates and the plan-end tick given to the plugins by app.ts.
  ['server/billing', 'server/bot', 'server/reminders', 'server/users'],
  // TODO(ops helper): server/start holds both the config every folder reads and code that uses server/http.
  ['server/db', 'server/http', 'server/start'],
];

describe('folder cycles', () => {
  it('none but the known ones, which must shrink', () => {
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
