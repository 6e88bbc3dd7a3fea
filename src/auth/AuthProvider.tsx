import { shallowEqual, useSelector } from '@xstate/react';
import { createContext, useContext, useEffect, useState, type ReactNode } from 'react';
import { authView } from '../../machines/app/auth.machine';
import { createAuthActor, type AuthActor } from './authActor';

const AuthContext = createContext<AuthActor | null>(null);

/**
 * One app-wide auth actor, created once: the gates and home all read the same sign-in.
 * Tests pass their own `actor` (built from the machine with fake effects).
 */
export function AuthProvider({ actor, children }: { actor?: AuthActor; children: ReactNode }) {
  const [value] = useState(() => actor ?? createAuthActor());
  useEffect(() => {
    value.start();
  }, [value]);
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

export function useAuthActor(): AuthActor {
  const actor = useContext(AuthContext);
  if (!actor) throw new Error('useAuthActor must be used inside <AuthProvider>');
  return actor;
}

/** The sign-in as views read it (authView): re-renders only when one of its fields changes. */
export function useAuthView(): ReturnType<typeof authView> {
  return useSelector(useAuthActor(), authView, shallowEqual);
}
