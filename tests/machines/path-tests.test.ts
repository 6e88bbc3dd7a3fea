// The path-test generator proven on a small machine with an invoke, a named `after` delay, guards on event
// payloads and a final state — and shown to FAIL when a state is unreachable or the running machine diverges.
import { describe, expect, it } from 'vitest';
import { assign, fromPromise, setup } from 'xstate';
import { describeMachinePaths, generateMachinePaths } from '../support/path-tests';

interface Item {
  title: string;
}

const loaderMachine = setup({
  types: {
    context: {} as { query: string; items: Item[]; problem: string | null },
    events: {} as { type: 'LOAD'; query: string } | { type: 'RETRY' } | { type: 'REFRESH' } | { type: 'CLOSE' },
  },
  actors: {
    fetchItems: fromPromise<Item[], { query: string }>(async () => {
      throw new Error('fetchItems not provided');
    }),
  },
  guards: {
    hasQuery: ({ event }) => event.type === 'LOAD' && event.query.trim() !== '',
    // Invoke done/error events are not in `types.events`; read their payload loosely.
    hasItems: ({ event }) => ((event as unknown as { output?: Item[] }).output ?? []).length > 0,
    isUnauthorized: ({ event }) => (event as unknown as { error?: { status?: number } }).error?.status === 401,
  },
  delays: { staleAfter: 5_000 },
}).createMachine({
  id: 'loader',
  initial: 'idle',
  context: { query: '', items: [], problem: null },
  states: {
    idle: {
      on: {
        LOAD: [
          { guard: 'hasQuery', target: 'loading', actions: assign({ query: ({ event }) => event.query }) },
          { actions: assign({ problem: 'empty query' }) },
        ],
      },
    },
    loading: {
      invoke: {
        id: 'fetch',
        src: 'fetchItems',
        input: ({ context }) => ({ query: context.query }),
        onDone: [
          { guard: 'hasItems', target: 'ready', actions: assign({ items: ({ event }) => event.output }) },
          { target: 'empty' },
        ],
        onError: [{ guard: 'isUnauthorized', target: 'failed.auth' }, { target: 'failed.other' }],
      },
    },
    ready: {
      after: { staleAfter: 'stale' },
      on: { CLOSE: 'closed' },
    },
    stale: { on: { REFRESH: 'loading', CLOSE: 'closed' } },
    empty: { on: { CLOSE: 'closed' } },
    failed: {
      initial: 'other',
      states: { auth: {}, other: {} },
      on: { RETRY: 'loading' },
    },
    closed: { type: 'final' },
  },
});

const payloads = {
  LOAD: [
    { type: 'LOAD', query: '   ' },
    { type: 'LOAD', query: 'sleep' },
  ],
  'xstate.done.actor.fetch': [
    { type: 'xstate.done.actor.fetch', output: [{ title: 'Дыхание 4-7-8' }] },
    { type: 'xstate.done.actor.fetch', output: [] },
  ],
  'xstate.error.actor.fetch': [
    { type: 'xstate.error.actor.fetch', error: { status: 401 } },
    { type: 'xstate.error.actor.fetch', error: new Error('network') },
  ],
};

// The helper itself, used the way every machine test uses it.
describeMachinePaths(loaderMachine, {
  events: payloads,
  serializeState: (s) => JSON.stringify([s.value, s.context.items.length]),
  assert: {
    loading: (_snapshot, run) => {
      // The fake actor really was invoked, with the input the machine computed.
      expect(run.invocations.at(-1)).toEqual({ id: 'fetch', src: 'fetchItems', input: { query: 'sleep' } });
    },
    ready: (snapshot) => expect(snapshot.context.items).toEqual([{ title: 'Дыхание 4-7-8' }]),
    'failed.auth': (snapshot) => expect(snapshot.can({ type: 'RETRY' })).toBe(true),
  },
});

