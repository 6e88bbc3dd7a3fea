// The safety plan machine as two tables, built from a model of the flow written here from docs/safety-plan.md and
// issue 22 (decision 0251: the model's steps are the walk). Two walks, as the flow has two regions: the steps
// (intro → seven steps, each skippable → summary → one step edited; back leaves from the intro, the first step and
// the summary) with the sync at loading or saved, and the sync (the device's copy read first, the server's plan,
// every edit on the device at once and sent 800 ms after typing pauses or at once on back, a save merged by the
// server, offline and its retries every 15 s) with the screen at the intro or the summary. Then the sequences a
// graph cannot show.
import { isDeepStrictEqual } from 'node:util';
import { beforeEach, describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor, type AnyMachineSnapshot, type EventObject } from 'xstate';
import type { SafetyPlan, SafetyPlanSaveBody, SafetyPlanSaved } from '../../contract/safety-plan';
import { emptyPlan, type SafetyPlanContent } from '../../contract/safety-plan-rules';
import type { DevicePlan } from '../../machines/safety-plan/device-plan';
import {
  safetyPlanMachine,
  safetyPlanView,
  type SafetyPlanContext,
} from '../../machines/safety-plan/safety-plan.machine';
import { describeMachineTables, type Effect, type StateRow, type TransitionRow } from '../support/machine-tables';
import type { CaseEvent } from '../support/path-tests';

/** The seven steps in their order (docs/safety-plan.md). */
const STEPS = [
  'warning_signs',
  'coping',
  'distractions',
  'helpers',
  'professionals',
  'safe_environment',
  'reasons',
] as const;
/** Lines (or people) one step holds at most (the contract's `items`). */
const ITEMS_MAX = 20;
/** Typing pauses this long before the plan goes to the server (docs/safety-plan.md, decision 0126). */
const SAVE_MS = 800;
/** A plan the server could not take is tried again this often. */
const RETRY_MS = 15_000;
const BACK_TO = '/app/profile/help';

/** The line the walk adds, typed with spaces around it: kept as typed on the device, trimmed when sent. */
const LINE = 'Не сплю по ночам';
const LINE_TYPED = ` ${LINE} `;
const withLine = (plan: SafetyPlanContent, line: string) => ({
  ...plan,
  warning_signs: [...plan.warning_signs, line],
});
/** The device's copy: «what I can do on my own» full (no room for one more line there). */
const device: SafetyPlanContent = {
  ...emptyPlan(),
  coping: Array.from({ length: ITEMS_MAX }, (_, i) => `Прогулка ${i + 1}`),
};
const server: SafetyPlanContent = { ...emptyPlan(), reasons: ['Дочь'] };
/** What a merge answers: every line of the others (so merging anything of the walk into it gives it back). */
const merged: SafetyPlanContent = {
  ...device,
  warning_signs: [LINE],
  reasons: ['Дочь'],
  helpers: [{ name: 'Вера', phone: '+7 916 555-01-23', telegram: '' }],
};
/** The plans of the walks, by name, as the device holds them (`+line`: the walk's line as typed). */
const PLANS = {
  empty: emptyPlan(),
  'empty+line': withLine(emptyPlan(), LINE_TYPED),
  device,
  'device+line': withLine(device, LINE_TYPED),
  server,
  'server+line': withLine(server, LINE_TYPED),
  merged,
} satisfies Record<string, SafetyPlanContent>;
type PlanName = keyof typeof PLANS;
/** Each plan as it is sent: trimmed. */
const SENT: Record<PlanName, SafetyPlanContent> = {
  ...PLANS,
  'empty+line': withLine(emptyPlan(), LINE),
  'device+line': withLine(device, LINE),
  'server+line': withLine(server, LINE),
};
/** The plan's name; a plan of no name gives a key with no row, which fails the step. */
const planName = (plan: SafetyPlanContent) =>
  (Object.keys(PLANS) as PlanName[]).find((name) => isDeepStrictEqual(PLANS[name], plan)) ?? ('?' as PlanName);
const hasLine = (plan: PlanName) => plan.endsWith('+line') || plan === 'merged';

const DEVICE_UNSAVED: DevicePlan = { plan: device, revision: 3, unsaved: true };
const DEVICE_SAVED: DevicePlan = { plan: device, revision: 3, unsaved: false };
const SERVER: SafetyPlan = { plan: server, revision: 5, updated_at: '2030-01-01T10:00:00.000Z' };
const SAVED: SafetyPlanSaved = { plan: server, revision: 9, updated_at: '2030-01-01T10:05:00.000Z', merged: false };
const MERGED: SafetyPlanSaved = { ...SAVED, plan: merged, merged: true };

