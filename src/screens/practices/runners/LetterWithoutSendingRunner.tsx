// «Письмо без отправки»: one writing screen — to whom (optional) and the letter — then the finish. Played by the
// shared StepRunner.
import {
  letterWithoutSendingMachine,
  letterWithoutSendingView,
} from '../../../../machines/practices/steps/letter-without-sending.machine';
import type { RunnerProps } from '../runners';
import { StepRunner } from '../steps/StepRunner';

export { StepFinishExtra as FinishExtra, stepSessionCompleted as sessionCompleted } from '../steps/SaveToDiary';

export default function LetterWithoutSendingRunner(props: RunnerProps) {
  return <StepRunner {...props} machine={letterWithoutSendingMachine} view={letterWithoutSendingView} />;
}
