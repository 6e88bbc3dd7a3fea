// Beside the check-in's note: the crisis lines when the note speaks of suicide or self-harm. A chunk of its own,
// loaded when the note opens, so the detector is not on home's first load.
import { useSelector } from '@xstate/react';
import type { Actor } from 'xstate';
import type { checkInMachine } from '../../../machines/checkin/checkin.machine';
import { checkInRiskView } from '../../../machines/checkin/checkin-risk';
import { CrisisHelp } from '../../components/CrisisHelp';
import { crisisCopy } from '../../copy/crisis';
import { useCrisisLines } from '../shared/useCrisisLines';

export default function CheckInNoteHelp({ actor }: { actor: Actor<typeof checkInMachine> }) {
  const { atRisk } = useSelector(actor, checkInRiskView);
  const lines = useCrisisLines();
  return <CrisisHelp show={atRisk} text={crisisCopy.comment} lines={lines} />;
}
