/**
 * Path tests: vitest cases generated from an XState v5 machine's graph (`xstate/graph`).
 *
 * ```ts
 * import { describeMachinePaths } from '../support/path-tests';
 *
 * describeMachinePaths(authMachine, {
 *   provide: { guards: { ... }, actions: { ... } },        // optional: merged over the fakes; or a function
 *                                                         // returning them, called afresh for every path run
 *   input: { ... },                                       // optional machine input
 *   inputFromClock: (clock) => ({ clock }),               // or: input built from the run's clock (timing machines)
 *   events: {                                             // payload cases, by event type
 *     'xstate.done.actor.loadUser': [{ type: 'xstate.done.actor.loadUser', output: { first_name: 'Анна' } }],
 *     'xstate.error.actor.loadUser': [{ type: 'xstate.error.actor.loadUser', error: new HTTPErrorLike(401) }, ...],
 *     SUBMIT: (snapshot) => [{ type: 'SUBMIT', text: '' }, { type: 'SUBMIT', text: 'ok' }],
 *   },
 *   serializeState: (s) => JSON.stringify([s.value, s.context.slide]),  // small state key (default: value)
 *   paths: 'both',                                        // 'shortest' | 'simple' | 'both' (default 'both')
 *   assert: { 'error.auth': (snapshot, run) => expect(snapshot.context.error).toBe('auth') },
 *   unreachable: ['#auth.legacy'],                        // state ids (or dot paths) allowed to be unreached
 * });
 * ```
 *
 * What it does
 * - Builds the graph with a `TestModel` (not `createTestModel`, which refuses `invoke` and `after`). The events
 *   offered in each state are the state's own event types (`__unsafe_getAllOwnEventDescriptors`), each replaced by
 *   its payload cases when `events[type]` gives some. Invokes and delays therefore appear as
 *   `xstate.done.actor.<invokeId>`, `xstate.error.actor.<invokeId>` and `xstate.after.<delay>.<stateId>` events.
 *   Defaults: a done event without cases carries no output; an error event without cases carries
 *   `new Error('path-test failure')`. `xstate.done.state.*` (raised by final states) and wildcard descriptors are
 *   never sent from outside.
 * - Shortest paths are computed on a *transition* key (state key + event + previous state key), so together
 *   they take every transition of the graph at least once; simple paths use the state key. Paths that are a
 *   prefix of another path are dropped.
 * - Each path runs on a REAL actor of the machine, so guards, assigns, entry/exit actions, invokes and timers
 *   execute as they do in the app:
 *     * every named actor (`machine.implementations.actors`) is replaced with a controllable fake (a promise
 *       actor that never settles by itself); a `xstate.done.actor.<id>` step resolves the fake running under that
 *       id with `event.output`, a `xstate.error.actor.<id>` step rejects it with `event.error` — so the done and
 *       error events are really produced by the child actor and delivered by XState, not injected;
 *     * time is a `SimulatedClock`; a `xstate.after.<delay>.<stateId>` step advances the clock timer by timer
 *       until that delayed event has fired (so earlier timers fire first, as they would for real) — that one
 *       timer: a state re-entering itself on its own delay (a ticking clock) schedules the next one as it fires;
 *     * any other event is sent with `actor.send`.
 *   After every step the actor's snapshot must have the same state key, value and status as the graph
 *   predicted, and every `assert` entry whose key the snapshot matches (`snapshot.matches(key)`, or `#id`)
 *   runs. A thrown action or a runtime divergence fails the case with the path printed.
 * - One more case asserts that every state node (`getStateNodes`) is reached by some generated path, except
 *   the ones listed in `unreachable` (and it fails when a listed node is in fact reached, so the list stays true).
 *
 * `run` passed to assertions: `{ invocations: Array<{ id, src, input }>, clock, events }` — every fake actor started
 * so far, the run's SimulatedClock (`clock.now()`: ms since the path started), so timings can be asserted exactly,
 * and the events of the path so far (`events.at(-1)`: the one that led to this state; none in the initial state).
 * Machines that compute their timings from timestamps read an injected clock (`{ now() }`) from their input:
 * `inputFromClock(clock)` builds that input from the run's clock (the graph itself is built with a clock stopped
 * at 0, so such machines must keep time out of their guards and out of `serializeState`).
 * Options a test may also need: `filterEvents(snapshot, event)` to drop events from the graph, `limit` (a fuse
 * on the traversal), `maxPaths` (fuse on the number of generated cases, default 400).
 *
 * Lower-level API (used by the helper's own tests): `generateMachinePaths(machine, options)` returns
 * `{ paths: Array<{ name, events, run(): Promise<void> }>, checkCoverage(): void }` without touching vitest.
 */
