// «Смещение цели»: the task; the state to do it in, chosen from a list (a radio group); one action from that state,
// with the chosen state named above it. Played by the shared StepRunner.
import { goalShiftMachine, goalShiftView } from '../../../../machines/practices/steps/goal-shift.machine';
import { GOAL_STATES, isGoalState } from '../../../../machines/practices/steps/step-practices';
import { ChoiceGroup } from '../../../components/practices/ChoiceGroup';
import { Hint } from '../../../components/practices/RunnerParts';
import { stepsCopy } from '../../../copy/steps';
import { haptic } from '../../../telegram/haptic';
import type { RunnerProps } from '../runners';
import { StepRunner } from '../steps/StepRunner';

export { StepFinishExtra as FinishExtra, stepSessionCompleted as sessionCompleted } from '../steps/SaveToDiary';

const copy = stepsCopy.goalShift;

export default function GoalShiftRunner(props: RunnerProps) {
  return (
    <StepRunner
      {...props}
      machine={goalShiftMachine}
      view={goalShiftView}
      ownFields={['state']}
      extra={(view, { write }) => {
        const state = (view.answers as Record<string, string>).state;
        if (view.step === 'state')
          return (
            <ChoiceGroup
              label={copy.statesLabel}
              options={GOAL_STATES}
              labels={copy.states}
              value={isGoalState(state) ? state : null}
              onChange={(value) => {
                haptic.select();
                write('state', value);
              }}
            />
          );
        if (view.step === 'action' && isGoalState(state)) return <Hint>{copy.chosen(copy.states[state])}</Hint>;
        return null;
      }}
    />
  );
}
