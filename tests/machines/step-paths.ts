// Generated paths of a step-practice machine, with the assertions every one of the seven must meet at every state:
// - «Далее» is on exactly when the step's answers meet the practice's rule (stepComplete over the definition table):
//   every named guard, both ways, is pinned by the data (a guard reading the wrong field fails here);
// - «Назад» is on for every step but the first, the step's number and «Завершить» on the last one;
// - answers never keep NUL characters nor exceed their limits;
// - the device always holds what is on screen: the last saveDraft carries the context's progress;
// - a restored draft that was sent to the diary keeps its client id until an edit, which takes a new one;
// - finishing hands over the progress once, every step complete;
// - «Завершить без сохранения» (DISCARD, from any step) clears the draft and leaves, handing nothing over;
// - Telegram's Back (BACK) is «Назад» on every step but the first, and on the first step (or before one) leaves
//   with the draft kept: nothing cleared, nothing handed over.
import { expect } from 'vitest';
import { createActor, fromPromise, waitFor, type AnyMachineSnapshot, type AnyStateMachine } from 'xstate';
import type { StoredStepDraft } from '../../machines/practices/steps/step-draft';
import { progressOf, stepsView, type StepContext } from '../../machines/practices/steps/step-flow';
import {
  fieldMax,
  stepComplete,
  stepFields,
  stepsOf,
  weakAreas,
  type StepPracticeId,
  type StepProgress,
} from '../../machines/practices/steps/step-practices';
import { branchCounter } from '../support/machine-tables';
import { describeMachinePaths, type CaseEvent, type MachinePathOptions } from '../support/path-tests';

let idCounter = 0;
/** Valid, distinct client ids (the contract's UUID pattern). */
export const newClientId = () => `00000000-0000-4000-8000-${String(++idCounter).padStart(12, '0')}`;
/** The client id of the restored draft (sent to the diary once already). */
export const DRAFT_CLIENT_ID = '22222222-2222-4222-8222-222222222222';

export type Effects = Array<[string, unknown]>;

/** An answer longer than the field allows, padded: kept cut to the limit, and non-blank. */
export const longAnswer = (max: number) => `  ${'я'.repeat(max + 20)}\u0000`;

/** Every field of the step: blank (spaces and a line break) and filled (too long, padded); and an unknown one. */
export function fieldCases(practice: StepPracticeId) {
  return (s: AnyMachineSnapshot): CaseEvent[] => {
    const v = stepsView(s, practice);
    if (v.status !== 'step') return [];
    return [
      ...v.fields.flatMap(({ field, max }) => [
        { type: 'FIELD.CHANGE', field, value: '  \n ' },
        { type: 'FIELD.CHANGE', field, value: longAnswer(max) },
      ]),
      // A field the practice does not have is ignored.
      { type: 'FIELD.CHANGE', field: 'nickname', value: 'Лиса' },
    ];
  };
}

export interface StepPathOptions<P extends StepPracticeId> {
  practice: P;
  /** The draft restoreDraft reads back (besides none): saved to the diary once, on a later step. */
  draft: StoredStepDraft<P>;
  events?: MachinePathOptions['events'];
  /** The state key's part for the answers (default: which of the step's own answers are filled). */
  key?: (snapshot: AnyMachineSnapshot) => unknown;
  assert?: MachinePathOptions['assert'];
  paths?: MachinePathOptions['paths'];
  maxPaths?: number;
}

