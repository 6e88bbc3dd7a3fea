import { Navigate, useLocation } from 'react-router-dom';
import { paths } from '../../../machines/paths';
import { useAuthActor, useAuthView } from '../../auth/AuthProvider';
import { returnTarget } from '../../auth/origin';
import { SplashView } from '../SplashView';
import { AuthErrorScreen } from './AuthErrorScreen';

/**
 * Route /init: waits for auth; shows its error screens (retry without reload); when authenticated goes
 * to /onboarding, or (onboarding done) back to the remembered origin (`?from=`) or /app/home.
 */
export default function InitGate() {
  const actor = useAuthActor();
  const { status, error, onboardingCompleted } = useAuthView();
  const location = useLocation();

  if (error) return <AuthErrorScreen kind={error} onRetry={() => actor.send({ type: 'RETRY' })} />;
  if (status === 'authenticated') {
    const target = onboardingCompleted ? (returnTarget(location.search) ?? paths.home) : paths.onboarding;
    return <Navigate to={target} replace />;
  }
  return <SplashView />;
}
