// Whether the check-in's note speaks of suicide or self-harm (the crisis lines show beside it). Apart from the
// machine's view model: the detector travels with the note's lazy part, not with home's first load.
import type { SnapshotFrom } from 'xstate';
import { signalsRisk } from '../../contract/safety/detect';
import type { checkInMachine } from './checkin.machine';

export function checkInRiskView(snapshot: SnapshotFrom<typeof checkInMachine>) {
  const open = snapshot.matches({ ready: { note: 'open' } }) || snapshot.matches({ ready: { note: 'saving' } });
  return { atRisk: open && signalsRisk(snapshot.context.note) };
}
