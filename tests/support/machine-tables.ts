/**
 * Machine tests written as two tables: the graph of the machine only proposes the event sequences; what the actor
 * must do is read from tables written by hand, so a machine that was changed by mistake disagrees with them.
 *
 * ```ts
 * describeMachineTables(trialMachine, {
 *   view: trialView,                                  // the machine's exported view model
 *   events: {                                         // payload cases by event type, each with a label
 *     'xstate.done.actor.loadTrialStatus': { available: { type: '…', output: { available: true } }, … },
 *   },
 *   key: (s) => `${stateValue(s)} ${s.context.failure ? 'failure' : ''}`.trim(), // default: the dotted value
 *   states: {                                         // every state key reached → its view model and can()
 *     checking: { view: { status: 'checking', … }, can: { OPEN: false, ACTIVATE: false, DISMISS: false },
 *                 running: ['loadTrialStatus'] },
 *   },
 *   transitions: {                                    // from state key → event key → next state (+ what matters)
 *     checking: { 'done.actor.loadTrialStatus available': 'offered.closed',
 *                 'error.actor.loadTrialStatus': 'unavailable' },
 *     'offered.activating': { 'done.actor.activateTrial': { to: 'activated', effects: [['toast', { … }]] } },
 *   },
 *   counts: { paths: 7, transitions: 11 },            // pinned: a lost or added path is a visible diff
 * });
 * ```
 *
 * Keys
 * - State key: `key(snapshot)` (default: the state value dotted, `offered.open`; parallel values as JSON).
 * - Event key: the type without `xstate.` (`done.actor.<id>`, `error.actor.<id>`, `after.<delay>.<stateId>`),
 *   then ` <label>` when the case has one. `events[type]` is a record label → event (or a function of the
 *   snapshot returning one). An invoke without cases gives `done.actor.<id>` (no output) and
 *   `error.actor.<id>` (an Error).
 *
 * What every generated path asserts, at every step
 * - the state reached has an entry in `states` (else the test fails naming it); its `view` equals
 *   `view(snapshot)` (`toEqual`); `can()` matches its `can` row for every event type of the machine (a plain
 *   type key holds for all its cases, `TYPE label` for one case); `running` (default none) equals the ids of the
 *   running children; `context` (optional) is matched with `toMatchObject`; `status` defaults to 'active';
 *   `output` (a final state's) equals the snapshot's output (default undefined);
 * - the step taken has an entry in `transitions[from][eventKey]` and the actor is now in its `to`;
 * - `effects` (default none) equals the named plain actions that ran during the step, in order, as `[name]` or
 *   `[name, params]` — recorded over whatever `provide` gives, so a lost, added or reordered effect fails;
 * - `invokes` (optional) equals the actors started during the step (`{ id, src, input }`);
 * - an `after.*` step must give `after: DELAY` (the machine's exported constant) and the clock moves by exactly
 *   that; any other step leaves the clock where it was;
 * - `assert` entries (as in describeMachinePaths) run as well: they add to the tables, never replace them.
 * And once, after the paths:
 * - every state node is reached; every `states` key and every `transitions` entry was taken by some path
 *   (a table entry the machine no longer reaches fails);
 * - every named guard returned both true and false while events were delivered (payloads reach both sides);
 *   `guardSides` lists the guards allowed one side, with the reason;
 * - the machine's event types equal those of the `can` rows (a new or lost event is a visible diff);
 * - `counts.paths` and `counts.transitions` equal the generated paths and distinct (from, event) steps.
 */
import { afterAll, describe, expect, it } from 'vitest';
import type { AnyMachineSnapshot, AnyStateMachine, EventObject } from 'xstate';
import {
  generateMachinePaths,
  type CaseEvent,
  type Invocation,
  type MachinePathOptions,
  type StepRecord,
} from './path-tests';

type Snap = AnyMachineSnapshot;
type Cases = Record<string, CaseEvent> | ((snapshot: Snap) => Record<string, CaseEvent>);

export interface StateRow {
  /** The view model, compared with `toEqual`. */
  view: unknown;
  /** `snapshot.can(event)` for every event type of the machine (`TYPE` for all its cases, `TYPE label` for one). */
  can: Record<string, boolean>;
  /** Ids of the children running in this state (default none). */
  running?: string[];
  /** The part of the context that matters here (`toMatchObject`). */
  context?: Record<string, unknown>;
  status?: 'active' | 'done';
  /** A final state's output (`toEqual`; default undefined, as an active state has none). */
  output?: unknown;
}

export type Effect = [string, unknown?];
export interface TransitionRow {
  to: string;
  /** Named plain actions run by the step, in order (default none). */
  effects?: Effect[];
  /** The part of the context that matters after the step (`toMatchObject`). */
  context?: Record<string, unknown>;
  /** Actors started by the step (`toEqual` over id, src and input). */
  invokes?: Invocation[];
  /** Required for an `after.*` step: the machine's exported delay; the clock must move by exactly this. */
  after?: number;
}

