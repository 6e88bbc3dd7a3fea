// Shared helpers for the screen tests: the real routes and providers in a memory router, with an auth
// actor built from the app's machine (its real storage action) with fake network effects, and a probe that
// exposes the current location.
import { render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter, useLocation } from 'react-router-dom';
import { createActor, fromPromise } from 'xstate';
import type { AuthUser } from '../../machines/app/auth.machine';
import { AppProviders } from '../../src/App';
import { AuthProvider } from '../../src/auth/AuthProvider';
import { FlowHost } from '../../src/flow/FlowHost';
import { appAuthMachine, readAuthInput, type AuthActor } from '../../src/auth/authActor';
import { AppRoutes } from '../../src/routes';

export const INIT_DATA = 'query_id=AAE&user=%7B%22id%22%3A42%7D&auth_date=1700000000&hash=abc';

/**
 * `onboardingCompleted`: the stored completion the actor starts with; by default read from storage as the
 * app reads it (`readAuthInput`), so a test may also set localStorage `onboarding_completed` first.
 */
export function fakeAuthActor(effects: {
  initData?: () => Promise<string | null>;
  loadUser?: () => Promise<AuthUser>;
  onboardingCompleted?: boolean;
}): AuthActor {
  const machine = appAuthMachine.provide({
    actors: {
      readInitData: fromPromise(effects.initData ?? (async () => INIT_DATA)),
      loadUser: fromPromise<AuthUser, { initData: string }>(effects.loadUser ?? (async () => ({ first_name: 'Анна' }))),
    },
  });
  const input =
    effects.onboardingCompleted === undefined ? readAuthInput() : { onboardingCompleted: effects.onboardingCompleted };
  return createActor(machine, { input }) as unknown as AuthActor;
}

/** A user the server accepted; a promise that never settles keeps auth loading. */
export const signedIn = (user: AuthUser = { first_name: 'Анна' }, options: { onboardingCompleted?: boolean } = {}) =>
  fakeAuthActor({ loadUser: async () => user, ...options });
export const never = () => new Promise<never>(() => {});

function LocationProbe() {
  const location = useLocation();
  return (
    <output
      data-testid="location"
      data-path={`${location.pathname}${location.search}`}
      data-state={JSON.stringify(location.state ?? null)}
    />
  );
}

export function currentPath(): string {
  return screen.getByTestId('location').getAttribute('data-path') ?? '';
}
export function currentState(): unknown {
  return JSON.parse(screen.getByTestId('location').getAttribute('data-state') ?? 'null');
}

export function renderWithProviders(ui: ReactNode, options: { path?: string; actor?: AuthActor } = {}) {
  const actor = options.actor ?? signedIn();
  const result = render(
    <AppProviders>
      <AuthProvider actor={actor}>
        <MemoryRouter initialEntries={[options.path ?? '/']}>
          {ui}
          <FlowHost />
          <LocationProbe />
        </MemoryRouter>
      </AuthProvider>
    </AppProviders>,
  );
  return { ...result, actor };
}

/** The whole app (real route table) at `path`. */
export function renderApp(path: string, actor?: AuthActor) {
  return renderWithProviders(<AppRoutes />, { path, actor });
}
