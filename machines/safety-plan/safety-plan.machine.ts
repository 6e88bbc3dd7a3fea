// The personal safety plan (/app/safety-plan): seven steps filled one by one with gentle examples, each skippable,
// then a summary with an edit per step. Two regions run side by side once the device's copy is read:
// - view: intro (an empty plan) → the steps → the summary; the summary opens one step to edit;
// - sync: the server's plan is loaded; every edit is kept on the device at once (injected `saveDevice`) and sent to
//   the server shortly after (`savePlan`, the whole plan with the revision it is based on). When the server cannot
//   be reached the plan stays usable from the device and the save is tried again (`after` RETRY_DELAY, or RETRY);
//   a plan that changed elsewhere meanwhile is merged by the server, so nothing written on either side is lost.
// Nothing here needs the network to show the plan: opening reads the device's copy first.
import { assign, raise, setup, type SnapshotFrom } from 'xstate';
import type { SafetyPlan, SafetyPlanSaveBody, SafetyPlanSaved } from '../../contract/safety-plan';
import {
  SAFETY_PLAN_STEPS,
  emptyPlan,
  isPlanEmpty,
  mergePlans,
  planForServer,
  type SafetyPlanContent,
  type SafetyPlanStep,
} from '../../contract/safety-plan-rules';
import { stubAction, stubActor, type NavigateParams } from '../effects';
import { paths } from '../paths';
import type { DevicePlan } from './device-plan';
import { applyEdit, hasRoom, type PlanEdit } from './plan-edits';

export interface SafetyPlanContext {
  plan: SafetyPlanContent;
  /** The server's revision the plan is based on (sent with the next save). */
  revision: number;
  /** Edits the server has not confirmed; the device's copy has them. */
  unsaved: boolean;
  /** Counts edits: a save's answer tells whether the plan changed while it was on its way. */
  edits: number;
  /** `edits` when the running save was sent. */
  sentEdits: number;
  /** The device had a copy when the screen opened. */
  fromDevice: boolean;
  /** The server's plan was seen in this visit (loaded or saved). */
  fromServer: boolean;
  /** The step shown (index in SAFETY_PLAN_STEPS), in the steps and when one is edited from the summary. */
  step: number;
  /** Where BACK leaves to. */
  backTo: string;
}

export interface SafetyPlanInput {
  /** Where the plan was opened from (an /app path), else home. */
  backTo?: string;
}

export type SafetyPlanEvent =
  | { type: 'START' }
  | { type: 'NEXT' }
  | { type: 'BACK' }
  | { type: 'OPEN_STEP'; step: SafetyPlanStep }
  | { type: 'DONE' }
  | { type: 'CHANGE'; edit: PlanEdit }
  | { type: 'RETRY' }
  | { type: 'EDITED' };

const LAST_STEP = SAFETY_PLAN_STEPS.length - 1;