import { describe, it } from 'vitest';
import {
  SimulatedClock,
  createActor,
  fromPromise,
  __unsafe_getAllOwnEventDescriptors as ownEventDescriptors,
  type AnyActorRef,
  type AnyMachineSnapshot,
  type AnyStateMachine,
  type AnyStateNode,
  type EventObject,
} from 'xstate';
import { TestModel, getStateNodes, type StatePath } from 'xstate/graph';

type Snap = AnyMachineSnapshot;
type Implementations = Parameters<AnyStateMachine['provide']>[0];
/** An event with any payload (`output`, `error`, form fields...). */
export type CaseEvent = EventObject & Record<string, unknown>;
type EventCases = CaseEvent[] | ((snapshot: Snap) => CaseEvent[]);

export interface Invocation {
  id: string;
  src: string;
  input: unknown;
}
export interface PathRun {
  invocations: Invocation[];
  /** The run's simulated clock: `now()` is the milliseconds since the path started. */
  clock: { now(): number };
  /** The path's events so far, the newest last: `events.at(-1)` led to the state asserted. */
  events: EventObject[];
}

export interface MachinePathOptions {
  /**
   * Implementations merged over the fake actors (guards, actions, delays, or a real actor when wanted).
   * A function is called once for the graph and again before every path run, so spies start fresh per path.
   */
  provide?: Implementations | (() => Implementations);
  input?: unknown;
  /** Input built from the run's clock (replaces `input`), for machines that read an injected clock. */
  inputFromClock?: (clock: { now(): number }) => unknown;
  events?: Record<string, EventCases>;
  serializeState?: (snapshot: Snap) => string;
  paths?: 'shortest' | 'simple' | 'both';
  assert?: Record<string, (snapshot: Snap, run: PathRun) => void | Promise<void>>;
  unreachable?: string[];
  filterEvents?: (snapshot: Snap, event: EventObject) => boolean;
  limit?: number;
  maxPaths?: number;
}

/** What a step looked like, for an oracle that does not trust the graph (see table-tests.ts). */
export interface StepRecord {
  /** The actor's state before the event (undefined for the initial state). */
  before?: Snap;
  event?: EventObject;
  after: Snap;
  /** How far the simulated clock moved during the step (ms). */
  clockMoved: number;
  /** Named plain actions run during the step, `[name]` or `[name, params]`. */
  effects: Array<[string, unknown?]>;
  /** Fake actors started during the step. */
  invocations: Invocation[];
  run: PathRun;
}

/** Internal: replaces the graph's expected state with an independent oracle (used by describeMachineTables). */
export interface PathOracle {
  /** Called for the initial state and after every step, instead of comparing with the graph. */
  check(step: StepRecord): void | Promise<void>;
  /** Named guards evaluated while events are really delivered (never during `can()` probes). */
  guardEvaluated?(name: string, result: boolean): void;
}

export interface GeneratedPath {
  name: string;
  events: EventObject[];
  /** The graph's states and the events between them (first step: the initial state, its event unused). */
  steps: Array<{ state: string; event: EventObject }>;
  run(): Promise<void>;
}

const DONE_ACTOR = 'xstate.done.actor.';
const ERROR_ACTOR = 'xstate.error.actor.';
const AFTER = 'xstate.after.';

const defaultKey = (s: Snap) => JSON.stringify(s.value);

/** A SimulatedClock that knows when its next timer is due (SimulatedClock keeps that private). */
class SteppingClock extends SimulatedClock {
  private due = new Map<number, number>();
  override setTimeout(fn: () => void, timeout: number): number {
    const id = super.setTimeout(() => {
      this.due.delete(id);
      fn();
    }, timeout);
    this.due.set(id, this.now() + timeout);
    return id;
  }
  override clearTimeout(id: number): void {
    this.due.delete(id);
    super.clearTimeout(id);
  }
  nextDue(): number | undefined {
    return this.due.size ? Math.min(...this.due.values()) : undefined;
  }
}

interface Deferred {
  resolve(value: unknown): void;
  reject(error: unknown): void;
}

/**
 * A macrotask lets promise actors settle and XState deliver their done/error events. `setImmediate`, not
 * `setTimeout(…, 0)`: Node holds a timer for at least 1 ms, and the paths flush after every step.
 */
const flush = () => new Promise<void>((resolve) => setImmediate(resolve));

