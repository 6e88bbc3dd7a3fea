// The crisis lines inside the plan: always there, whatever else loads — the operator's list as the device keeps it
// (src/api/safety.ts), so it shows without a network too — with every number a tap-to-call link.
import type { CrisisLines } from '../../../contract/safety/crisis-lines';
import { safetyPlanCopy } from '../../copy/safety-plan';
import { CrisisLinesList } from '../CrisisLinesList';
import { Card } from './parts';

export function CrisisLinesCard({ lines }: { lines: CrisisLines }) {
  return (
    <Card aria-label={safetyPlanCopy.linesHeading}>
      <h3>{safetyPlanCopy.linesHeading}</h3>
      <p>{lines.intro}</p>
      <CrisisLinesList lines={lines} />
    </Card>
  );
}
