// Generated paths of the safety plan machine, in two walks: the steps (intro → seven steps → summary → one step
// edited), and the sync (device copy, server load, debounced saves, offline and retries, merges). Every state is
// checked against a model of the flow written by hand from docs/safety-plan.md — what the screen shows, where the
// plan stands, each effect with its params, the clock of each delay — and against a table of the events each
// screen accepts (`can()`).
import { beforeEach, describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor, type EventObject } from 'xstate';
import type { SafetyPlan, SafetyPlanSaveBody, SafetyPlanSaved } from '../../contract/safety-plan';
import {
  SAFETY_PLAN_STEPS,
  emptyPlan,
  type SafetyPlanContent,
  type SafetyPlanStep,
} from '../../contract/safety-plan-rules';
import type { DevicePlan } from '../../machines/safety-plan/device-plan';
import {
  safetyPlanMachine,
  safetyPlanView,
  type SafetyPlanEvent,
} from '../../machines/safety-plan/safety-plan.machine';
import { describeMachinePaths, type PathRun } from '../support/path-tests';

const BACK_TO = '/app/profile/help';
const LINE = 'Не сплю по ночам';
const ADD_LINE: SafetyPlanEvent = {
  type: 'CHANGE',
  edit: { kind: 'addLine', step: 'warning_signs', text: LINE },
};

// The plans of the walks, by name: what the device kept, what the server has, what a merge answers (every line of
// the others, so merging anything of the walk into it gives it back).
const PLANS = {
  empty: emptyPlan(),
  device: { ...emptyPlan(), coping: ['Тёплый душ'] },
  server: { ...emptyPlan(), reasons: ['Дочь'] },
  merged: {
    ...emptyPlan(),
    warning_signs: [LINE],
    coping: ['Тёплый душ'],
    reasons: ['Дочь'],
    helpers: [{ name: 'Вера', phone: '+7 916 555-01-23', telegram: '' }],
  },
} satisfies Record<string, SafetyPlanContent>;
type PlanName = keyof typeof PLANS;

/** A named plan with the walk's line added (the line goes first in its step: none of the others has that step). */
function planOf(name: PlanName, withLine: boolean): SafetyPlanContent {
  const plan = PLANS[name];
  if (!withLine || plan.warning_signs.includes(LINE)) return plan;
  return { ...plan, warning_signs: [...plan.warning_signs, LINE] };
}

const DEVICE_UNSAVED: DevicePlan = { plan: PLANS.device, revision: 3, unsaved: true };
const DEVICE_SAVED: DevicePlan = { plan: PLANS.device, revision: 3, unsaved: false };
const SERVER: SafetyPlan = { plan: PLANS.server, revision: 5, updated_at: '2030-01-01T10:00:00.000Z' };
const SAVED: SafetyPlanSaved = {
  plan: PLANS.server,
  revision: 9,
  updated_at: '2030-01-01T10:05:00.000Z',
  merged: false,
};
const MERGED: SafetyPlanSaved = { ...SAVED, plan: PLANS.merged, merged: true };
const SAVE_DELAY = 800;
const RETRY_DELAY = 15_000;

// ---- The model: the flow as the spec tells it, step by step -------------------------------------------------------

type Screen = 'restoring' | 'intro' | 'step' | 'summary' | 'section';
type Sync = 'none' | 'loading' | 'idle' | 'pending' | 'saving' | 'offline';

interface Model {
  screen: Screen;
  step: number;
  sync: Sync;
  plan: PlanName;
  withLine: boolean;
  revision: number;
  unsaved: boolean;
  editsSinceSent: boolean;
  fromDevice: boolean;
  fromServer: boolean;
  clock: number;
  timerFrom: number;
  deviceWrites: DevicePlan[];
  saves: SafetyPlanSaveBody[];
  leaves: number;
}

const isEmpty = (m: Model) => m.plan === 'empty' && !m.withLine;
const planName = (plan: SafetyPlanContent): PlanName =>
  (Object.keys(PLANS) as PlanName[]).find((name) => PLANS[name] === plan)!;

