import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { AuthFailure } from '../../machines/app/auth.machine';
import { authCopy, type AuthErrorKind } from '../../src/copy/auth';
import { act } from '@testing-library/react';
import { currentPath, fakeAuthActor, never, renderApp, signedIn } from './render-app';

const fail = (kind: AuthFailure['kind']) => async (): Promise<never> => {
  throw { kind } satisfies AuthFailure;
};

/** loadUser that fails once with `kind`, then answers with Анна; `attempts()` counts the calls. */
function failOnce(kind: AuthFailure['kind']) {
  let attempts = 0;
  const loadUser = async () => {
    attempts += 1;
    if (attempts === 1) return fail(kind)();
    return { first_name: 'Анна' };
  };
  return { loadUser, attempts: () => attempts };
}

describe('/init error screens', () => {
  beforeEach(() => localStorage.clear());

  const cases: [AuthErrorKind, Parameters<typeof fakeAuthActor>[0]][] = [
    ['noInitData', { initData: async () => null }],
    ['network', { loadUser: fail('network') }],
    ['auth', { loadUser: fail('auth') }],
    ['other', { loadUser: fail('other') }],
  ];

  it.each(cases)('%s: shows its verbatim title and «Повторить», which sends RETRY', async (kind, effects) => {
    const actor = fakeAuthActor(effects);
    const send = vi.spyOn(actor, 'send');
    renderApp('/init', actor);

    expect(await screen.findByRole('heading', { name: authCopy.errors[kind].title })).toBeInTheDocument();
    for (const other of Object.keys(authCopy.errors) as AuthErrorKind[]) {
      if (other !== kind) expect(screen.queryByText(authCopy.errors[other].title)).not.toBeInTheDocument();
    }
    await userEvent.click(screen.getByRole('button', { name: 'Повторить' }));
    expect(send).toHaveBeenCalledWith({ type: 'RETRY' });
    // The same failure again: the screen comes back after a retry, without a reload.
    expect(await screen.findByRole('heading', { name: authCopy.errors[kind].title })).toBeInTheDocument();
  });

  it('retry works without a reload: network error, then the server answers → onboarding', async () => {
    const server = failOnce('network');
    renderApp('/init', fakeAuthActor({ loadUser: server.loadUser }));
    await userEvent.click(await screen.findByRole('button', { name: 'Повторить' }));
    await waitFor(() => expect(currentPath()).toBe('/onboarding'));
    expect(server.attempts()).toBe(2);
  });
});

describe('/init when authenticated', () => {
  beforeEach(() => localStorage.clear());

  it('goes to /onboarding when onboarding is not completed', async () => {
    renderApp('/init', signedIn());
    await waitFor(() => expect(currentPath()).toBe('/onboarding'));
  });

  it('goes to /app/home when the actor was created with localStorage onboarding_completed = "true"', async () => {
    localStorage.setItem('onboarding_completed', 'true');
    renderApp('/init', signedIn());
    await waitFor(() => expect(currentPath()).toBe('/app/home'));
  });

  it('treats any other stored value as not completed', async () => {
    localStorage.setItem('onboarding_completed', '1');
    renderApp('/init', signedIn());
    await waitFor(() => expect(currentPath()).toBe('/onboarding'));
  });

  it.each([
    [false, 'true', '/onboarding'],
    [true, null, '/app/home'],
  ])(
    'decides from the auth actor’s state (completed: %s), not from storage (%s) read in the view',
    async (completed, stored, target) => {
      if (stored) localStorage.setItem('onboarding_completed', stored);
      renderApp('/init', signedIn(undefined, { onboardingCompleted: completed }));
      await waitFor(() => expect(currentPath()).toBe(target));
    },
  );

  it('returns to ?from= only for an /app page', async () => {
    renderApp('/init?from=%2Fapp%2Fdiary%3Ffilter%3Dweek', signedIn(undefined, { onboardingCompleted: true }));
    await waitFor(() => expect(currentPath()).toBe('/app/diary?filter=week'));
  });

  it.each(['https://evil.example/app', '//evil.example', '/onboarding', '/application'])(
    'ignores ?from=%s and goes to /app/home',
    async (from) => {
      renderApp(`/init?from=${encodeURIComponent(from)}`, signedIn(undefined, { onboardingCompleted: true }));
      await waitFor(() => expect(currentPath()).toBe('/app/home'));
    },
  );
});

describe('/onboarding gate', () => {
  beforeEach(() => localStorage.clear());

  it('once onboarding is completed, /onboarding goes to /app/home (it is shown once)', async () => {
    renderApp('/onboarding', signedIn(undefined, { onboardingCompleted: true }));
    await waitFor(() => expect(currentPath()).toBe('/app/home'));
  });

  it('ONBOARDING_COMPLETED sent to the auth actor opens /app to the gates at once', async () => {
    const actor = signedIn(undefined, { onboardingCompleted: false });
    renderApp('/app/diary', actor);
    await waitFor(() => expect(currentPath()).toBe('/onboarding'));
    act(() => actor.send({ type: 'ONBOARDING_COMPLETED' }));
    await waitFor(() => expect(currentPath()).toBe('/app/home'));
    expect(localStorage.getItem('onboarding_completed')).toBe('true'); // the app's storage effect ran
  });

  it('not authenticated → /init', async () => {
    renderApp('/onboarding', fakeAuthActor({ loadUser: fail('auth') }));
    await waitFor(() => expect(currentPath()).toBe('/init'));
  });
});

describe('/app gate', () => {
  beforeEach(() => localStorage.clear());

  it('shows a loader while auth loads', () => {
    localStorage.setItem('onboarding_completed', 'true');
    renderApp('/app/home', fakeAuthActor({ loadUser: never }));
    expect(screen.getByRole('progressbar')).toBeInTheDocument();
    expect(currentPath()).toBe('/app/home');
  });

  it('not authenticated → /init remembering the origin; after retry it returns there', async () => {
    localStorage.setItem('onboarding_completed', 'true');
    renderApp('/app/practices?tab=all', fakeAuthActor({ loadUser: failOnce('auth').loadUser }));
    await waitFor(() => expect(currentPath()).toBe(`/init?from=${encodeURIComponent('/app/practices?tab=all')}`));
    await userEvent.click(await screen.findByRole('button', { name: 'Повторить' }));
    await waitFor(() => expect(currentPath()).toBe('/app/practices?tab=all'));
  });

  it('onboarding not completed → /onboarding', async () => {
    renderApp('/app/diary', signedIn());
    await waitFor(() => expect(currentPath()).toBe('/onboarding'));
  });

  it.each(['/app', '/app/dashboard', '/app/unknown/page'])(
    '%s → /app/home (unknown /app paths → / → home)',
    async (path) => {
      localStorage.setItem('onboarding_completed', 'true');
      renderApp(path, signedIn());
      await waitFor(() => expect(currentPath()).toBe('/app/home'));
    },
  );
});
