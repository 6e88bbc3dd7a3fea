// The app's one upgrade dialog actor (started on first import); <FlowHost/> renders it, any flow opens it through
// the app-wide `openUpgradeDialog` action.
import { createActor } from 'xstate';
import { upgradeDialogMachine, type UpgradeKey } from '../../machines/app/upgrade-dialog.machine';
import { navigateTo } from '../flow/navigator';

export const upgradeDialogActor = createActor(
  upgradeDialogMachine.provide({ actions: { navigate: (_, params) => navigateTo(params) } }),
).start();

export function openUpgradeDialog(key: UpgradeKey): void {
  upgradeDialogActor.send({ type: 'OPEN', key });
}
