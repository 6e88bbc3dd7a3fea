// What the seven step-practice machines share besides the step rules: their input, context and events, the pure
// updates their named actions make (restore a draft, start again, write an answer, rate an area), and the view model
// every runner reads. Each machine stays one literal config in its own file; its actions and guards are one-liners
// over these.
import { assign, type AnyMachineSnapshot, type EventObject } from 'xstate';
import { signalsRisk } from '../../../contract/safety/on-device';
import { stubAction, stubActor } from '../../effects';
import {
  stepFields,
  stepsOf,
  freshProgress,
  fieldMax,
  fieldsOf,
  weakAreas,
  wheelAverage,
  type FieldOf,
  type StepOf,
  type StepPracticeId,
  type StepProgress,
  type WheelArea,
} from './step-practices';
import type { StoredStepDraft } from './step-draft';
import { cleanAnswer } from './step-rules';

export interface StepInput {
  /** Injected id generator for the diary save's client id (crypto.randomUUID in the app). */
  newClientId: () => string;
}

export type StepContext<P extends StepPracticeId> = StepProgress<P> & StepInput;

export type StepEvent<F extends string> =
  | { type: 'FIELD.CHANGE'; field: F; value: string }
  | { type: 'NEXT' }
  | { type: 'PREVIOUS' }
  /** Telegram's Back inside the practice: the previous step where there is one, else out (the draft kept). */
  | { type: 'BACK' }
  | { type: 'CONTINUE' }
  | { type: 'RESTART' }
  /** «Завершить без сохранения», confirmed: the practice is abandoned on purpose and its draft goes. */
  | { type: 'DISCARD' };

export type WheelEvent = StepEvent<WheelArea> | { type: 'RATE'; area: WheelArea; value: number };

/** What the machine hands over when the practice is finished (and what its drafts store). */
export type StepFinish<P extends StepPracticeId = StepPracticeId> = StepProgress<P>;

/** The starting context: nothing written yet. */
export function startContext<P extends StepPracticeId>(practice: P, input: StepInput): StepContext<P> {
  return { ...freshProgress(practice, input.newClientId()), newClientId: input.newClientId };
}

/** The progress part of the context: what a draft stores and what finishing hands over. */
export function progressOf<P extends StepPracticeId>({ newClientId: _, ...progress }: StepContext<P>): StepProgress<P> {
  return progress;
}

/** The context after «Продолжить»: the draft's progress, with a new client id if the stored one was unusable. */
export function restored<P extends StepPracticeId>(context: StepContext<P>, draft: StoredStepDraft<P>) {
  const { practice: _, ...progress } = draft;
  return { ...progress, clientId: draft.clientId ?? context.clientId };
}

/** The context after «Начать заново»: blank, on the first step, with a new client id. */
export function restarted<P extends StepPracticeId>(practice: P, context: StepContext<P>) {
  return freshProgress(practice, context.newClientId());
}

/**
 * The context after a keystroke in `field`: the answer cleaned and cut to its limit. An edit after a save attempt is
 * a new text: it gets a new client id, so the server can never answer it with the entry that attempt may have made.
 */
export function written<P extends StepPracticeId>(
  practice: P,
  context: StepContext<P>,
  field: FieldOf<P>,
  value: string,
) {
  return {
    answers: { ...context.answers, [field]: cleanAnswer(value, fieldMax(practice, field)) },
    ...(context.submitted ? { clientId: context.newClientId(), submitted: false } : {}),
  };
}

/** The wheel after a slider moved (an edit like any other: see `written`). */
export function rated(context: StepContext<'balance_wheel'>, area: WheelArea, value: number) {
  return {
    ratings: { ...context.ratings!, [area]: value },
    ...(context.submitted ? { clientId: context.newClientId(), submitted: false } : {}),
  };
}

export const isFieldOf = (practice: StepPracticeId, field: unknown): boolean =>
  typeof field === 'string' && (fieldsOf(practice) as string[]).includes(field);

/**
 * The effects and bookkeeping every step machine names, for its `setup()` — the same seven times, so written once:
 * `actors: steps.actors`, `actions: steps.actions`, `guards: { ...steps.guards, hasTask: … }`. The machine's own
 * guards (its step rules) and its states stay in its file.
 */
