// Mounted once inside the router: lends the router's navigate to the app-wide effects and renders the app's one
// upgrade dialog from the first time a flow asks for it (its machine, actor and bottom sheet are fetched then).
import { lazy, useEffect, useSyncExternalStore } from 'react';
import { useNavigate } from 'react-router-dom';
import { MountWhenFirstNeeded } from '../components/MountWhenFirstNeeded';
import { registerNavigator } from './navigator';
import { upgradeRequested } from './upgradeRequest';

const AppUpgradeDialog = lazy(() => import('../screens/shared/AppUpgradeDialog'));

export function FlowHost() {
  const navigate = useNavigate();
  useEffect(() => {
    registerNavigator(navigate);
    return () => registerNavigator(null);
  }, [navigate]);
  const requested = useSyncExternalStore(upgradeRequested.subscribe, upgradeRequested.get);
  return (
    <MountWhenFirstNeeded when={requested}>
      <AppUpgradeDialog />
    </MountWhenFirstNeeded>
  );
}
