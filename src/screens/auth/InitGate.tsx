import { useSelector } from '@xstate/react';
import { Navigate, useLocation } from 'react-router-dom';
import type { AuthErrorKind } from '../../copy/auth';
import { useAuthActor } from '../../auth/AuthProvider';
import { isOnboardingCompleted } from '../../telegram/storage';
import { SplashView } from '../SplashView';
import { AuthErrorScreen } from './AuthErrorScreen';

/** Where the /app gate asked to come back to after auth. */
export interface FromState {
  from?: string;
}

export function authErrorKind(value: unknown): AuthErrorKind {
  const error = (value as { error?: unknown }).error;
  return error === 'noInitData' || error === 'network' || error === 'auth' ? error : 'other';
}

/**
 * Route /init: waits for auth; shows its error screens (retry without reload); when authenticated goes
 * to /onboarding, or (onboarding done) back to the remembered origin or /app/home.
 */
export default function InitGate() {
  const actor = useAuthActor();
  const state = useSelector(actor, (s) => s.value);
  const location = useLocation();

  if (typeof state === 'object' && 'error' in state) {
    return <AuthErrorScreen kind={authErrorKind(state)} onRetry={() => actor.send({ type: 'RETRY' })} />;
  }
  if (state === 'authenticated') {
    const from = (location.state as FromState | null)?.from;
    const target = isOnboardingCompleted() ? (from ?? '/app/home') : '/onboarding';
    return <Navigate to={target} replace />;
  }
  return <SplashView />;
}