export function stepSetup<P extends StepPracticeId, E extends EventObject = StepEvent<FieldOf<P>>>(practice: P) {
  type C = StepContext<P>;
  const update = <T>(fn: (context: C, params: T) => Partial<C>) =>
    assign<C, E, T, E, never>(({ context }, params) => fn(context as C, params));
  return {
    actors: {
      /** The user's draft of this practice, if one is worth offering back. */
      restoreDraft: stubActor<StoredStepDraft<P> | null>(),
    },
    actions: {
      /** Keeps what is written on the device (every change and every step). */
      saveDraft: stubAction<StepProgress<P>>(),
      clearDraft: stubAction(),
      /** Abandoned on purpose: the session goes where its back button goes (the practice's page). */
      leave: stubAction(),
      /** The practice is over: the session moves on to the rating, with the answers for the diary. */
      finish: stubAction<StepFinish<P>>(),
      restore: update<{ draft: StoredStepDraft<P> }>((context, { draft }) => restored(context, draft)),
      restart: update<undefined>((context) => restarted(practice, context)),
      write: update<{ field: FieldOf<P>; value: string }>((context, { field, value }) =>
        written(practice, context, field, value),
      ),
      enterStep: update<{ step: StepOf<P> }>((_, { step }) => ({ step }) as Partial<C>),
    },
    guards: {
      hasDraft: (_: unknown, params: { draft: StoredStepDraft<P> | null }) => params.draft !== null,
      wasOn: ({ context }: { context: C }, params: { step: StepOf<P> }) => context.step === params.step,
      isField: (_: unknown, params: { field: string }) => isFieldOf(practice, params.field),
    },
  };
}

export type StepStatus = 'restoring' | 'offer' | 'step' | 'finished' | 'discarded' | 'left';

// The fields of a step as the view shows them, made once per practice, step and set of weak areas, so the view
// model hands the same array to the screen until the step changes.
const fieldCache = new Map<string, ReturnType<typeof stepFields>>();
function cachedFields<P extends StepPracticeId>(practice: P, step: StepOf<P>, weak: readonly WheelArea[]) {
  const key = `${practice}:${step}:${weak.join()}`;
  let fields = fieldCache.get(key);
  if (!fields) fieldCache.set(key, (fields = stepFields(practice, step, weak)));
  return fields as Array<{ field: FieldOf<P>; required: boolean; max: number }>;
}

const riskCache = new WeakMap<object, boolean>();
/**
 * Anything written that signals a risk of suicide or self-harm: the runner and the finish screen then show the
 * helplines beside the words (nothing is blocked). Read once per answers object, which changes only when one does.
 */
export function answersAtRisk(answers: Readonly<Record<string, string>>): boolean {
  let atRisk = riskCache.get(answers);
  if (atRisk === undefined) riskCache.set(answers, (atRisk = signalsRisk(...Object.values(answers))));
  return atRisk;
}

const weakCache = new Map<string, WheelArea[]>();
/** The weak areas as one array per combination (the view's field stays equal while they do). */
function cachedWeak(ratings: StepProgress['ratings']): WheelArea[] {
  if (!ratings) return [];
  const weak = weakAreas(ratings);
  const key = weak.join();
  if (!weakCache.has(key)) weakCache.set(key, weak);
  return weakCache.get(key)!;
}

/**
 * What a step practice's runner shows: whether the draft is being read, offered back, a step is on (which, its
 * number, its fields and answers) or the practice is finished; whether «Далее» and «Назад» are on; whether «Далее»
 * finishes. The wheel adds its ratings, average and weak areas.
 */
export function stepsView<P extends StepPracticeId>(snapshot: AnyMachineSnapshot, practice: P) {
  const context = snapshot.context as StepContext<P>;
  const value = snapshot.value as string | { writing: string };
  const step = typeof value === 'object' ? (value.writing as StepOf<P>) : null;
  const status: StepStatus = step ? 'step' : (value as Exclude<StepStatus, 'step'>);
  const steps = stepsOf(practice);
  const weak = cachedWeak(context.ratings);
  // The wheel's review is the last step when no area is weak: its plan is skipped.
  const of = practice === 'balance_wheel' && weak.length === 0 ? steps.length - 1 : steps.length;
  const number = step ? steps.indexOf(step) + 1 : 0;
  return {
    status,
    step,
    number,
    of,
    answers: context.answers,
    atRisk: answersAtRisk(context.answers as Record<string, string>),
    fields: step ? cachedFields(practice, step, weak) : [],
    canNext: snapshot.can({ type: 'NEXT' }),
    canBack: snapshot.can({ type: 'PREVIOUS' }),
    /** «Далее» finishes the practice (it reads «Завершить»). */
    isLast: number === of,
    ratings: context.ratings,
    weak,
    average: context.ratings ? wheelAverage(context.ratings) : null,
    /** The draft offered back was sent to the diary and not confirmed. */
    sentToDiary: context.submitted,
  };
}

/** The view as code shared by all seven reads it: steps and fields as plain strings. */
export interface StepsView {
  status: StepStatus;
  step: string | null;
  number: number;
  of: number;
  answers: Record<string, string>;
  atRisk: boolean;
  fields: ReadonlyArray<{ field: string; required: boolean; max: number }>;
  canNext: boolean;
  canBack: boolean;
  isLast: boolean;
  ratings: StepProgress['ratings'];
  weak: WheelArea[];
  average: number | null;
  sentToDiary: boolean;
}
