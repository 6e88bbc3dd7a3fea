import { Navigate, Outlet, useLocation } from 'react-router-dom';
import { paths } from '../../../machines/paths';
import { useAuthView } from '../../auth/AuthProvider';
import { initRouteFrom } from '../../auth/origin';
import { SplashView } from '../SplashView';

/** Not signed in → /init, remembering where we were so /init can return here. */
function ToInit() {
  const location = useLocation();
  return <Navigate to={initRouteFrom(`${location.pathname}${location.search}`)} replace />;
}

/**
 * The /app gate: a loader while signing in; not authenticated → /init; onboarding not completed → /onboarding.
 * It renders the auth actor's view (machine state only: no storage here).
 */
export function AppGate() {
  const { status, onboardingCompleted } = useAuthView();
  if (status === 'loading') return <SplashView />;
  if (status === 'error') return <ToInit />;
  if (!onboardingCompleted) return <Navigate to={paths.onboarding} replace />;
  return <Outlet />;
}

/** /onboarding needs a signed-in user (it leads into /app); once completed it is not shown again. */
export function OnboardingGate() {
  const { status, onboardingCompleted } = useAuthView();
  if (status === 'loading') return <SplashView />;
  if (status === 'error') return <ToInit />;
  if (onboardingCompleted) return <Navigate to={paths.home} replace />;
  return <Outlet />;
}

/**
 * /app/safety-plan: the one page that opens when the server cannot confirm the sign-in. It renders while signing in
 * and when the sign-in failed for want of a server (no answer, or a server error): the page opens from the
 * device's copy of this Telegram user's plan, and always shows the crisis lines. It needs no completed onboarding
 * either (a plan is for a hard moment, not for the tour). Only an identity refused (401) or absent (outside
 * Telegram) goes to /init.
 */
export function SafetyPlanGate() {
  const { status, error } = useAuthView();
  if (status === 'error' && error !== 'network' && error !== 'other') return <ToInit />;
  return <Outlet />;
}
