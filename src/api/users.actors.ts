// The user's calls as the machines name them: the sign-in's loadUser (src/auth/authActor.ts).
import { fromPromise } from 'xstate';
import type { AuthFailure, AuthUser } from '../../machines/app/auth.machine';
import { takeSignIn } from '../auth/earlySignIn';
import { authApi } from './client';
import { authFailureKind } from './errors';
import { getMe } from './users';

export const usersActors = {
  /** GET /api/users/me; a failure rejects with its kind (network, auth, other), which picks the error screen. */
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
};
