// The seven step practices as data: each one's steps in order, the answer fields each step shows, which of them
// «Далее» needs, and how long each answer may be. The machines (one file each) hold the flow and name their step
// rules as guards; this table is what the drafts, the views and the diary entry read, and the path tests check every
// machine's guards against it.
//
// The lengths are chosen so that a practice's answers, laid out with their questions, always fit one diary entry
// (2000 characters): a person sees each field's limit while writing instead of losing words when saving
// (tests/client/step-diary-entry.test.ts fills every field to its limit).
import type { PracticeId } from '../../../contract/practices';
import { isFilled } from './step-rules';

export const STEP_PRACTICE_IDS = [
  'if_i_wasnt_afraid',
  'stop_think_act',
  'goal_shift',
  'paradoxical_step',
  'balance_wheel',
  'letter_without_sending',
  'diary_three_questions',
] as const satisfies readonly PracticeId[];
export type StepPracticeId = (typeof STEP_PRACTICE_IDS)[number];

export const isStepPractice = (id: string): id is StepPracticeId =>
  (STEP_PRACTICE_IDS as readonly string[]).includes(id);

/** Balance wheel: four areas rated on an integer scale of 1–10 (5 to begin with); below 6 is a weak area. */
export const WHEEL_AREAS = ['energy', 'focus', 'emotions', 'relationships'] as const;
export type WheelArea = (typeof WHEEL_AREAS)[number];
export const WHEEL_MIN = 1;
export const WHEEL_MAX = 10;
export const WHEEL_DEFAULT = 5;
export const WHEEL_WEAK_BELOW = 6;
export type WheelRatings = Record<WheelArea, number>;

/** Goal shift: the states a person may choose to do their task in. */
export const GOAL_STATES = ['calm', 'confidence', 'interest', 'ease', 'energy', 'joy'] as const;
export type GoalState = (typeof GOAL_STATES)[number];

interface StepDefinition {
  /** The answer fields the step shows, in order. */
  fields: readonly string[];
  /**
   * Which of them «Далее» needs: all of them (the default), a list, at least one (`any`), or — the balance wheel's
   * plan — one for every weak area (`weak`).
   */
  required?: readonly string[] | 'any' | 'weak';
}

interface StepPracticeDefinition {
  steps: Readonly<Record<string, StepDefinition>>;
  /** Each answer field's length limit. */
  max: Readonly<Record<string, number>>;
}

export const STEP_PRACTICES = {
  if_i_wasnt_afraid: {
    steps: {
      wish1: { fields: ['wish1'] },
      wish2: { fields: ['wish2'] },
      wish3: { fields: ['wish3'] },
      theme: { fields: ['theme'] },
      plan: { fields: ['action', 'firstStep'] },
    },
    max: { wish1: 250, wish2: 250, wish3: 250, theme: 300, action: 300, firstStep: 300 },
  },
  stop_think_act: {
    steps: {
      stop: { fields: ['situation', 'reaction'] },
      think: { fields: ['alternative1', 'alternative2', 'alternative3'] },
      act: { fields: ['choice', 'when'] },
    },
    max: {
      situation: 400,
      reaction: 300,
      alternative1: 200,
      alternative2: 200,
      alternative3: 200,
      choice: 250,
      when: 150,
    },
  },
  goal_shift: {
    steps: {
      task: { fields: ['task'] },
      state: { fields: ['state'] },
      action: { fields: ['action'] },
    },
    max: { task: 800, state: 20, action: 800 },
  },
  paradoxical_step: {
    steps: {
      situation: { fields: ['situation'] },
      pattern: { fields: ['reaction', 'result'] },
      opposite: { fields: ['opposite', 'when'] },
    },
    max: { situation: 500, reaction: 300, result: 300, opposite: 300, when: 150 },
  },
  balance_wheel: {
    steps: {
      rate: { fields: [] },
      review: { fields: [] },
      plan: { fields: WHEEL_AREAS, required: 'weak' },
    },
    max: { energy: 400, focus: 400, emotions: 400, relationships: 400 },
  },
  letter_without_sending: {
    steps: {
      write: { fields: ['to', 'letter'], required: ['letter'] },
    },
    max: { to: 100, letter: 1800 },
  },
  diary_three_questions: {
    steps: {
      questions: { fields: ['important', 'succeeded', 'thanks'], required: 'any' },
    },
    max: { important: 550, succeeded: 550, thanks: 550 },
  },
} as const satisfies Record<StepPracticeId, StepPracticeDefinition>;

type Definition<P extends StepPracticeId> = (typeof STEP_PRACTICES)[P];
// Each of these distributes over a union of practices: of any practice, one of its steps, fields or answer sets.
/** A practice's step names. */
export type StepOf<P extends StepPracticeId> = P extends StepPracticeId ? keyof Definition<P>['steps'] & string : never;
/** A practice's answer fields. */
export type FieldOf<P extends StepPracticeId> = P extends StepPracticeId ? keyof Definition<P>['max'] & string : never;
export type AnswersOf<P extends StepPracticeId> = P extends StepPracticeId ? Record<FieldOf<P>, string> : never;

