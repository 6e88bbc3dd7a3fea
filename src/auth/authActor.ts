import { createActor, fromPromise } from 'xstate';
import { authMachine, type AuthFailure, type AuthInput, type AuthUser } from '../../machines/app/auth.machine';
import { authApi } from '../api/client';
import { authFailureKind } from '../api/errors';
import { getMe } from '../api/users';
import { getInspect } from '../dev/inspector';
import { readInitData } from '../telegram/initData';
import { isOnboardingCompleted, markOnboardingCompleted } from '../telegram/storage';
import { takeSignIn } from './earlySignIn';

/** The auth machine with the app's real effects. */
export const appAuthMachine = authMachine.provide({
  actors: {
    readInitData: fromPromise(async () => readInitData()),
    loadUser: fromPromise<AuthUser, { initData: string }>(async ({ input }) => {
      try {
        // The entry's request for this init data when it sent one (earlySignIn.ts), else our own. authApi: a 401
        // here is shown as «Ошибка авторизации», not redirected to /init.
        return (await (takeSignIn(input.initData) ?? getMe(authApi))) as unknown as AuthUser;
      } catch (error) {
        const failure: AuthFailure = { kind: authFailureKind(error) };
        throw failure;
      }
    }),
  },
  actions: {
    storeOnboardingCompleted: () => markOnboardingCompleted(),
  },
});

/** What the app knows before auth starts: the stored onboarding completion, read once per actor. */
export function readAuthInput(): AuthInput {
  return { onboardingCompleted: isOnboardingCompleted() };
}

export function createAuthActor(machine = appAuthMachine) {
  return createActor(machine, { input: readAuthInput(), inspect: getInspect() });
}

export type AuthActor = ReturnType<typeof createAuthActor>;