const CASES: Record<string, Record<string, CaseEvent>> = {
  'xstate.done.actor.restoreDevice': {
    none: { type: 'xstate.done.actor.restoreDevice', output: null },
    saved: { type: 'xstate.done.actor.restoreDevice', output: DEVICE_SAVED },
    unsaved: { type: 'xstate.done.actor.restoreDevice', output: DEVICE_UNSAVED },
  },
  'xstate.done.actor.loadPlan': { server: { type: 'xstate.done.actor.loadPlan', output: SERVER } },
  'xstate.done.actor.savePlan': {
    saved: { type: 'xstate.done.actor.savePlan', output: SAVED },
    merged: { type: 'xstate.done.actor.savePlan', output: MERGED },
  },
  OPEN_STEP: {
    coping: { type: 'OPEN_STEP', step: 'coping' },
    helpers: { type: 'OPEN_STEP', step: 'helpers' },
  },
  CHANGE: { line: { type: 'CHANGE', edit: { kind: 'addLine', step: 'warning_signs', text: LINE_TYPED } } },
};
const labels = new Map(
  Object.values(CASES).flatMap((cases) => Object.entries(cases).map(([label, e]) => [JSON.stringify(e), label])),
);
/** The event's key as the tables name it (the type without `xstate.`, then the case's label). */
const eventKey = (e: EventObject) => {
  const type = e.type.replace(/^xstate\./, '');
  const label = labels.get(JSON.stringify(e));
  return label ? `${type} ${label}` : type;
};
const SAVE_TIMER = 'after.SAVE_DELAY.safetyPlan.ready.sync.pending';
const RETRY_TIMER = 'after.RETRY_DELAY.safetyPlan.ready.sync.offline';

// ── The model ──
type Screen = 'restoring' | 'intro' | 'step' | 'summary' | 'section';
type Sync = 'none' | 'loading' | 'idle' | 'pending' | 'saving' | 'offline';
interface Facts {
  screen: Screen;
  /** The step shown (kept in the summary: the view names it). */
  step: number;
  sync: Sync;
  plan: PlanName;
  revision: number;
  unsaved: boolean;
  /** Edited while the running save is on its way (only while saving). */
  edited: boolean;
  /** The device had a copy or the server's plan was seen: offline, there is still something to show. */
  loaded: boolean;
}
const keyOf = (f: Facts) =>
  [
    `${f.screen} @${f.step}`,
    f.sync,
    f.plan,
    `r${f.revision}`,
    f.unsaved && 'unsaved',
    f.edited && 'edited',
    f.loaded && 'loaded',
  ]
    .filter(Boolean)
    .join(' | ');
/** The snapshot's facts, named as the model names them (only to find the row; the row says what is right). */
function factsOf(s: AnyMachineSnapshot): Facts {
  const c = s.context as SafetyPlanContext;
  const value = s.value as string | { ready: { view: Screen; sync: Sync } };
  const ready = typeof value === 'string' ? null : value.ready;
  return {
    screen: ready ? ready.view : 'restoring',
    step: c.step,
    sync: ready ? ready.sync : 'none',
    plan: planName(c.plan),
    revision: c.revision,
    unsaved: c.unsaved,
    edited: ready?.sync === 'saving' && c.edits !== c.sentEdits,
    loaded: c.fromDevice || c.fromServer,
  };
}

interface Move {
  to: Facts;
  effects?: Effect[];
  invokes?: Array<{ id: string; src: string; input: unknown }>;
  after?: number;
}
const LOAD = { id: 'loadPlan', src: 'loadPlan', input: undefined };
const leave: Effect = ['navigate', { to: BACK_TO }];
const deviceCopy = (f: Facts): Effect => [
  'saveDevice',
  { plan: PLANS[f.plan], revision: f.revision, unsaved: f.unsaved },
];
/** A plan arriving with content shows whole: the intro gives way to the summary. */
const shown = (f: Facts): Facts => (f.screen === 'intro' && f.plan !== 'empty' ? { ...f, screen: 'summary' } : f);
const save = (f: Facts): Move => ({
  to: { ...f, sync: 'saving', edited: false },
  invokes: [{ id: 'savePlan', src: 'savePlan', input: { plan: SENT[f.plan], base_revision: f.revision } }],
});
/** Offline, a retry sends what the server has not confirmed, else asks for the plan again. */
const retry = (f: Facts): Move => (f.unsaved ? save(f) : { to: { ...f, sync: 'loading' }, invokes: [LOAD] });

