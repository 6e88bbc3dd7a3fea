import { useSelector } from '@xstate/react';
import { Navigate, Outlet, useLocation } from 'react-router-dom';
import { useAuthActor } from '../../auth/AuthProvider';
import { isOnboardingCompleted } from '../../telegram/storage';
import { SplashView } from '../SplashView';
import type { FromState } from './InitGate';

type Gate = 'loading' | 'to-init' | 'pass';

function useGate(): Gate {
  const actor = useAuthActor();
  return useSelector(actor, (s) =>
    s.matches('authenticated') ? 'pass' : s.matches('error') ? 'to-init' : 'loading',
  );
}

/** Not signed in → /init, remembering where we were so /init can return here. */
function ToInit() {
  const location = useLocation();
  const state: FromState = { from: `${location.pathname}${location.search}${location.hash}` };
  return <Navigate to="/init" replace state={state} />;
}

/** The /app gate (spec §2): loader; not authenticated → /init; onboarding not completed → /onboarding. */
export function AppGate() {
  const gate = useGate();
  if (gate === 'loading') return <SplashView />;
  if (gate === 'to-init') return <ToInit />;
  if (!isOnboardingCompleted()) return <Navigate to="/onboarding" replace />;
  return <Outlet />;
}

/** Onboarding also needs a signed-in user (it leads into /app). */
export function SignedInGate() {
  const gate = useGate();
  if (gate === 'loading') return <SplashView />;
  if (gate === 'to-init') return <ToInit />;
  return <Outlet />;
}
