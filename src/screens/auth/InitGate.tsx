import { useSelector } from '@xstate/react';
import { Navigate, useLocation } from 'react-router-dom';
import type { AuthErrorKind } from '../../copy/auth';
import { useAuthActor } from '../../auth/AuthProvider';
import { returnTarget } from '../../auth/origin';
import { SplashView } from '../SplashView';
import { AuthErrorScreen } from './AuthErrorScreen';

export function authErrorKind(value: unknown): AuthErrorKind {
  const error = (value as { error?: unknown }).error;
  return error === 'noInitData' || error === 'network' || error === 'auth' ? error : 'other';
}

/**
 * Route /init: waits for auth; shows its error screens (retry without reload); when authenticated goes
 * to /onboarding, or (onboarding done) back to the remembered origin (`?from=`) or /app/home.
 */
export default function InitGate() {
  const actor = useAuthActor();
  const state = useSelector(actor, (s) => s.value);
  const onboarded = useSelector(actor, (s) => s.context.onboardingCompleted);
  const location = useLocation();

  if (typeof state === 'object' && 'error' in state) {
    return <AuthErrorScreen kind={authErrorKind(state)} onRetry={() => actor.send({ type: 'RETRY' })} />;
  }
  if (state === 'authenticated') {
    const target = onboarded ? (returnTarget(location.search) ?? '/app/home') : '/onboarding';
    return <Navigate to={target} replace />;
  }
  return <SplashView />;
}