function model(events: EventObject[]): Model {
  const m: Model = {
    screen: 'restoring',
    step: 0,
    sync: 'none',
    plan: 'empty',
    withLine: false,
    revision: 0,
    unsaved: false,
    editsSinceSent: false,
    fromDevice: false,
    fromServer: false,
    clock: 0,
    timerFrom: 0,
    deviceWrites: [],
    saves: [],
    leaves: 0,
  };
  const device = () => ({ plan: planOf(m.plan, m.withLine), revision: m.revision, unsaved: m.unsaved });
  const wait = (sync: 'pending' | 'offline') => ((m.sync = sync), (m.timerFrom = m.clock));
  const save = () => {
    m.sync = 'saving';
    m.editsSinceSent = false;
    m.saves.push({ plan: planOf(m.plan, m.withLine), base_revision: m.revision });
  };
  const retry = () => (m.unsaved ? save() : (m.sync = 'loading'));
  // A plan arriving with content shows whole: the intro gives way to the summary.
  const showContent = () => {
    if (m.screen === 'intro' && !isEmpty(m)) m.screen = 'summary';
  };
  for (const e of events as Array<EventObject & Record<string, unknown>>) {
    switch (e.type) {
      case 'xstate.done.actor.restoreDevice': {
        const copy = e.output as DevicePlan | null;
        if (copy) {
          Object.assign(m, { plan: planName(copy.plan), revision: copy.revision, unsaved: copy.unsaved });
          m.fromDevice = true;
        }
        m.screen = isEmpty(m) ? 'intro' : 'summary';
        m.sync = 'loading';
        break;
      }
      case 'xstate.error.actor.restoreDevice':
        Object.assign(m, { screen: 'intro', sync: 'loading' });
        break;
      case 'xstate.done.actor.loadPlan':
        m.fromServer = true;
        if (m.unsaved) wait('pending');
        else {
          Object.assign(m, { plan: 'server', withLine: false, revision: SERVER.revision, sync: 'idle' });
          m.deviceWrites.push(device());
        }
        showContent();
        break;
      case 'xstate.error.actor.loadPlan':
      case 'xstate.error.actor.savePlan':
        wait('offline');
        break;
      case 'CHANGE':
        if (m.withLine || m.plan === 'merged') break; // the line is there already: nothing changes
        Object.assign(m, { withLine: true, unsaved: true, editsSinceSent: true });
        m.deviceWrites.push(device());
        if (m.sync === 'idle' || m.sync === 'pending') wait('pending');
        showContent();
        break;
      case 'xstate.done.actor.savePlan': {
        const out = e.output as SafetyPlanSaved;
        Object.assign(m, { revision: out.revision, fromServer: true });
        if (out.merged) Object.assign(m, { plan: 'merged', withLine: false });
        if (m.editsSinceSent) wait('pending');
        else Object.assign(m, { unsaved: false, sync: 'idle' });
        m.deviceWrites.push(device());
        break;
      }
      case `xstate.after.SAVE_DELAY.safetyPlan.ready.sync.pending`:
        m.clock = m.timerFrom + SAVE_DELAY;
        save();
        break;
      case `xstate.after.RETRY_DELAY.safetyPlan.ready.sync.offline`:
        m.clock = m.timerFrom + RETRY_DELAY;
        retry();
        break;
      case 'RETRY':
        retry();
        break;
      case 'START':
        Object.assign(m, { screen: 'step', step: 0 });
        break;
      case 'NEXT':
        if (m.step === SAFETY_PLAN_STEPS.length - 1) m.screen = 'summary';
        else m.step++;
        break;
      case 'OPEN_STEP':
        Object.assign(m, { screen: 'section', step: SAFETY_PLAN_STEPS.indexOf(e.step as SafetyPlanStep) });
        break;
      case 'DONE':
        m.screen = 'summary';
        break;
      case 'BACK':
        if (m.screen === 'section') m.screen = 'summary';
        else if (m.screen === 'step' && m.step > 0) m.step--;
        else m.leaves++;
        if (m.sync === 'pending') save(); // leaving (or any back) sends what waits
        break;
      default:
        throw new Error(`the model has no rule for ${e.type}`);
    }
  }
  return m;
}

/** The events each screen and sync state accept, by hand. */
function expectedCan(m: Model) {
  const ready = m.screen !== 'restoring';
  return {
    START: m.screen === 'intro',
    NEXT: m.screen === 'step',
    DONE: m.screen === 'section',
    OPEN_STEP: m.screen === 'summary',
    BACK: ready,
    RETRY: m.sync === 'offline',
    CHANGE: ready && !m.withLine && m.plan !== 'merged',
  };
}

// ---- The walks ------------------------------------------------------------------------------------------------

const effects: Array<[string, unknown]> = [];
const record = (name: string) => (_: unknown, params: unknown) => void effects.push([name, params]);
beforeEach(() => {
  effects.length = 0;
});

const SYNC_VIEW = {
  none: null,
  loading: 'loading',
  idle: 'saved',
  pending: 'saving',
  saving: 'saving',
  offline: 'offline',
};