/** Every step the flow takes from these facts, by event key. */
function moves(f: Facts): Record<string, Move> {
  const out: Record<string, Move> = {};
  if (f.screen === 'restoring') {
    const opened = (copy: DevicePlan | null): Move => {
      const plan = copy ? planName(copy.plan) : 'empty';
      const to: Facts = {
        ...f,
        screen: plan === 'empty' ? 'intro' : 'summary',
        sync: 'loading',
        plan,
        revision: copy?.revision ?? 0,
        unsaved: copy?.unsaved ?? false,
        loaded: copy !== null,
      };
      return { to, invokes: [LOAD] };
    };
    out['done.actor.restoreDevice none'] = opened(null);
    out['done.actor.restoreDevice saved'] = opened(DEVICE_SAVED);
    out['done.actor.restoreDevice unsaved'] = opened(DEVICE_UNSAVED);
    // Storage that cannot be read: as if there were no copy.
    out['error.actor.restoreDevice'] = opened(null);
    return out;
  }
  // The view.
  const to = (over: Partial<Facts>): Move => ({ to: { ...f, ...over } });
  if (f.screen === 'intro') out.START = to({ screen: 'step', step: 0 });
  if (f.screen === 'step')
    out.NEXT = f.step === STEPS.length - 1 ? to({ screen: 'summary' }) : to({ step: f.step + 1 });
  if (f.screen === 'summary')
    for (const step of ['coping', 'helpers'] as const)
      out[`OPEN_STEP ${step}`] = to({ screen: 'section', step: STEPS.indexOf(step) });
  if (f.screen === 'section') out.DONE = to({ screen: 'summary' });
  // Back: the section to the summary, a step to the one before; from the intro, the first step and the summary it
  // leaves (what was written stays). An edit waiting for its pause goes to the server at once.
  const back: Move =
    f.screen === 'section'
      ? to({ screen: 'summary' })
      : f.screen === 'step' && f.step > 0
        ? to({ step: f.step - 1 })
        : { to: f, effects: [leave] };
  out.BACK = f.sync === 'pending' ? { ...save(back.to), effects: back.effects } : back;
  // Every edit that changes the plan is on the device at once; the server gets it after the pause.
  if (!hasLine(f.plan)) {
    const edited: Facts = {
      ...f,
      plan: `${f.plan as 'empty' | 'device' | 'server'}+line`,
      unsaved: true,
      edited: f.sync === 'saving',
      sync: f.sync === 'idle' || f.sync === 'pending' ? 'pending' : f.sync,
    };
    out['CHANGE line'] = { to: shown(edited), effects: [deviceCopy(edited)] };
  } else out['CHANGE line'] = { to: f }; // the line is there already: nothing changes, nothing is sent
  // The sync.
  switch (f.sync) {
    case 'loading': {
      // Edits kept on the device go out with the revision they are based on; else the server's plan is shown and
      // kept on the device.
      const fresh: Facts = { ...f, plan: 'server', revision: SERVER.revision, sync: 'idle', loaded: true };
      out['done.actor.loadPlan server'] = f.unsaved
        ? { to: { ...f, sync: 'pending', loaded: true } }
        : { to: shown(fresh), effects: [deviceCopy(fresh)] };
      out['error.actor.loadPlan'] = to({ sync: 'offline' });
      break;
    }
    case 'pending':
      out[SAVE_TIMER] = { ...save(f), after: SAVE_MS };
      break;
    case 'saving':
      for (const [label, answer] of [
        ['saved', SAVED],
        ['merged', MERGED],
      ] as const) {
        // The server's revision; a merged answer's plan (with anything added meanwhile). Edited meanwhile: the
        // newer plan is still unsaved and goes next.
        const after: Facts = {
          ...f,
          revision: answer.revision,
          plan: answer.merged ? 'merged' : f.plan,
          unsaved: f.edited,
          sync: f.edited ? 'pending' : 'idle',
          edited: false,
          loaded: true,
        };
        out[`done.actor.savePlan ${label}`] = { to: after, effects: [deviceCopy(after)] };
      }
      out['error.actor.savePlan'] = to({ sync: 'offline', edited: false });
      break;
    case 'offline':
      out.RETRY = retry(f);
      out[RETRY_TIMER] = { ...retry(f), after: RETRY_MS };
      break;
  }
  return out;
}

