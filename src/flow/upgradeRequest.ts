// Opening the app's upgrade dialog without putting it on the first load: the dialog's machine, actor and sheet are
// fetched on the first request (home's budget), and <FlowHost/> mounts the sheet from then on.
import type { UpgradeKey } from '../../machines/app/upgrade-dialog.machine';

let requested = false;
const listeners = new Set<() => void>();

export function requestUpgradeDialog(key: UpgradeKey): void {
  if (!requested) {
    requested = true;
    listeners.forEach((notify) => notify());
  }
  void import('../ui/upgradeDialog').then(({ openUpgradeDialog }) => openUpgradeDialog(key));
}

/** For useSyncExternalStore in <FlowHost/>: whether any flow has asked for the dialog yet. */
export const upgradeRequested = {
  subscribe(notify: () => void) {
    listeners.add(notify);
    return () => listeners.delete(notify);
  },
  get: () => requested,
};