function checkAgainstModel(s: Parameters<typeof safetyPlanView>[0], run: PathRun) {
  const m = model(run.events);
  const view = safetyPlanView(s);
  expect(view.screen).toBe(m.screen);
  expect(view.step).toBe(SAFETY_PLAN_STEPS[m.step]);
  expect(view.stepNumber).toBe(m.step + 1);
  expect(view.isLastStep).toBe(m.step === 6);
  expect(view.canAdd).toBe(true); // no walk comes near 20 lines a step (the rule's own tests do)
  expect(view.sync).toBe(SYNC_VIEW[m.sync]);
  expect(view.plan).toEqual(planOf(m.plan, m.withLine));
  expect(view.isEmpty).toBe(isEmpty(m));
  expect(view.unsaved).toBe(m.unsaved);
  expect(view.nothingLoaded).toBe(m.sync === 'offline' && !m.fromDevice && !m.fromServer);
  expect(s.context.revision).toBe(m.revision);
  expect(effects.filter(([n]) => n === 'saveDevice').map(([, p]) => p)).toEqual(m.deviceWrites);
  expect(effects.filter(([n]) => n === 'navigate').map(([, p]) => p)).toEqual(
    Array.from({ length: m.leaves }, () => ({ to: BACK_TO })),
  );
  expect(run.invocations.filter((i) => i.src === 'savePlan').map((i) => i.input)).toEqual(m.saves);
  expect(run.clock.now()).toBe(m.clock);
  const can = expectedCan(m);
  expect({
    START: s.can({ type: 'START' }),
    NEXT: s.can({ type: 'NEXT' }),
    DONE: s.can({ type: 'DONE' }),
    OPEN_STEP: s.can({ type: 'OPEN_STEP', step: 'helpers' }),
    BACK: s.can({ type: 'BACK' }),
    RETRY: s.can({ type: 'RETRY' }),
    CHANGE: s.can(ADD_LINE),
  }).toEqual(can);
}

const common = {
  input: { backTo: BACK_TO },
  provide: { actions: { saveDevice: record('saveDevice'), navigate: record('navigate') } },
  paths: 'shortest' as const,
  assert: { '#safetyPlan': checkAgainstModel },
};
const VIEW_EVENTS = new Set(['START', 'NEXT', 'OPEN_STEP', 'DONE']);
// EDITED is the machine's own (raised by every edit), never sent from outside.
const notEdited = (e: EventObject) => e.type !== 'EDITED';

describe('the steps', () => {
  describeMachinePaths(safetyPlanMachine, {
    ...common,
    events: {
      'xstate.done.actor.restoreDevice': [
        { type: 'xstate.done.actor.restoreDevice', output: null },
        { type: 'xstate.done.actor.restoreDevice', output: DEVICE_SAVED },
      ],
      'xstate.done.actor.loadPlan': [{ type: 'xstate.done.actor.loadPlan', output: SERVER }],
      OPEN_STEP: [
        { type: 'OPEN_STEP', step: 'warning_signs' },
        { type: 'OPEN_STEP', step: 'helpers' },
      ],
    },
    // The sync stays at loading or idle here: the second walk takes it further.
    filterEvents: (_, e) =>
      notEdited(e) &&
      !['CHANGE', 'RETRY', 'xstate.error.actor.loadPlan', 'xstate.error.actor.restoreDevice'].includes(e.type),
    serializeState: (s) => JSON.stringify([s.value, s.context.step, safetyPlanView(s).isEmpty]),
    unreachable: [
      '#safetyPlan.ready.view.opening',
      '#safetyPlan.ready.sync.pending',
      '#safetyPlan.ready.sync.saving',
      '#safetyPlan.ready.sync.offline',
    ],
  });
});

describe('the sync', () => {
  describeMachinePaths(safetyPlanMachine, {
    ...common,
    events: {
      'xstate.done.actor.restoreDevice': [
        { type: 'xstate.done.actor.restoreDevice', output: null },
        { type: 'xstate.done.actor.restoreDevice', output: DEVICE_UNSAVED },
        { type: 'xstate.done.actor.restoreDevice', output: DEVICE_SAVED },
      ],
      'xstate.done.actor.loadPlan': [{ type: 'xstate.done.actor.loadPlan', output: SERVER }],
      'xstate.done.actor.savePlan': [
        { type: 'xstate.done.actor.savePlan', output: SAVED },
        { type: 'xstate.done.actor.savePlan', output: MERGED },
      ],
      CHANGE: [ADD_LINE],
    },
    // The screens stay at the intro or the summary here (the first walk goes through the steps).
    filterEvents: (_, e) => notEdited(e) && !VIEW_EVENTS.has(e.type),
    serializeState: (s) =>
      JSON.stringify([
        s.value,
        planName(s.context.plan) ?? JSON.stringify(s.context.plan),
        s.context.revision,
        s.context.unsaved,
        s.context.edits !== s.context.sentEdits,
        s.context.fromDevice,
        s.context.fromServer,
      ]),
    unreachable: ['#safetyPlan.ready.view.opening', '#safetyPlan.ready.view.step', '#safetyPlan.ready.view.section'],
  });
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