const SYNC_VIEW = {
  none: null,
  loading: 'loading',
  idle: 'saved',
  pending: 'saving',
  saving: 'saving',
  offline: 'offline',
};
const viewOf = (f: Facts) => ({
  screen: f.screen,
  plan: PLANS[f.plan],
  step: STEPS[f.step],
  stepNumber: f.step + 1,
  stepCount: 7,
  isLastStep: f.step === 6,
  canAdd: PLANS[f.plan][STEPS[f.step]!].length < ITEMS_MAX,
  isEmpty: f.plan === 'empty',
  sync: SYNC_VIEW[f.sync],
  unsaved: f.unsaved,
  nothingLoaded: f.sync === 'offline' && !f.loaded,
});
const canOf = (f: Facts) => {
  const ready = f.screen !== 'restoring';
  return {
    START: f.screen === 'intro',
    NEXT: f.screen === 'step',
    OPEN_STEP: f.screen === 'summary',
    DONE: f.screen === 'section',
    BACK: ready,
    RETRY: f.sync === 'offline',
    'CHANGE line': ready && !hasLine(f.plan),
    // Raised by every edit, never sent by the screen: the sync takes it while saved or waiting.
    EDITED: f.sync === 'idle' || f.sync === 'pending',
  };
};
const RUNNING: Partial<Record<Sync, string[]>> = {
  none: ['restoreDevice'],
  loading: ['loadPlan'],
  saving: ['savePlan'],
};

/** The two tables of one walk: the model walked breadth-first over the steps the walk offers. */
function tables(offered: (f: Facts, event: string) => boolean) {
  const walk = (f: Facts) => Object.entries(moves(f)).filter(([event]) => offered(f, event));
  const states: Record<string, StateRow> = {};
  const transitions: Record<string, Record<string, TransitionRow>> = {};
  const start: Facts = {
    screen: 'restoring',
    step: 0,
    sync: 'none',
    plan: 'empty',
    revision: 0,
    unsaved: false,
    edited: false,
    loaded: false,
  };
  for (const queue = [start]; queue.length;) {
    const f = queue.shift()!;
    const k = keyOf(f);
    if (states[k]) continue;
    states[k] = { view: viewOf(f), can: canOf(f), running: RUNNING[f.sync] ?? [] };
    transitions[k] = {};
    for (const [event, move] of walk(f)) {
      transitions[k][event] = {
        to: keyOf(move.to),
        effects: move.effects ?? [],
        invokes: move.invokes ?? [],
        context: { revision: move.to.revision, unsaved: move.to.unsaved, step: move.to.step },
        ...(move.after === undefined ? {} : { after: move.after }),
      };
      queue.push(move.to);
    }
  }
  return {
    states,
    transitions,
    filterEvents: (s: AnyMachineSnapshot, e: EventObject) => walk(factsOf(s)).some(([event]) => event === eventKey(e)),
  };
}

const common = {
  view: safetyPlanView,
  input: { backTo: BACK_TO },
  events: CASES,
  key: (s: AnyMachineSnapshot) => keyOf(factsOf(s)),
};

// The steps: the sync only loads (the device's copy or none, then the server's plan).
const STEP_EVENTS = [
  'done.actor.restoreDevice none',
  'done.actor.restoreDevice saved',
  'done.actor.loadPlan server',
  'START',
  'NEXT',
  'BACK',
  'OPEN_STEP coping',
  'OPEN_STEP helpers',
  'DONE',
];
describeMachineTables(safetyPlanMachine, {
  ...common,
  name: 'safety plan: the steps',
  ...tables((_, event) => STEP_EVENTS.includes(event)),
  unreachable: [
    '#safetyPlan.ready.view.opening',
    '#safetyPlan.ready.sync.pending',
    '#safetyPlan.ready.sync.saving',
    '#safetyPlan.ready.sync.offline',
  ],
  guardSides: {
    hasUnsaved: 'the steps never edit: the sync walk loads with edits kept on the device',
    editedWhileSaving: 'the steps never save (the sync walk)',
    changesPlan: 'the steps never edit (the sync walk)',
  },
  counts: { paths: 61, transitions: 92 },
});

