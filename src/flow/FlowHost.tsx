// Mounted once inside the router: lends the router's navigate to the app-wide effects and renders the app's one
// upgrade dialog (its bottom sheet, with framer-motion, is fetched when it first opens).
import { useSelector } from '@xstate/react';
import { lazy, useEffect } from 'react';
import { useNavigate } from 'react-router-dom';
import { upgradeDialogView } from '../../machines/app/upgrade-dialog.machine';
import { MountWhenFirstNeeded } from '../components/MountWhenFirstNeeded';
import { upgradeDialogActor } from '../ui/upgradeDialog';
import { registerNavigator } from './navigator';

const UpgradeDialog = lazy(() => import('../screens/shared/UpgradeDialog'));

export function FlowHost() {
  const navigate = useNavigate();
  useEffect(() => {
    registerNavigator(navigate);
    return () => registerNavigator(null);
  }, [navigate]);
  const open = useSelector(upgradeDialogActor, (s) => upgradeDialogView(s).open);
  return (
    <MountWhenFirstNeeded when={open}>
      <UpgradeDialog actorRef={upgradeDialogActor} />
    </MountWhenFirstNeeded>
  );
}