/** The generated paths of a step machine, recording its effects in `effects` (reset for every path). */
export function describeStepMachinePaths<P extends StepPracticeId>(
  machine: AnyStateMachine,
  effects: Effects,
  options: StepPathOptions<P>,
) {
  const { practice, draft } = options;
  const steps = stepsOf(practice) as string[];
  const record = (name: string) => (_: unknown, params?: unknown) => void effects.push([name, params]);
  // The state key: which of the step's own answers are filled (earlier steps are complete to be here; a later
  // step's answers are keyed when it is on screen), so the graph stays small.
  const filled = (s: AnyMachineSnapshot) =>
    stepsView(s, practice).fields.map(
      ({ field }) => ((s.context as StepContext<P>).answers as Record<string, string>)[field]!.trim() !== '',
    );
  const lastSaved = () => effects.findLast(([name]) => name === 'saveDraft')?.[1];
  // Telegram's Back is taken both ways: a step back (practices of two steps or more) and out.
  const backs = branchCounter<string>(...(steps.length > 1 ? ['a step back', 'out', 'other'] : ['out', 'other']));

  describeMachinePaths(machine, {
    input: { newClientId },
    provide: () => {
      effects.length = 0;
      return {
        actions: {
          saveDraft: record('saveDraft'),
          clearDraft: record('clearDraft'),
          finish: record('finish'),
          leave: record('leave'),
        },
      };
    },
    events: {
      'FIELD.CHANGE': fieldCases(practice),
      'xstate.done.actor.restoreDraft': [
        { type: 'xstate.done.actor.restoreDraft', output: null },
        { type: 'xstate.done.actor.restoreDraft', output: draft },
      ],
      ...options.events,
    },
    serializeState: (s) => {
      const context = s.context as StepContext<P>;
      return JSON.stringify([s.value, (options.key ?? filled)(s), context.submitted]);
    },
    paths: options.paths ?? 'shortest',
    maxPaths: options.maxPaths,
    assert: mergeAsserts(
      {
        restoring: (s) => {
          expect(stepsView(s, practice)).toMatchObject({ status: 'restoring', step: null, canNext: false });
          expect(effects).toEqual([]);
        },
        offer: (s) => {
          const { practice: _, ...progress } = draft;
          expect(stepsView(s, practice)).toMatchObject({ status: 'offer', step: null, canNext: false, canBack: false });
          expect(progressOf(s.context as StepContext<P>)).toEqual(progress);
          // Offering a draft back writes nothing: it is still the one stored.
          expect(effects).toEqual([]);
        },
        writing: (s, run) => {
          const context = s.context as StepContext<P>;
          const v = stepsView(s, practice);
          const step = (s.value as { writing: string }).writing as StepProgress<P>['step'];
          const index = steps.indexOf(step);
          expect(v).toMatchObject({ status: 'step', step, number: index + 1 });
          expect(context.step).toBe(step);
          // The guards against the table, both ways.
          expect(v.canNext, `«Далее» on ${step}`).toBe(stepComplete(practice, step, context));
          expect(v.canBack, `«Назад» on ${step}`).toBe(index > 0);
          // Telegram's Back always does something: a step back, or out.
          expect(s.can({ type: 'BACK' })).toBe(true);
          // Arrived by it: one step back from where the last step was (the step entered before this one).
          const arrivedByBack = run.events.at(-1)?.type === 'BACK';
          backs(arrivedByBack ? 'a step back' : 'other');
          const entered = effects.filter(([name]) => name === 'saveDraft').map(([, p]) => (p as StepProgress<P>).step);
          expect(arrivedByBack && steps.indexOf(entered.at(-2)!) !== index + 1, 'BACK went one step back').toBe(false);
          const weak = context.ratings ? weakAreas(context.ratings) : [];
          expect(v.fields).toEqual(stepFields(practice, step, weak));
          const last = practice === 'balance_wheel' && weak.length === 0 ? 'review' : steps.at(-1);
          expect(v.isLast).toBe(step === last);
          for (const [field, answer] of Object.entries(context.answers as Record<string, string>)) {
            expect(answer).not.toContain('\u0000');
            expect(answer.length).toBeLessThanOrEqual(fieldMax(practice, field as never));
          }
          // What is on screen is on the device.
          expect(lastSaved()).toEqual(progressOf(context));
          expect(effects.filter(([name]) => name === 'finish')).toEqual([]);
          if (context.submitted) expect(context.clientId).toBe(DRAFT_CLIENT_ID);
          else expect(context.clientId).not.toBe(DRAFT_CLIENT_ID);
          // «Продолжить» resumes on the draft's step with its answers; «Начать заново» on the first, blank.
          const saves = effects.filter(([name]) => name === 'saveDraft').map(([, p]) => p as StepProgress<P>);
          const cleared = effects.findIndex(([name]) => name === 'clearDraft');
          if (cleared >= 0) {
            expect(effects[cleared + 1]?.[0]).toBe('saveDraft');
            const fresh = effects[cleared + 1]![1] as StepProgress<P>;
            expect(fresh.step).toBe(steps[0]);
            expect(Object.values(fresh.answers as Record<string, string>).every((a) => a === '')).toBe(true);
            expect(fresh.clientId).not.toBe(DRAFT_CLIENT_ID);
          } else if (saves[0]?.clientId === DRAFT_CLIENT_ID) {
            const { practice: _, ...progress } = draft;
            expect(saves[0]).toEqual(progress);
          }
          // «Далее» and «Назад» move one step at a time (only «Начать заново» jumps back to the first).
          let previous: string | null = null;
          for (const [name, params] of effects) {
            if (name === 'clearDraft') previous = null;
            if (name !== 'saveDraft') continue;
            const at = (params as StepProgress<P>).step;
            if (previous !== null && at !== previous)
              expect(Math.abs(steps.indexOf(at) - steps.indexOf(previous)), `${previous} → ${at}`).toBe(1);
            previous = at;
          }
        },
        finished: (s) => {
          const context = s.context as StepContext<P>;
          expect(stepsView(s, practice)).toMatchObject({ status: 'finished', canNext: false });
          expect(effects.filter(([name]) => name === 'finish')).toEqual([['finish', progressOf(context)]]);
          const weak = context.ratings ? weakAreas(context.ratings) : [];
          for (const step of steps) {
            if (practice === 'balance_wheel' && step === 'plan' && weak.length === 0) continue;
            expect(stepComplete(practice, step as never, context), `${step} complete`).toBe(true);
          }
        },
        left: (s, run) => {
          expect(stepsView(s, practice)).toMatchObject({ status: 'left', step: null, canNext: false });
          expect(run.events.at(-1)?.type).toBe('BACK');
          backs('out');
          // The session leaves; the draft stays as it was last written (never cleared after), nothing handed over.
          expect(effects.at(-1)).toEqual(['leave', undefined]);
          const writes = effects.filter(([name]) => name === 'saveDraft' || name === 'clearDraft');
          expect(writes.at(-1)?.[0]).not.toBe('clearDraft');
          expect(effects.filter(([name]) => name === 'finish' || name === 'leave')).toEqual([['leave', undefined]]);
        },
        discarded: (s, run) => {
          expect(stepsView(s, practice)).toMatchObject({ status: 'discarded', step: null, canNext: false });
          expect(run.events.at(-1)?.type).toBe('DISCARD');
          // The draft goes, then the session leaves; nothing is written after nor handed over.
          expect(effects.slice(-2)).toEqual([
            ['clearDraft', undefined],
            ['leave', undefined],
          ]);
          expect(effects.filter(([name]) => name === 'finish' || name === 'leave')).toEqual([['leave', undefined]]);
        },
      },
      options.assert,
    ),
  });
}

