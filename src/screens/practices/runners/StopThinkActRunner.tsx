// «Стоп — подумай — действуй»: the situation and the reaction; three alternatives; the choice and when. Played by the
// shared StepRunner.
import { stopThinkActMachine, stopThinkActView } from '../../../../machines/practices/steps/stop-think-act.machine';
import type { RunnerProps } from '../runners';
import { StepRunner } from '../steps/StepRunner';

export { StepFinishExtra as FinishExtra, stepSessionCompleted as sessionCompleted } from '../steps/SaveToDiary';

export default function StopThinkActRunner(props: RunnerProps) {
  return <StepRunner {...props} machine={stopThinkActMachine} view={stopThinkActView} />;
}
