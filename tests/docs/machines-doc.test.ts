// docs/machines.md is generated from the machines; this fails when the committed file is stale, and pins down
// what the renderer draws so a designer can trust the diagrams.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { and, fromPromise, not, setup } from 'xstate';
import { docPath, loadMachines, renderMachineDiagram, renderMachinesDoc } from '../../scripts/machines-doc';

describe('docs/machines.md', () => {
  it('is up to date with machines/**/*.machine.ts (run npm run machines)', async () => {
    const expected = renderMachinesDoc(await loadMachines());
    const committed = readFileSync(docPath, 'utf8');
    if (committed !== expected) {
      throw new Error('docs/machines.md is stale: run npm run machines and commit docs/machines.md');
    }
    expect(committed).toContain('# Machines');
  });
});

describe('renderMachineDiagram', () => {
  const machine = setup({
    actors: { fetchItems: fromPromise(async () => []) },
    actions: { remember: () => {} },
    guards: { hasQuery: () => true, isUnauthorized: () => false, isOnline: () => true },
    delays: { staleAfter: 5000 },
  }).createMachine({
    id: 'sample',
    initial: 'idle',
    states: {
      idle: {
        description: 'Waiting for a query',
        on: { LOAD: { guard: 'hasQuery', target: 'loading', actions: 'remember' }, PING: { actions: () => {} } },
      },
      loading: {
        invoke: {
          id: 'fetch',
          src: 'fetchItems',
          onDone: 'ready',
          onError: [
            { guard: 'isUnauthorized', target: 'failed.auth' },
            { guard: and(['isOnline', not('isUnauthorized')]), target: 'failed.other' },
          ],
        },
      },
      ready: { after: { staleAfter: 'idle', 300: 'done' } },
      failed: { initial: 'other', states: { auth: {}, other: {} }, on: { RETRY: 'loading' } },
      both: { type: 'parallel', states: { left: {}, right: {} } },
      done: { type: 'final' },
    },
  });
  const diagram = renderMachineDiagram(machine);
  const lines = diagram.split('\n').map((l) => l.trim());

  it('draws initial, nested and final states', () => {
    expect(lines[0]).toBe('stateDiagram-v2');
    expect(lines).toContain('[*] --> idle');
    expect(lines).toContain('state failed {');
    expect(lines).toContain('[*] --> failed__other');
    expect(lines).toContain('state "auth" as failed__auth');
    expect(lines).toContain('done --> [*]');
    expect(lines).toContain('idle : Waiting for a query');
    // Parallel regions are separated by `--`.
    expect(diagram).toMatch(
      /state both \{\n\s+state "left" as both__left\n\s+--\n\s+state "right" as both__right\n\s+\}/,
    );
  });

  it('labels transitions with events, invoke done/error, delays and guards', () => {
    expect(lines).toContain('idle --> loading : LOAD [hasQuery] / remember');
    expect(lines).toContain('idle --> idle : PING');
    expect(lines).toContain('loading : invoke fetch (fetchItems)');
    expect(lines).toContain('loading --> ready : onDone fetch');
    expect(lines).toContain('loading --> failed__auth : onError fetch [isUnauthorized]');
    expect(lines).toContain('loading --> failed__other : onError fetch [(isOnline && !isUnauthorized)]');
    expect(lines).toContain('ready --> idle : after staleAfter');
    expect(lines).toContain('ready --> done : after 300 ms');
    expect(lines).toContain('failed --> loading : RETRY');
  });

  it('puts every machine in the document under its id', () => {
    const doc = renderMachinesDoc([{ file: 'machines/sample.machine.ts', exportName: 'sampleMachine', machine }]);
    expect(doc).toContain('## sample');
    expect(doc).toContain('```mermaid\nstateDiagram-v2');
    expect(renderMachinesDoc([])).toContain('_No machines yet._');
  });
});
