// «Три вопроса дня»: one screen with three questions about the day; any one answer is enough. Played by the shared
// StepRunner.
import {
  diaryThreeQuestionsMachine,
  diaryThreeQuestionsView,
} from '../../../../machines/practices/steps/diary-three-questions.machine';
import type { RunnerProps } from '../runners';
import { StepRunner } from '../steps/StepRunner';

export { StepFinishExtra as FinishExtra, stepSessionCompleted as sessionCompleted } from '../steps/SaveToDiary';

export default function DiaryThreeQuestionsRunner(props: RunnerProps) {
  return <StepRunner {...props} machine={diaryThreeQuestionsMachine} view={diaryThreeQuestionsView} />;
}
