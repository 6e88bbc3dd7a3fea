// Pure rules of what a step practice keeps on the device while a person writes: one draft per practice (the step
// they are on, the answers, the wheel's ratings, the diary save's client id), read back strictly and offered with
// «Продолжить» / «Начать заново». The screen's store (src/screens/practices/steps/stepDraftStorage.ts) reads and
// writes them; the machines decide when.
//
// A draft lives until the practice is finished — the session completed, or its answers saved to the diary — or the
// person starts again, or quits the practice on purpose. A save to the diary that was attempted and not confirmed
// (refused by today's limit, or failed) keeps the draft even after the session completes, so nothing written is
// lost that could still be saved; one the plan refused does not (no wait would let that plan save it).
import { CLIENT_ID_PATTERN } from '../../../contract/client-id';
import { storedList } from '../../stored-list';
import {
  STEP_PRACTICE_IDS,
  WHEEL_AREAS,
  defaultRatings,
  fieldMax,
  fieldsOf,
  isGoalState,
  isStepPractice,
  isWheelRating,
  resumeStep,
  stepsOf,
  WHEEL_DEFAULT,
  type StepPracticeId,
  type StepProgress,
  type WheelRatings,
} from './step-practices';
import { cleanAnswer, isFilled } from './step-rules';

/** A draft as stored: the practice it belongs to and its progress. */
export type StepDraft<P extends StepPracticeId = StepPracticeId> = StepProgress<P> & { practice: P };

/** A draft read back: an unusable client id is dropped (a new one is made when it is opened). */
export type StoredStepDraft<P extends StepPracticeId = StepPracticeId> = Omit<StepDraft<P>, 'clientId'> & {
  clientId: string | null;
};

/** Nothing worth offering back: the first step, nothing written, the wheel untouched. */
export function isEmptyProgress(
  progress: Pick<StepProgress, 'step' | 'answers' | 'ratings'>,
  practice: StepPracticeId,
) {
  return (
    progress.step === stepsOf(practice)[0] &&
    Object.values(progress.answers as Record<string, string>).every((a) => !isFilled(a)) &&
    (progress.ratings === null || WHEEL_AREAS.every((a) => progress.ratings![a] === WHEEL_DEFAULT))
  );
}

/** The drafts with `draft` saved as its practice's one; an empty draft removes it instead. */
export function withStepDraft(drafts: readonly StoredStepDraft[], draft: StepDraft): StoredStepDraft[] {
  const others = withoutStepDraft(drafts, draft.practice);
  return isEmptyProgress(draft, draft.practice) ? others : [...others, draft];
}

export function withoutStepDraft(drafts: readonly StoredStepDraft[], practice: StepPracticeId): StoredStepDraft[] {
  return drafts.filter((d) => d.practice !== practice);
}

/**
 * The drafts with the practice's marked as sent to the diary (its client id may now name an entry), or, with
 * `submitted` false, no longer so (the plan refused it: the draft goes when the session completes).
 */
export function withSubmitted(
  drafts: readonly StoredStepDraft[],
  practice: StepPracticeId,
  submitted = true,
): StoredStepDraft[] {
  return drafts.map((d) => (d.practice === practice ? { ...d, submitted } : d));
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

function parseRatings(v: unknown): WheelRatings {
  const ratings = defaultRatings();
  if (isRecord(v)) for (const area of WHEEL_AREAS) if (isWheelRating(v[area])) ratings[area] = v[area];
  return ratings;
}

function parseDraft(v: unknown): StoredStepDraft | null {
  if (!isRecord(v) || typeof v.practice !== 'string' || !isStepPractice(v.practice)) return null;
  const practice = v.practice;
  const stored = isRecord(v.answers) ? v.answers : {};
  const answers = Object.fromEntries(
    fieldsOf(practice).map((field) => {
      const text = stored[field];
      return [field, typeof text === 'string' ? cleanAnswer(text, fieldMax(practice, field)) : ''];
    }),
  ) as Record<string, string>;
  if (practice === 'goal_shift' && !isGoalState(answers.state)) answers.state = '';
  const ratings = practice === 'balance_wheel' ? parseRatings(v.ratings) : null;
  const steps = stepsOf(practice) as string[];
  const step = (typeof v.step === 'string' && steps.includes(v.step) ? v.step : steps[0]!) as StepProgress['step'];
  const progress = { step, answers: answers as StepProgress['answers'], ratings };
  return {
    practice,
    ...progress,
    step: resumeStep(practice, progress),
    clientId: typeof v.clientId === 'string' && CLIENT_ID_PATTERN.test(v.clientId) ? v.clientId : null,
    submitted: v.submitted === true,
  };
}

/**
 * Reads stored drafts strictly (storage may hold anything): an unknown practice is dropped; a wrong step, rating,
 * state or client id, NUL characters and over-long answers are dropped or cut field by field; a draft that is empty
 * after that is dropped. One per practice: the last one stored wins.
 */
export function parseStepDrafts(raw: string | null): StoredStepDraft[] {
  const drafts = storedList(raw)
    .map(parseDraft)
    .filter((d): d is StoredStepDraft => d !== null && !isEmptyProgress(d, d.practice));
  return STEP_PRACTICE_IDS.flatMap((practice) => {
    const last = drafts.findLast((d) => d.practice === practice);
    return last ? [last] : [];
  });
}
