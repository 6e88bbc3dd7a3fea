// The sign-in's call as the auth machine names it (loadUser), ready for src/auth/authActor.ts.
import { fromPromise } from 'xstate';
import type { AuthFailure, AuthUser } from '../../machines/app/auth.machine';
import { authApi } from './client';
import { authFailureKind } from './errors';
import { getMe } from './users';

export const usersActors = {
  /** GET /api/users/me; a failure rejects with its kind (network, auth, other), which picks the error screen. */
  loadUser: fromPromise<AuthUser, { initData: string }>(async () => {
    try {
      // authApi: a 401 here is shown as «Ошибка авторизации», not redirected to /init.
      return (await getMe(authApi)) as unknown as AuthUser;
    } catch (error) {
      const failure: AuthFailure = { kind: authFailureKind(error) };
      throw failure;
    }
  }),
};
