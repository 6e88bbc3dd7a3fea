import { createActor, fromPromise } from 'xstate';
import { authMachine, type AuthFailure, type AuthUser } from '../../machines/auth.machine';
import { authApi } from '../api/client';
import { authFailureKind } from '../api/errors';
import { getMe } from '../api/users';
import { getInspect } from '../dev/inspector';
import { readInitData } from '../telegram/initData';

/** The auth machine with the app's real effects. */
export const appAuthMachine = authMachine.provide({
  actors: {
    readInitData: fromPromise(async () => readInitData()),
    loadUser: fromPromise<AuthUser, { initData: string }>(async () => {
      try {
        // authApi: a 401 here is shown as «Ошибка авторизации», not redirected to /init.
        return (await getMe(authApi)) as unknown as AuthUser;
      } catch (error) {
        const failure: AuthFailure = { kind: authFailureKind(error) };
        throw failure;
      }
    }),
  },
});

export function createAuthActor(machine = appAuthMachine) {
  return createActor(machine, { inspect: getInspect() });
}

export type AuthActor = ReturnType<typeof createAuthActor>;
