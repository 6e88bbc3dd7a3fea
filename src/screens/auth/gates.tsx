import { useSelector } from '@xstate/react';
import { Navigate, Outlet, useLocation } from 'react-router-dom';
import { useAuthActor } from '../../auth/AuthProvider';
import { initRouteFrom } from '../../auth/origin';
import { SplashView } from '../SplashView';

type Gate = 'loading' | 'to-init' | 'onboarding' | 'onboarded';

/** The auth actor's state as the gates see it (machine state only: no storage here). */
function useGate(): Gate {
  const actor = useAuthActor();
  return useSelector(actor, (s) =>
    s.matches('authenticated')
      ? s.context.onboardingCompleted
        ? 'onboarded'
        : 'onboarding'
      : s.matches('error')
        ? 'to-init'
        : 'loading',
  );
}

/** Not signed in → /init, remembering where we were so /init can return here. */
function ToInit() {
  const location = useLocation();
  return <Navigate to={initRouteFrom(`${location.pathname}${location.search}`)} replace />;
}

/** The /app gate (spec §2): loader; not authenticated → /init; onboarding not completed → /onboarding. */
export function AppGate() {
  const gate = useGate();
  if (gate === 'loading') return <SplashView />;
  if (gate === 'to-init') return <ToInit />;
  if (gate === 'onboarding') return <Navigate to="/onboarding" replace />;
  return <Outlet />;
}

/** /onboarding needs a signed-in user (it leads into /app); once completed it is not shown again. */
export function OnboardingGate() {
  const gate = useGate();
  if (gate === 'loading') return <SplashView />;
  if (gate === 'to-init') return <ToInit />;
  if (gate === 'onboarded') return <Navigate to="/app/home" replace />;
  return <Outlet />;
}
