// The app's one upgrade dialog actor (started on first import); <FlowHost/> renders it, any flow opens it through
// the app-wide `openUpgradeDialog` action.
import { createActor } from 'xstate';
import { upgradeDialogMachine, type UpgradeKey } from '../../machines/app/upgrade-dialog.machine';
import { helpNearbyNow } from '../api/helpNearby';
import { navigateTo } from '../flow/navigator';

export const upgradeDialogActor = createActor(
  upgradeDialogMachine.provide({ actions: { navigate: (_, params) => navigateTo(params) } }),
).start();

/** Opens the dialog — quiet in the after-crisis window (the usage the app last received says so). */
export function openUpgradeDialog(key: UpgradeKey): void {
  upgradeDialogActor.send({ type: 'OPEN', key, quiet: helpNearbyNow() });
}
