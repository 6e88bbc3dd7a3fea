// What a step practice's runner hands the session when it finishes, and the session hands to the module's
// FinishExtra and sessionCompleted: which practice, the progress (answers, the wheel, the draft's client id), and
// whose draft it is (the Telegram user, for the device store).
import {
  isStepPractice,
  type StepPracticeId,
  type StepProgress,
} from '../../../../machines/practices/steps/step-practices';

export interface StepResult<P extends StepPracticeId = StepPracticeId> {
  practice: P;
  progress: StepProgress<P>;
  /** The Telegram user whose draft it is (null: not known, nothing kept). */
  owner: number | null;
}

/** The result, if it is a step practice's. */
export function stepResultOf(result: unknown): StepResult | null {
  const r = result as Partial<StepResult> | null;
  return r &&
    typeof r.practice === 'string' &&
    isStepPractice(r.practice) &&
    r.progress &&
    typeof r.progress === 'object'
    ? (r as StepResult)
    : null;
}