export const safetyPlanMachine = setup({
  types: {
    context: {} as SafetyPlanContext,
    input: {} as SafetyPlanInput,
    events: {} as SafetyPlanEvent,
  },
  actors: {
    /** The device's copy for the signed-in Telegram user (null: none). */
    restoreDevice: stubActor<DevicePlan | null>(),
    loadPlan: stubActor<SafetyPlan>(),
    savePlan: stubActor<SafetyPlanSaved, SafetyPlanSaveBody>(),
  },
  actions: {
    /** Keeps the plan on the device (provided by the screen: the device's storage, errors ignored). */
    saveDevice: stubAction<DevicePlan>(),
    navigate: stubAction<NavigateParams>(),
  },
  guards: {
    planIsEmpty: ({ context }) => isPlanEmpty(context.plan),
    planHasContent: ({ context }) => !isPlanEmpty(context.plan),
    isLastStep: ({ context }) => context.step === LAST_STEP,
    isFirstStep: ({ context }) => context.step === 0,
    hasUnsaved: ({ context }) => context.unsaved,
    editedWhileSaving: ({ context }) => context.edits !== context.sentEdits,
    /** The edit changes the plan (a full step, a missing line or the same text change nothing). */
    changesPlan: ({ context }, { edit }: { edit: PlanEdit }) => applyEdit(context.plan, edit) !== context.plan,
  },
  delays: {
    /** Typing pauses this long before the plan goes to the server (it is on the device at once). */
    SAVE_DELAY: 800,
    /** How often a plan the server could not take is tried again. */
    RETRY_DELAY: 15_000,
  },
}).createMachine({
  id: 'safetyPlan',
  description: 'The personal safety plan: seven skippable steps, a summary, kept on the device and on the server.',
  context: ({ input }) => ({
    plan: emptyPlan(),
    revision: 0,
    unsaved: false,
    edits: 0,
    sentEdits: 0,
    fromDevice: false,
    fromServer: false,
    step: 0,
    backTo: input.backTo ?? paths.home,
  }),
  initial: 'restoring',
  states: {
    restoring: {
      description: 'Reading the device’s copy: a moment, no network.',
      invoke: {
        id: 'restoreDevice',
        src: 'restoreDevice',
        onDone: {
          target: 'ready',
          actions: assign(({ event }) =>
            event.output
              ? {
                  plan: event.output.plan,
                  revision: event.output.revision,
                  unsaved: event.output.unsaved,
                  fromDevice: true,
                }
              : {},
          ),
        },
        onError: { target: 'ready', description: 'Storage unreadable: as if there were no copy.' },
      },
    },
    ready: {
      type: 'parallel',
      on: {
        CHANGE: {
          guard: { type: 'changesPlan', params: ({ event }) => ({ edit: event.edit }) },
          description: 'Every edit is on the device at once; the sync region sends it shortly after.',
          actions: [
            assign({
              plan: ({ context, event }) => applyEdit(context.plan, event.edit),
              unsaved: true,
              edits: ({ context }) => context.edits + 1,
            }),
            {
              type: 'saveDevice',
              params: ({ context }) => ({ plan: context.plan, revision: context.revision, unsaved: true }),
            },
            raise({ type: 'EDITED' }),
          ],
        },
      },
      states: {
        view: {
          initial: 'opening',
          states: {
            opening: {
              always: [{ guard: 'planIsEmpty', target: 'intro' }, { target: 'summary' }],
            },
            intro: {
              description: 'What the plan is, and «Составить план». A plan that arrives from the server shows whole.',
              always: { guard: 'planHasContent', target: 'summary' },
              on: {
                START: { target: 'step', actions: assign({ step: 0 }) },
                BACK: { actions: { type: 'navigate', params: ({ context }) => ({ to: context.backTo }) } },
              },
            },
            step: {
              description: 'One step with its examples; «Далее» goes on whether or not anything was written.',
              on: {
                NEXT: [
                  { guard: 'isLastStep', target: 'summary' },
                  { actions: assign({ step: ({ context }) => context.step + 1 }) },
                ],
                BACK: [
                  {
                    guard: 'isFirstStep',
                    description: 'Back from the first step leaves; what was written stays.',
                    actions: { type: 'navigate', params: ({ context }) => ({ to: context.backTo }) },
                  },
                  { actions: assign({ step: ({ context }) => context.step - 1 }) },
                ],
              },
            },
            summary: {
              description: 'The whole plan, with «Изменить» on every step.',
              on: {
                OPEN_STEP: {
                  target: 'section',
                  actions: assign({ step: ({ event }) => SAFETY_PLAN_STEPS.indexOf(event.step) }),
                },
                BACK: { actions: { type: 'navigate', params: ({ context }) => ({ to: context.backTo }) } },
              },
            },
            section: {
              description: 'One step edited from the summary; «Готово» or back returns to it.',
              on: { DONE: 'summary', BACK: 'summary' },
            },
          },
        },
        sync: {
          initial: 'loading',
          states: {
            loading: {
              description: 'GET /api/safety-plan; meanwhile the device’s copy shows and takes edits.',
              invoke: {
                id: 'loadPlan',
                src: 'loadPlan',
                onDone: [
                  {
                    guard: 'hasUnsaved',
                    target: 'pending',
                    description:
                      'Edits kept on the device go out with the revision they are based on; the server merges them with whatever changed there.',
                    actions: assign({ fromServer: true }),
                  },
                  {
                    target: 'idle',
                    actions: [
                      assign(({ event }) => ({
                        plan: event.output.plan,
                        revision: event.output.revision,
                        fromServer: true,
                      })),
                      {
                        type: 'saveDevice',
                        params: ({ event }) => ({
                          plan: event.output.plan,
                          revision: event.output.revision,
                          unsaved: false,
                        }),
                      },
                    ],
                  },
                ],
                onError: { target: 'offline', description: 'No server: the plan stays usable from the device.' },
              },
            },
            idle: {
              description: 'The server has the plan as shown.',
              on: { EDITED: 'pending' },
            },
            pending: {
              description: 'Edited; sent once typing pauses, or at once when leaving.',
              after: { SAVE_DELAY: 'saving' },
              on: { EDITED: { target: 'pending', reenter: true }, BACK: 'saving' },
            },
            saving: {
              description: 'PUT /api/safety-plan with the whole plan and its revision.',
              entry: assign({ sentEdits: ({ context }) => context.edits }),
              invoke: {
                id: 'savePlan',
                src: 'savePlan',
                input: ({ context }) => ({ plan: planForServer(context.plan), base_revision: context.revision }),
                onDone: [
                  {
                    guard: 'editedWhileSaving',
                    target: 'pending',
                    description: 'Edited meanwhile: the newer plan goes next (merged with what the server added).',
                    actions: [
                      assign(({ context, event }) => ({
                        revision: event.output.revision,
                        plan: event.output.merged ? mergePlans(event.output.plan, context.plan) : context.plan,
                        fromServer: true,
                      })),
                      {
                        type: 'saveDevice',
                        params: ({ context }) => ({ plan: context.plan, revision: context.revision, unsaved: true }),
                      },
                    ],
                  },
                  {
                    target: 'idle',
                    actions: [
                      assign(({ context, event }) => ({
                        revision: event.output.revision,
                        plan: event.output.merged ? event.output.plan : context.plan,
                        unsaved: false,
                        fromServer: true,
                      })),
                      {
                        type: 'saveDevice',
                        params: ({ context }) => ({ plan: context.plan, revision: context.revision, unsaved: false }),
                      },
                    ],
                  },
                ],
                onError: {
                  target: 'offline',
                  description: 'Not saved on the server: the device keeps it, and it is tried again.',
                },
              },
            },
            offline: {
              description: 'The server could not be reached: the device’s copy is the plan for now.',
              after: {
                RETRY_DELAY: [{ guard: 'hasUnsaved', target: 'saving' }, { target: 'loading' }],
              },
              on: {
                RETRY: [{ guard: 'hasUnsaved', target: 'saving' }, { target: 'loading' }],
              },
            },
          },
        },
      },
    },
  },
});

