// «Если бы не страх»: three wishes, one per step; their common theme with the three shown together; an action and
// its smallest first step. Played by the shared StepRunner; this module adds the wishes beside the theme.
import styled from 'styled-components';
import {
  ifIWasntAfraidMachine,
  ifIWasntAfraidView,
} from '../../../../machines/practices/steps/if-i-wasnt-afraid.machine';
import { Card } from '../../../components/Card';
import { stepsCopy } from '../../../copy/steps';
import type { RunnerProps } from '../runners';
import { StepRunner } from '../steps/StepRunner';

export { StepFinishExtra as FinishExtra, stepSessionCompleted as sessionCompleted } from '../steps/SaveToDiary';

const Wishes = styled(Card)`
  h3 {
    margin: 0 0 ${({ theme }) => theme.space(2)};
    font-size: ${({ theme }) => theme.font.size.md};
  }
  ol {
    margin: 0;
    padding-left: 1.4em;
    display: grid;
    gap: ${({ theme }) => theme.space(1)};
  }
  li {
    overflow-wrap: anywhere;
  }
`;

export default function IfIWasntAfraidRunner(props: RunnerProps) {
  return (
    <StepRunner
      {...props}
      machine={ifIWasntAfraidMachine}
      view={ifIWasntAfraidView}
      extra={(view) =>
        view.step === 'theme' ? (
          <Wishes aria-labelledby="wishes-title">
            <h3 id="wishes-title">{stepsCopy.ifIWasntAfraid.wishesTitle}</h3>
            <ol>
              {(['wish1', 'wish2', 'wish3'] as const).map((wish) => (
                <li key={wish}>{(view.answers as Record<string, string>)[wish]!.trim()}</li>
              ))}
            </ol>
          </Wishes>
        ) : null
      }
    />
  );
}
