import { createActor, fromPromise } from 'xstate';
import { authMachine, type AuthInput } from '../../machines/app/auth.machine';
import { usersActors } from '../api/users.actors';
import { getInspect } from '../dev/inspector';
import { readInitData } from '../telegram/initData';
import { isOnboardingCompleted, markOnboardingCompleted } from '../telegram/storage';

/** The auth machine with the app's real effects. */
export const appAuthMachine = authMachine.provide({
  actors: {
    ...usersActors,
    readInitData: fromPromise<string | null, void>(async () => readInitData()),
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