// The sync: the intro or the summary; back only where an edit waits (it sends it at once); the edit that changes
// nothing only where the plan is saved (it sends nothing).
const VIEW_EVENTS = ['START', 'NEXT', 'OPEN_STEP coping', 'OPEN_STEP helpers', 'DONE'];
describeMachineTables(safetyPlanMachine, {
  ...common,
  name: 'safety plan: the sync',
  ...tables(
    (f, event) =>
      !VIEW_EVENTS.includes(event) &&
      (event !== 'BACK' || f.sync === 'pending') &&
      (event !== 'CHANGE line' || !hasLine(f.plan) || f.sync === 'idle'),
  ),
  unreachable: ['#safetyPlan.ready.view.opening', '#safetyPlan.ready.view.step', '#safetyPlan.ready.view.section'],
  guardSides: {
    isLastStep: 'the sync walk stays at the intro and the summary (the steps walk)',
    isFirstStep: 'the sync walk stays at the intro and the summary (the steps walk)',
  },
  counts: { paths: 48, transitions: 82 },
});

// ── Sequences ──
const effects: Array<[string, unknown]> = [];
const record = (name: string) => (_: unknown, params: unknown) => void effects.push([name, params]);
beforeEach(() => {
  effects.length = 0;
});
describe('safety plan machine: sequences', () => {
  function start(device: DevicePlan | null, load: () => Promise<SafetyPlan>) {
    const saves: SafetyPlanSaveBody[] = [];
    const actor = createActor(
      safetyPlanMachine.provide({
        actors: {
          restoreDevice: fromPromise(async () => device),
          loadPlan: fromPromise(load),
          savePlan: fromPromise<SafetyPlanSaved, SafetyPlanSaveBody>(async ({ input }) => {
            saves.push(input);
            return { ...SAVED, plan: input.plan, revision: input.base_revision + 1 };
          }),
        },
        actions: { saveDevice: record('saveDevice'), navigate: record('navigate') },
        delays: { SAVE_DELAY: 0 },
      }),
      { input: {} },
    ).start();
    return { actor, saves };
  }

  it('opens from the device’s copy while the server does not answer, and takes edits there', async () => {
    const { actor } = start(DEVICE_SAVED, () => new Promise(() => {}));
    await waitFor(actor, (s) => s.matches({ ready: { view: 'summary' } }));
    expect(safetyPlanView(actor.getSnapshot())).toMatchObject({ plan: PLANS.device, sync: 'loading' });
    actor.send({ type: 'OPEN_STEP', step: 'reasons' });
    actor.send({ type: 'CHANGE', edit: { kind: 'addLine', step: 'reasons' } });
    actor.send({ type: 'CHANGE', edit: { kind: 'changeLine', step: 'reasons', index: 0, text: 'Мама ' } });
    // On the device at once, as typed; trimmed only when sent.
    expect(effects.at(-1)).toEqual([
      'saveDevice',
      { plan: { ...PLANS.device, reasons: ['Мама '] }, revision: 3, unsaved: true },
    ]);
  });

  it('a blank line is kept while written but never sent; what is sent is trimmed', async () => {
    const { actor, saves } = start(null, async () => SERVER);
    await waitFor(actor, (s) => s.matches({ ready: { sync: 'idle' } }));
    actor.send({ type: 'OPEN_STEP', step: 'coping' });
    actor.send({ type: 'CHANGE', edit: { kind: 'addLine', step: 'coping', text: '  Прогулка ' } });
    actor.send({ type: 'CHANGE', edit: { kind: 'addLine', step: 'coping' } });
    await waitFor(actor, (s) => s.matches({ ready: { sync: 'idle' } }));
    expect(saves).toEqual([{ plan: { ...PLANS.server, coping: ['Прогулка'] }, base_revision: 5 }]);
    expect(actor.getSnapshot().context.plan.coping).toEqual(['  Прогулка ', '']);
  });

  it('an edit while a save is on its way goes out next, on the revision that save made', async () => {
    const { actor, saves } = start(null, async () => SERVER);
    await waitFor(actor, (s) => s.matches({ ready: { sync: 'idle' } }));
    actor.send({ type: 'CHANGE', edit: { kind: 'addLine', step: 'coping', text: 'Душ' } });
    await waitFor(actor, (s) => s.matches({ ready: { sync: 'saving' } }));
    actor.send({ type: 'CHANGE', edit: { kind: 'addLine', step: 'coping', text: 'Чай' } });
    await waitFor(actor, (s) => saves.length === 2 && s.matches({ ready: { sync: 'idle' } }));
    expect(saves.map((b) => [b.plan.coping, b.base_revision])).toEqual([
      [['Душ'], 5],
      [['Душ', 'Чай'], 6],
    ]);
    expect(actor.getSnapshot().context).toMatchObject({ revision: 7, unsaved: false });
  });
});