export type SafetyPlanScreen = 'restoring' | 'intro' | 'step' | 'summary' | 'section';
export type SafetyPlanSync = 'loading' | 'saved' | 'saving' | 'offline';

/** What the screen shows: which part, the plan, the step, and how the plan stands with the server. */
export function safetyPlanView(snapshot: SnapshotFrom<typeof safetyPlanMachine>) {
  const { plan, step, unsaved, fromDevice, fromServer } = snapshot.context;
  const value = snapshot.value as 'restoring' | { ready: { view: string; sync: string } };
  const ready = typeof value === 'object' ? value.ready : null;
  const sync: SafetyPlanSync | null = ready
    ? ({ loading: 'loading', idle: 'saved', pending: 'saving', saving: 'saving', offline: 'offline' } as const)[
        ready.sync as 'loading' | 'idle' | 'pending' | 'saving' | 'offline'
      ]
    : null;
  return {
    screen: (ready ? ready.view : 'restoring') as SafetyPlanScreen,
    plan,
    /** The step shown (in the steps, or edited from the summary). */
    step: SAFETY_PLAN_STEPS[step]!,
    stepNumber: step + 1,
    stepCount: SAFETY_PLAN_STEPS.length,
    isLastStep: step === LAST_STEP,
    /** The step shown has room for one more line or person. */
    canAdd: hasRoom(plan, SAFETY_PLAN_STEPS[step]!),
    isEmpty: isPlanEmpty(plan),
    /** Null while the device's copy is read. */
    sync,
    /** Edits only this device has so far. */
    unsaved,
    /** Offline with nothing to show from the server or the device (the lines still show). */
    nothingLoaded: sync === 'offline' && !fromDevice && !fromServer,
  };
}