export interface MachineTables<V> {
  view: (snapshot: never) => V;
  states: Record<string, StateRow>;
  transitions: Record<string, Record<string, string | TransitionRow>>;
  /** Effects of starting the actor (default none). */
  start?: { effects?: Effect[] };
  counts: { paths: number; transitions: number };
  /** Guards allowed to show one side only, with the reason (e.g. a constant input in this test). */
  guardSides?: Record<string, string>;
  key?: (snapshot: Snap) => string;
  events?: Record<string, Cases>;
}

export type TableOptions<V> = MachineTables<V> &
  Omit<MachinePathOptions, 'events' | 'serializeState'> & { name?: string };

/** `offered.open` for `{ offered: 'open' }`; JSON for a parallel value. */
export function stateValue(snapshot: Snap): string {
  let value: unknown = snapshot.value;
  const parts: string[] = [];
  while (value && typeof value === 'object') {
    const keys = Object.keys(value);
    if (keys.length !== 1) return [...parts, JSON.stringify(value)].join('.');
    parts.push(keys[0]!);
    value = (value as Record<string, unknown>)[keys[0]!];
  }
  if (typeof value === 'string') parts.push(value);
  return parts.join('.');
}

const shortType = (type: string) => (type.startsWith('xstate.') ? type.slice('xstate.'.length) : type);
const isUserEvent = (type: string) => !type.startsWith('xstate.') && !type.includes('*');
const payloadKey = (e: EventObject) =>
  JSON.stringify(e, (_k, v: unknown) => (v instanceof Error ? `Error(${v.message})` : v));

/**
 * Counts the branches of a data-dependent assertion instead of an `if` around `expect`: `afterAll` asserts each
 * named branch ran at least once.
 */
export function branchCounter<B extends string>(...names: B[]) {
  const seen = new Map<B, number>(names.map((n) => [n, 0]));
  afterAll(() => {
    expect(Object.fromEntries([...seen].filter(([, n]) => n === 0))).toEqual({});
  });
  return (name: B) => void seen.set(name, (seen.get(name) ?? 0) + 1);
}