describe('path-test generator', () => {
  it('offers invoke done/error, after delays and payload cases as graph events', () => {
    const { paths } = generateMachinePaths(loaderMachine, { events: payloads });
    const types = new Set(paths.flatMap((p) => p.events.map((e) => e.type)));
    expect(types).toEqual(
      new Set([
        'LOAD',
        'xstate.done.actor.fetch',
        'xstate.error.actor.fetch',
        'xstate.after.staleAfter.loader.ready',
        'REFRESH',
        'RETRY',
        'CLOSE',
      ]),
    );
    // The empty-query case stays in idle but is still a tested transition.
    expect(
      paths.some((p) => p.events.some((e) => e.type === 'LOAD' && (e as { query?: string }).query === '   ')),
    ).toBe(true);
  });

  it('fails coverage when a payload case is missing and a state becomes unreachable', () => {
    // Without the 401 case, failed.auth cannot be reached.
    const { checkCoverage } = generateMachinePaths(loaderMachine, {
      events: {
        ...payloads,
        'xstate.error.actor.fetch': [{ type: 'xstate.error.actor.fetch', error: new Error('x') }],
      },
    });
    expect(() => checkCoverage()).toThrow(/never reached.*#loader\.failed\.auth/);
  });

  const orphanMachine = setup({}).createMachine({
    id: 'orphan',
    initial: 'a',
    states: { a: { on: { GO: 'b' } }, b: {}, lost: { description: 'no transition leads here' } },
  });

  it('fails when a state node has no incoming transition', () => {
    expect(() => generateMachinePaths(orphanMachine).checkCoverage()).toThrow(/never reached.*#orphan\.lost/);
  });

  it('accepts a state listed as unreachable, and rejects a stale or unknown listing', () => {
    expect(() => generateMachinePaths(orphanMachine, { unreachable: ['lost'] }).checkCoverage()).not.toThrow();
    expect(() => generateMachinePaths(orphanMachine, { unreachable: ['lost', 'b'] }).checkCoverage()).toThrow(
      /listed as unreachable but reached: #orphan\.b/,
    );
    expect(() => generateMachinePaths(orphanMachine, { unreachable: ['nope'] }).checkCoverage()).toThrow(
      /not a state node: #orphan\.nope/,
    );
  });

  it('fails a path when an action throws while the real actor runs it', async () => {
    const throwing = setup({
      actions: { celebrate: () => {} },
    }).createMachine({ id: 'throwing', initial: 'a', states: { a: { on: { GO: 'b' } }, b: { entry: 'celebrate' } } });
    const { paths } = generateMachinePaths(throwing, {
      provide: {
        actions: {
          celebrate: () => {
            throw new Error('boom');
          },
        },
      },
    });
    await expect(paths.find((p) => p.events.length === 1)!.run()).rejects.toThrow(/boom/);
  });

  it('fails a path whose delayed event cannot fire first on a real clock', async () => {
    // The graph may send the 5 s event directly; on a running actor the 1 s timer always wins.
    const racing = setup({}).createMachine({
      id: 'racing',
      initial: 'waiting',
      states: { waiting: { after: { 1000: 'early', 5000: 'late' } }, early: {}, late: {} },
    });
    const { paths } = generateMachinePaths(racing, { paths: 'shortest' });
    const late = paths.find((p) => p.events.some((e) => e.type === 'xstate.after.5000.racing.waiting'))!;
    const early = paths.find((p) => p.events.some((e) => e.type === 'xstate.after.1000.racing.waiting'))!;
    await expect(early.run()).resolves.toBeUndefined();
    await expect(late.run()).rejects.toThrow(/expected state "late".*actor is in "early"|not scheduled/s);
  });

  it('fails a path when a per-state assertion fails', async () => {
    const { paths } = generateMachinePaths(loaderMachine, {
      events: payloads,
      assert: { ready: (s) => expect(s.context.items).toHaveLength(99) },
    });
    const viaReady = paths.find((p) =>
      p.events.some((e) => e.type === 'xstate.done.actor.fetch' && (e as { output?: Item[] }).output?.length),
    )!;
    await expect(viaReady.run()).rejects.toThrow(/length of 99[\s\S]*assert\["ready"\][\s\S]*path: LOAD/);
  });

  it('runs an assertion keyed by state id (#id) on the provided copy of the machine', async () => {
    const { paths } = generateMachinePaths(loaderMachine, {
      events: payloads,
      provide: { actions: {} },
      assert: { '#loader': () => expect('root assertion').toBe('never true') },
    });
    await expect(paths[0]!.run()).rejects.toThrow(/assert\["#loader"\]/);
  });

  it('explains a graph that cannot be built without a payload case', () => {
    const needsOutput = setup({
      actors: { load: fromPromise(async () => ({ n: 1 })) },
    }).createMachine({
      id: 'needsOutput',
      initial: 'loading',
      context: { n: 0 },
      states: {
        loading: {
          invoke: {
            id: 'load',
            src: 'load',
            onDone: { target: 'done', actions: assign({ n: ({ event }) => event.output.n }) },
          },
        },
        done: {},
      },
    });
    expect(() => generateMachinePaths(needsOutput)).toThrow(/needsOutput.*payload case/s);
  });
});