/** The event as a test name shows it (long payloads shortened); `full` for the graph's keys. */
function describeEvent(e: EventObject, full = false): string {
  const { type, ...rest } = e as EventObject & Record<string, unknown>;
  const payload = Object.keys(rest).length ? ` ${safeJson(rest, full)}` : '';
  return `${type}${payload}`;
}

function safeJson(v: unknown, full = false): string {
  try {
    const s = JSON.stringify(v, (_k, val) => (val instanceof Error ? `Error(${val.message})` : val));
    return !full && s.length > 80 ? `${s.slice(0, 77)}...` : s;
  } catch {
    return '[unserialisable]';
  }
}

function nodeMatches(snapshot: Snap, key: string): boolean {
  // By id, not by node object: the actor runs a `.provide()`d copy of the machine, whose nodes are new objects.
  if (key.startsWith('#')) return snapshot._nodes.some((node) => node.id === key.slice(1));
  return snapshot.matches(key as never);
}

function nodeLabel(node: AnyStateNode): string {
  return `#${node.id}`;
}

/** Plain (non built-in) implementations: functions without xstate's `resolve`/`check` markers. */
const isPlain = (impl: unknown) => typeof impl === 'function' && !('resolve' in impl) && !('check' in (impl as object));

export function generateMachinePaths(machine: AnyStateMachine, options: MachinePathOptions = {}, oracle?: PathOracle) {
  const serializeState = options.serializeState ?? defaultKey;
  const mode = options.paths ?? 'both';
  const maxPaths = options.maxPaths ?? 400;

  // Per-run registry of fake actors, filled as the real actor starts them.
  let running = new Map<string, Deferred>();
  let invocations: Invocation[] = [];
  let effects: Array<[string, unknown?]> = [];
  /** Guards count only while an event is really delivered (not while the graph is built or `can()` probes). */
  let delivering = false;
  const fakeActors = Object.fromEntries(
    Object.keys(machine.implementations.actors ?? {}).map((src) => [
      src,
      fromPromise<unknown, unknown>(({ input, self }) => {
        invocations.push({ id: self.id, src, input });
        return new Promise((resolve, reject) => running.set(self.id, { resolve, reject }));
      }),
    ]),
  );
  const implementations = () => (typeof options.provide === 'function' ? options.provide() : (options.provide ?? {}));
  const withFakes = machine.provide({ actors: fakeActors } as never);
  // With an oracle, every named plain action is recorded (over whatever the test provides) and every named guard
  // reports what it returned.
  const instrument = (m: AnyStateMachine): AnyStateMachine => {
    if (!oracle) return m;
    const actions = Object.entries(m.implementations.actions ?? {})
      .filter(([, impl]) => isPlain(impl))
      .map(([name, impl]) => [
        name,
        (args: unknown, params: unknown) => {
          effects.push(params === undefined ? [name] : [name, params]);
          return (impl as (a: unknown, p: unknown) => unknown)(args, params);
        },
      ]);
    const guards = Object.entries(m.implementations.guards ?? {})
      .filter(([, impl]) => isPlain(impl))
      .map(([name, impl]) => [
        name,
        (args: unknown, params: unknown) => {
          const result = (impl as (a: unknown, p: unknown) => boolean)(args, params);
          if (delivering) oracle.guardEvaluated?.(name, result);
          return result;
        },
      ]);
    return m.provide({ actions: Object.fromEntries(actions), guards: Object.fromEntries(guards) } as never);
  };
  const tested = instrument(withFakes.provide(implementations() as never));

  const eventsFor = (snapshot: Snap): EventObject[] => {
    const types = ownEventDescriptors(snapshot).filter(
      (t) => !t.startsWith('xstate.done.state.') && (!t.includes('*') || options.events?.[t] !== undefined),
    );
    return types.flatMap((type): EventObject[] => {
      const cases = options.events?.[type];
      const list = typeof cases === 'function' ? cases(snapshot) : cases;
      if (list && list.length) return list;
      if (type.startsWith(ERROR_ACTOR)) return [{ type, error: new Error('path-test failure') } as EventObject];
      return [{ type }];
    });
  };

  // The whole payload: two cases whose payloads share a long prefix are still two events of the graph.
  const serializeEvent = (e: EventObject) => describeEvent(e, true);
  const common = {
    events: eventsFor,
    serializeEvent,
    filterEvents: options.filterEvents,
    limit: options.limit ?? 20_000,
    // The graph is built with a clock that never moves: timing machines keep time out of their decisions.
    input: options.inputFromClock ? options.inputFromClock(new SteppingClock()) : options.input,
  };

  const statePaths: Array<StatePath<Snap, EventObject>> = [];
  try {
    if (mode !== 'simple') {
      const model = new TestModel(tested, {
        ...common,
        // Transition key: every (previous state, event, next state) is a vertex, so shortest paths cover edges.
        serializeState: (s: Snap, e?: EventObject, prev?: Snap) =>
          e && prev ? `${serializeState(s)} <- ${serializeEvent(e)} <- ${serializeState(prev)}` : serializeState(s),
      } as never);
      statePaths.push(...(model.getShortestPaths() as never as Array<StatePath<Snap, EventObject>>));
    }
    if (mode !== 'shortest') {
      const model = new TestModel(tested, { ...common, serializeState: (s: Snap) => serializeState(s) } as never);
      statePaths.push(...(model.getSimplePaths() as never as Array<StatePath<Snap, EventObject>>));
    }
  } catch (err) {
    throw new Error(
      `[path-tests] building the graph of machine "${machine.id}" failed: ${(err as Error).message}. ` +
        'A transition that reads an event payload needs a payload case in `events`.',
      { cause: err },
    );
  }

  // Drop exact duplicates and paths that are a prefix of a longer one (across both generators).
  const seqs = statePaths.map((p) => ({ p, seq: p.steps.slice(1).map((s) => serializeEvent(s.event)) }));
  seqs.sort((a, b) => b.seq.length - a.seq.length);
  const kept: typeof seqs = [];
  for (const cand of seqs) {
    const isPrefix = kept.some((k) => cand.seq.every((ev, i) => k.seq[i] === ev));
    if (!isPrefix) kept.push(cand);
  }
  if (kept.length > maxPaths) {
    throw new Error(
      `[path-tests] machine "${machine.id}" produced ${kept.length} paths (maxPaths ${maxPaths}): ` +
        'make serializeState smaller, use paths: "shortest", or raise maxPaths.',
    );
  }
  kept.reverse(); // shortest first reads better in the report

  const runPath = async (path: StatePath<Snap, EventObject>) => {
    running = new Map();
    invocations = [];
    const clock = new SteppingClock();
    let actorError: unknown;
    effects = [];
    const runMachine =
      typeof options.provide === 'function' ? instrument(withFakes.provide(implementations() as never)) : tested;
    const input = options.inputFromClock ? options.inputFromClock(clock) : options.input;
    const actor = createActor(runMachine, { clock, input: input as never });
    actor.subscribe({ error: (err) => (actorError = err) });
    const trail: string[] = [];
    const sent: EventObject[] = [];
    const fail = (msg: string): never => {
      throw new Error(`${msg}\n  path: ${trail.join(' → ') || '(initial)'}`);
    };
    const runInfo = (): PathRun => ({ invocations: [...invocations], clock, events: [...sent] });
    const check = async (expected: Snap, step?: Omit<StepRecord, 'after' | 'run'>) => {
      await flush();
      const actual = actor.getSnapshot() as Snap;
      if (actorError !== undefined || actual.status === 'error') {
        fail(`actor failed: ${String((actorError ?? actual.error) as Error)}`);
      }
      if (oracle) {
        try {
          await oracle.check({
            ...(step ?? { clockMoved: 0, effects: [...effects], invocations: [...invocations] }),
            after: actual,
            run: runInfo(),
          });
        } catch (err) {
          if (err instanceof Error) err.message += `\n  path: ${trail.join(' → ') || '(initial)'}`;
          throw err;
        }
        await runAsserts(actual, serializeState(actual));
        return;
      }
      const want = serializeState(expected);
      const got = serializeState(actual);
      if (want !== got || JSON.stringify(expected.value) !== JSON.stringify(actual.value)) {
        fail(
          `expected state ${want} (value ${JSON.stringify(expected.value)}), actor is in ${got} (value ${JSON.stringify(actual.value)})`,
        );
      }
      if (expected.status !== actual.status) fail(`expected status ${expected.status}, actor is ${actual.status}`);
      await runAsserts(actual, got);
    };
    const runAsserts = async (actual: Snap, got: string) => {
      for (const [key, fn] of Object.entries(options.assert ?? {})) {
        if (!nodeMatches(actual, key)) continue;
        try {
          await fn(actual, runInfo());
        } catch (err) {
          if (err instanceof Error)
            err.message += `\n  assert["${key}"] in ${got}\n  path: ${trail.join(' → ') || '(initial)'}`;
          throw err;
        }
      }
    };
    try {
      delivering = true;
      actor.start();
      await flush();
      delivering = false;
      const [first, ...rest] = path.steps;
      await check(first!.state);
      for (const step of rest) {
        const event = step.event;
        const before = actor.getSnapshot() as Snap;
        const since = { at: clock.now(), effects: effects.length, invocations: invocations.length };
        trail.push(describeEvent(event));
        sent.push(event);
        delivering = true;
        await perform(actor, clock, event, fail);
        await flush();
        delivering = false;
        await check(step.state, {
          before,
          event,
          clockMoved: clock.now() - since.at,
          effects: effects.slice(since.effects),
          invocations: invocations.slice(since.invocations),
        });
      }
    } finally {
      delivering = false;
      actor.stop();
    }
  };

  const perform = async (
    actor: AnyActorRef,
    clock: SteppingClock,
    event: EventObject & { output?: unknown; error?: unknown },
    fail: (msg: string) => never,
  ) => {
    if (event.type.startsWith(DONE_ACTOR) || event.type.startsWith(ERROR_ACTOR)) {
      const done = event.type.startsWith(DONE_ACTOR);
      const id = event.type.slice((done ? DONE_ACTOR : ERROR_ACTOR).length);
      const child = running.get(id);
      if (!child) {
        // A real actor supplied through `provide` settles by itself; otherwise the invoke is not running.
        if (!(actor.getSnapshot() as Snap).children[id])
          fail(`actor "${id}" is not running, cannot produce ${event.type}`);
        return;
      }
      running.delete(id);
      if (done) child.resolve(event.output);
      else child.reject(event.error);
      return;
    }
    if (event.type.startsWith(AFTER)) {
      const scheduled = () =>
        Object.values(
          (actor.system.getSnapshot() as { _scheduledEvents: Record<string, { event: EventObject }> })._scheduledEvents,
        );
      // This very timer, by identity: a state that re-enters itself on its own delay schedules a new one of the
      // same type when it fires, which must not count as still pending.
      const timer = scheduled().find((s) => s.event.type === event.type);
      if (!timer) fail(`${event.type} is not scheduled by the running actor`);
      const pending = () => scheduled().includes(timer!);
      while (pending()) {
        const due = clock.nextDue();
        if (due === undefined) fail(`${event.type} is scheduled but no timer is pending`);
        clock.set(due!);
        await flush();
      }
      return;
    }
    actor.send(event);
  };

  const paths: GeneratedPath[] = kept.map(({ p }, i) => {
    const events = p.steps.slice(1).map((s) => s.event);
    const trail = events.map((e) => describeEvent(e)).join(' → ') || '(initial state)';
    return {
      name: `path ${i + 1}: ${serializeState(p.state)} via ${trail}`,
      events,
      steps: p.steps.map((s) => ({ state: serializeState(s.state), event: s.event })),
      run: () => runPath(p),
    };
  });

  const checkCoverage = () => {
    // Ids, not node objects: the graph ran on the provided copy of the machine, whose nodes are new objects.
    const reached = new Set<string>();
    for (const { p } of kept) for (const s of p.steps) for (const n of s.state._nodes) reached.add(n.id);
    const allowed = new Set(
      (options.unreachable ?? []).map((k) => (k.startsWith('#') ? k.slice(1) : `${machine.id}.${k}`)),
    );
    const nodes = getStateNodes(machine.root) as AnyStateNode[];
    const missing = nodes.filter((n) => !reached.has(n.id) && !allowed.has(n.id)).map(nodeLabel);
    const stale = nodes.filter((n) => reached.has(n.id) && allowed.has(n.id)).map(nodeLabel);
    const unknown = [...allowed].filter((id) => !nodes.some((n) => n.id === id)).map((id) => `#${id}`);
    const problems: string[] = [];
    if (missing.length) problems.push(`state nodes never reached by a generated path: ${missing.join(', ')}`);
    if (stale.length) problems.push(`listed as unreachable but reached: ${stale.join(', ')}`);
    if (unknown.length) problems.push(`listed as unreachable but not a state node: ${unknown.join(', ')}`);
    if (problems.length) throw new Error(`[path-tests] machine "${machine.id}": ${problems.join('; ')}`);
  };

  return { paths, checkCoverage };
}

/** Registers one vitest case per generated path plus the state-coverage case. */
export function describeMachinePaths(machine: AnyStateMachine, options: MachinePathOptions = {}) {
  describe(`machine ${machine.id}: generated paths`, () => {
    let generated: ReturnType<typeof generateMachinePaths>;
    try {
      generated = generateMachinePaths(machine, options);
    } catch (err) {
      // A machine that throws while its graph is built is a failing test, not a file without tests.
      it('builds the graph of the machine', () => {
        throw err;
      });
      return;
    }
    for (const path of generated.paths) it(path.name, () => path.run());
    it('reaches every state node', () => generated.checkCoverage());
  });
}