type Asserts = NonNullable<MachinePathOptions['assert']>;
/** The shared checks and a practice's own, both run for a key they share (a practice adds, never replaces). */
function mergeAsserts(shared: Asserts, own: Asserts = {}): Asserts {
  const merged: Asserts = { ...shared };
  for (const [key, fn] of Object.entries(own)) {
    const base = shared[key];
    merged[key] = base
      ? async (s, run) => {
          await base(s, run);
          await fn(s, run);
        }
      : fn;
  }
  return merged;
}

/** A step machine started for a hand-written walk: the draft it restores, and what it saves and hands over. */
export async function startStepMachine<M extends AnyStateMachine>(machine: M, draft: StoredStepDraft | null = null) {
  const saved: unknown[] = [];
  const finished: unknown[] = [];
  /** The draft cleared and the session left, in order. */
  const quits: string[] = [];
  const actor = createActor(
    machine.provide({
      actors: { restoreDraft: fromPromise(async () => draft) },
      actions: {
        saveDraft: (_: unknown, p: unknown) => void saved.push(p),
        finish: (_: unknown, p: unknown) => void finished.push(p),
        clearDraft: () => void quits.push('clearDraft'),
        leave: () => void quits.push('leave'),
      },
    } as never),
    { input: { newClientId } as never },
  ).start();
  await waitFor(actor, (s) => !s.matches('restoring'));
  const write = (field: string, value: string) => actor.send({ type: 'FIELD.CHANGE', field, value } as never);
  const send = (type: 'NEXT' | 'PREVIOUS' | 'CONTINUE' | 'RESTART' | 'DISCARD') => actor.send({ type } as never);
  return { actor, saved, finished, quits, write, send };
}
