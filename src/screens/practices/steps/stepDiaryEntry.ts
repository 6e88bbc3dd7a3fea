// A step practice's answers as one diary entry: the practice's name as its title, the answers laid out readably —
// one line per answer, «Label: answer» (a question is followed by its answer), a blank line between steps — and this
// practice session as its source. Blank optional answers are left out. The fields' limits (step-practices.ts) keep
// the laid-out text within the diary's 2000 characters.
import type { DiaryCreateBody, DiarySourceType } from '../../../../contract/diary';
import {
  STEP_PRACTICES,
  WHEEL_AREAS,
  stepsOf,
  weakAreas,
  wheelAverage,
  type StepPracticeId,
  type StepProgress,
} from '../../../../machines/practices/steps/step-practices';
import { isFilled } from '../../../../machines/practices/steps/step-rules';
import { formatAverage, stepPracticesCopy, stepsCopy } from '../../../copy/steps';

const DIARY_TITLE_MAX = 100;
const SOURCE: DiarySourceType = 'practice_session';

const line = (label: string, answer: string) => {
  const text = answer.trim();
  return `${label}${label.endsWith('?') ? '' : ':'}${text.includes('\n') ? '\n' : ' '}${text}`;
};

/** The answers of one step, as lines. */
function stepLines<P extends StepPracticeId>(practice: P, step: string, progress: StepProgress<P>): string[] {
  const copy = stepPracticesCopy[practice] as { fields: Record<string, { entry: string }> };
  const answers = progress.answers as Record<string, string>;
  const fields = (STEP_PRACTICES[practice].steps as Record<string, { fields: readonly string[] }>)[step]!.fields;
  const shown = practice === 'balance_wheel' ? weakAreas(progress.ratings!).filter((a) => fields.includes(a)) : fields;
  return shown
    .filter((field) => isFilled(answers[field]))
    .map((field) => {
      const answer = answers[field]!;
      if (practice === 'goal_shift' && field === 'state')
        return line(
          copy.fields[field]!.entry,
          stepsCopy.goalShift.states[answer as keyof typeof stepsCopy.goalShift.states],
        );
      return line(copy.fields[field]!.entry, answer);
    });
}

/** The entry's text: each step's answers as a paragraph (the wheel: the ratings and the average, then the plan). */
export function stepDiaryContent<P extends StepPracticeId>(practice: P, progress: StepProgress<P>): string {
  const paragraphs: string[][] = [];
  if (practice === 'balance_wheel') {
    const ratings = progress.ratings!;
    const { areas, value, average, plan } = stepsCopy.wheel;
    paragraphs.push([
      ...WHEEL_AREAS.map((area) => `${areas[area]}: ${value(ratings[area])}`),
      average(formatAverage(wheelAverage(ratings))),
    ]);
    const plans = stepLines(practice, 'plan', progress);
    if (plans.length) paragraphs.push([`${plan}:`, ...plans]);
  } else if (practice === 'letter_without_sending') {
    const { to, letter } = progress.answers as Record<string, string>;
    if (isFilled(to)) paragraphs.push([line(stepPracticesCopy.letter_without_sending.fields.to.entry, to!)]);
    paragraphs.push([letter!.trim()]);
  } else {
    for (const step of stepsOf(practice)) paragraphs.push(stepLines(practice, step, progress));
  }
  return paragraphs
    .filter((p) => p.length)
    .map((p) => p.join('\n'))
    .join('\n\n');
}

/** The diary create body for the answers of `practice` in session `sessionId` (the draft's client id: saved once). */
export function stepDiaryEntry<P extends StepPracticeId>(
  practice: { id: P; name: string },
  sessionId: string,
  progress: StepProgress<P>,
): DiaryCreateBody {
  return {
    title: practice.name.slice(0, DIARY_TITLE_MAX),
    content: stepDiaryContent(practice.id, progress),
    mood: null,
    is_favorite: false,
    source: { source_type: SOURCE, source_id: sessionId },
    client_id: progress.clientId,
  };
}