/** The generated paths and the final checks, without vitest cases (describeMachineTables registers them). */
export function generateMachineTables<V>(machine: AnyStateMachine, options: TableOptions<V>) {
  const key = options.key ?? stateValue;
  const labels = new Map<string, string>();
  const casesOf = (snapshot: Snap, type: string): Record<string, CaseEvent> | undefined => {
    const cases = options.events?.[type];
    return typeof cases === 'function' ? cases(snapshot) : cases;
  };
  const events: MachinePathOptions['events'] = Object.fromEntries(
    Object.keys(options.events ?? {}).map((type) => [
      type,
      (snapshot: Snap) =>
        Object.entries(casesOf(snapshot, type) ?? {}).map(([label, event]) => {
          labels.set(payloadKey(event), label);
          return event;
        }),
    ]),
  );
  const eventKey = (event: EventObject) => {
    const label = labels.get(payloadKey(event));
    return label ? `${shortType(event.type)} ${label}` : shortType(event.type);
  };

  const statesSeen = new Set<string>();
  const transitionsSeen = new Set<string>();
  const guards = new Map<string, Set<boolean>>();
  const canTypes = new Set(Object.values(options.states).flatMap((row) => Object.keys(row.can).map(typeOf)));
  function typeOf(canKey: string) {
    return canKey.split(' ')[0]!;
  }

  const checkState = (snapshot: Snap, stateKey: string) => {
    const row = options.states[stateKey];
    if (!row) throw new Error(`reached state "${stateKey}" with no entry in the states table`);
    statesSeen.add(stateKey);
    expect(snapshot.status, `status in ${stateKey}`).toBe(row.status ?? 'active');
    expect(snapshot.output, `output in ${stateKey}`).toEqual(row.output);
    expect(options.view(snapshot as never), `view in ${stateKey}`).toEqual(row.view);
    expect(Object.keys(snapshot.children).sort(), `running in ${stateKey}`).toEqual([...(row.running ?? [])].sort());
    if (row.context) expect(snapshot.context, `context in ${stateKey}`).toMatchObject(row.context);
    // can() for every event type of the row, each case of a type; a row must name every type of the tables.
    const probed: Record<string, boolean> = {};
    const want: Record<string, boolean> = {};
    for (const type of canTypes) {
      const cases = casesOf(snapshot, type);
      const plain = row.can[type];
      const labelled = Object.keys(row.can).filter((k) => typeOf(k) === type && k !== type);
      if (plain === undefined && labelled.length === 0)
        throw new Error(`state "${stateKey}": the can row has no entry for ${type}`);
      if (plain !== undefined || !cases) {
        const list = cases ? Object.entries(cases) : [['', { type }] as const];
        for (const [label, event] of list) {
          const k = label ? `${type} ${label}` : type;
          want[k] = row.can[k] ?? plain!;
          probed[k] = snapshot.can(event as never);
        }
      } else {
        for (const k of labelled) {
          const event = cases[k.slice(type.length + 1)];
          if (!event) throw new Error(`state "${stateKey}": no case "${k}" of ${type} here`);
          want[k] = row.can[k]!;
          probed[k] = snapshot.can(event as never);
        }
      }
    }
    expect(probed, `can() in ${stateKey}`).toEqual(want);
  };

  const oracle = {
    guardEvaluated(name: string, result: boolean) {
      if (!guards.has(name)) guards.set(name, new Set());
      guards.get(name)!.add(result);
    },
    check(step: StepRecord) {
      const to = key(step.after);
      if (!step.event) {
        checkState(step.after, to);
        expect(step.effects, 'effects of starting').toEqual(options.start?.effects ?? []);
        return;
      }
      const from = key(step.before!);
      const ev = eventKey(step.event);
      const entry = options.transitions[from]?.[ev];
      if (entry === undefined)
        throw new Error(`took "${from}" --${ev}--> "${to}" with no entry in the transitions table`);
      transitionsSeen.add(`${from} | ${ev}`);
      const row: TransitionRow = typeof entry === 'string' ? { to: entry } : entry;
      expect(to, `${from} --${ev}-->`).toBe(row.to);
      checkState(step.after, to);
      expect(step.effects, `effects of ${from} --${ev}-->`).toEqual(row.effects ?? []);
      if (row.context) expect(step.after.context, `context after ${from} --${ev}-->`).toMatchObject(row.context);
      if (row.invokes) expect(step.invocations, `invokes of ${from} --${ev}-->`).toEqual(row.invokes);
      if (step.event.type.startsWith('xstate.after.')) {
        if (row.after === undefined) throw new Error(`${from} --${ev}-->: an after step needs its delay in "after"`);
        expect(step.clockMoved, `the clock for ${from} --${ev}-->`).toBe(row.after);
      } else {
        expect(step.clockMoved, `the clock for ${from} --${ev}-->`).toBe(0);
      }
    },
  };

  const {
    key: _k,
    events: _e,
    states,
    transitions,
    counts,
    view: _v,
    start: _s,
    guardSides,
    name: _n,
    ...rest
  } = options;
  const generated = generateMachinePaths(machine, { paths: 'shortest', ...rest, events, serializeState: key }, oracle);
  const checks: Record<string, () => void> = {
    'reaches every state node': () => generated.checkCoverage(),
    'takes every table state and every table transition': () => {
      const tableTransitions = Object.entries(transitions).flatMap(([from, row]) =>
        Object.keys(row).map((ev) => `${from} | ${ev}`),
      );
      expect(
        Object.keys(states).filter((s) => !statesSeen.has(s)),
        'states never reached',
      ).toEqual([]);
      expect(
        tableTransitions.filter((t) => !transitionsSeen.has(t)),
        'transitions never taken',
      ).toEqual([]);
    },
    'takes both sides of every named guard': () => {
      const sides = (g: string) => [...(guards.get(g) ?? [])].sort().join(' and ') || 'never evaluated';
      const oneSided = Object.keys(machine.implementations.guards ?? {})
        .filter((g) => guards.get(g)?.size !== 2)
        .map((g) => `${g}: ${sides(g)}`);
      // A guard listed as one-sided that in fact shows both is stale: the list must match exactly.
      const listed = Object.keys(guardSides ?? {}).map((g) => `${g}: ${sides(g)}`);
      expect(oneSided.sort()).toEqual(listed.sort());
    },
    'has the event types of the can rows': () => {
      const machineTypes = [...(machine.root.events as string[])].filter(isUserEvent).sort();
      expect(machineTypes).toEqual([...canTypes].sort());
    },
    'pins the numbers of paths and transitions': () => {
      const steps = new Set(
        generated.paths.flatMap((p) => p.steps.slice(1).map((s, i) => `${p.steps[i]!.state} | ${eventKey(s.event)}`)),
      );
      expect({ paths: generated.paths.length, transitions: steps.size }).toEqual(counts);
    },
  };
  // Named by the tables' keys: `path 3: offered.closed via done.actor.loadTrialStatus available → OPEN → DISMISS`.
  const paths = generated.paths.map((p, i) => ({
    ...p,
    name: `path ${i + 1}: ${p.steps.at(-1)!.state} via ${
      p.steps
        .slice(1)
        .map((s) => eventKey(s.event))
        .join(' → ') || '(initial state)'
    }`,
  }));
  return { paths, checks };
}

/** Registers one vitest case per generated path, then the checks over all of them (in this order). */
export function describeMachineTables<V>(machine: AnyStateMachine, options: TableOptions<V>) {
  describe(options.name ?? `machine ${machine.id}: tables`, () => {
    let generated: ReturnType<typeof generateMachineTables>;
    try {
      generated = generateMachineTables(machine, options);
    } catch (err) {
      // A machine that throws while its graph is built is a failing test, not a file without tests.
      it('builds the graph of the machine', () => {
        throw err;
      });
      return;
    }
    for (const path of generated.paths) it(path.name, () => path.run());
    for (const [title, check] of Object.entries(generated.checks)) it(title, check);
  });
}
