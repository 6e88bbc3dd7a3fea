// «Парадоксальный шаг»: the situation; the usual reaction and its result; the opposite action and when. Played by the
// shared StepRunner.
import {
  paradoxicalStepMachine,
  paradoxicalStepView,
} from '../../../../machines/practices/steps/paradoxical-step.machine';
import type { RunnerProps } from '../runners';
import { StepRunner } from '../steps/StepRunner';

export { StepFinishExtra as FinishExtra, stepSessionCompleted as sessionCompleted } from '../steps/SaveToDiary';

export default function ParadoxicalStepRunner(props: RunnerProps) {
  return <StepRunner {...props} machine={paradoxicalStepMachine} view={paradoxicalStepView} />;
}
