// The app's one upgrade dialog: the sheet bound to the app-wide dialog actor (lazy: <FlowHost/> mounts it when a
// flow first asks for the dialog).
import { upgradeDialogActor } from '../../ui/upgradeDialog';
import UpgradeDialog from './UpgradeDialog';

export default function AppUpgradeDialog() {
  return <UpgradeDialog actorRef={upgradeDialogActor} />;
}