/** What a person has done in a practice so far: the step they are on, their answers, and the draft's save state. */
export interface StepProgress<P extends StepPracticeId = StepPracticeId> {
  step: StepOf<P>;
  answers: AnswersOf<P>;
  /** The balance wheel's ratings (null for every other practice). */
  ratings: WheelRatings | null;
  /** Sent as the diary create's client_id: saving the same answers twice makes one entry. */
  clientId: string;
  /** A save to the diary was attempted with clientId (it may have reached the server even if its answer did not). */
  submitted: boolean;
}

const definitionOf = (practice: StepPracticeId, step: string): StepDefinition =>
  (STEP_PRACTICES[practice].steps as Record<string, StepDefinition>)[step]!;

export const stepsOf = <P extends StepPracticeId>(practice: P): Array<StepOf<P>> =>
  Object.keys(STEP_PRACTICES[practice].steps) as Array<StepOf<P>>;

export const fieldsOf = <P extends StepPracticeId>(practice: P): Array<FieldOf<P>> =>
  Object.keys(STEP_PRACTICES[practice].max) as Array<FieldOf<P>>;

export const fieldMax = <P extends StepPracticeId>(practice: P, field: FieldOf<P>): number =>
  (STEP_PRACTICES[practice].max as Record<string, number>)[field]!;

/** The fields a step shows, in order, with whether «Далее» needs each and its limit (`weak`: the wheel's weak areas). */
export function stepFields<P extends StepPracticeId>(
  practice: P,
  step: StepOf<P>,
  weak: readonly WheelArea[] = [],
): Array<{ field: FieldOf<P>; required: boolean; max: number }> {
  const def = definitionOf(practice, step);
  const shown = (def.required === 'weak' ? weak : def.fields) as Array<FieldOf<P>>;
  return shown.map((field) => ({
    field,
    required:
      def.required === undefined || def.required === 'weak'
        ? true
        : def.required === 'any'
          ? false
          : def.required.includes(field),
    max: fieldMax(practice, field),
  }));
}

/** Whether the step's answers let «Далее» on (the rule each machine's guards name). */
export function stepComplete<P extends StepPracticeId>(
  practice: P,
  step: StepOf<P>,
  progress: Pick<StepProgress<P>, 'answers' | 'ratings'>,
): boolean {
  const def = definitionOf(practice, step);
  const answers = progress.answers as Record<string, string>;
  if (def.required === 'any') return def.fields.some((f) => isFilled(answers[f]));
  if (practice === 'goal_shift' && step === 'state') return isGoalState(answers.state);
  return stepFields(practice, step, progress.ratings ? weakAreas(progress.ratings) : [])
    .filter((f) => f.required)
    .every((f) => isFilled(answers[f.field]));
}

export const isGoalState = (value: unknown): value is GoalState => (GOAL_STATES as readonly unknown[]).includes(value);

export const isWheelRating = (value: unknown): value is number =>
  typeof value === 'number' && Number.isInteger(value) && value >= WHEEL_MIN && value <= WHEEL_MAX;

/** The areas rated below 6, in the wheel's order. */
export const weakAreas = (ratings: WheelRatings): WheelArea[] =>
  WHEEL_AREAS.filter((a) => ratings[a] < WHEEL_WEAK_BELOW);

/** The average of the four ratings with one decimal (5.75 → 5.8). */
export const wheelAverage = (ratings: WheelRatings): number =>
  Math.round((WHEEL_AREAS.reduce((sum, a) => sum + ratings[a], 0) / WHEEL_AREAS.length) * 10) / 10;

export const defaultRatings = (): WheelRatings =>
  Object.fromEntries(WHEEL_AREAS.map((a) => [a, WHEEL_DEFAULT])) as WheelRatings;

export const emptyAnswers = <P extends StepPracticeId>(practice: P): AnswersOf<P> =>
  Object.fromEntries(fieldsOf(practice).map((f) => [f, ''])) as AnswersOf<P>;

/** A practice's progress before anything is done: the first step, blank answers, the wheel at 5, a new client id. */
export function freshProgress<P extends StepPracticeId>(practice: P, clientId: string): StepProgress<P> {
  return {
    step: stepsOf(practice)[0]!,
    answers: emptyAnswers(practice),
    ratings: practice === 'balance_wheel' ? defaultRatings() : null,
    clientId,
    submitted: false,
  };
}

/**
 * The step a restored draft resumes on: the one it was on, unless an earlier step is not complete (storage may
 * hold anything) — then that one. The wheel's plan exists only while some area is weak.
 */
export function resumeStep<P extends StepPracticeId>(
  practice: P,
  progress: Pick<StepProgress<P>, 'step' | 'answers' | 'ratings'>,
): StepOf<P> {
  const steps = stepsOf(practice);
  const at = Math.max(0, steps.indexOf(progress.step));
  for (let i = 0; i < at; i++) {
    const step = steps[i]!;
    if (!stepComplete(practice, step, progress)) return step;
    // The wheel's review is the last step when no area is weak.
    if (practice === 'balance_wheel' && step === 'review' && weakAreas(progress.ratings!).length === 0) return step;
  }
  return steps[at]!;
}
