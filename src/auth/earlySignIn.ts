import type { Me } from '../../contract/users';
import { authApi } from '../api/client';
import { getMe } from '../api/users';
import { getInitData } from '../telegram/initData';

let early: { initData: string; user: Promise<Me> } | null = null;

/**
 * Sends this launch's GET /api/users/me from the entry (main.tsx), while React and the auth machine are still
 * downloading; the auth machine's `loadUser` takes its answer instead of asking again (authActor.ts). Without init
 * data nothing is sent: the machine shows «Откройте в Telegram» as before.
 */
export function startSignIn(): void {
  const initData = getInitData();
  if (!initData) return;
  // authApi: a 401 is the machine's to show («Ошибка авторизации»), not a reload of /init.
  const user = getMe(authApi);
  user.catch(() => {}); // a failure is reported when the machine takes the answer, not as an unhandled rejection
  early = { initData, user };
}

/** The early answer when it was asked with `initData`, once: a retry (or other init data) asks the server again. */
export function takeSignIn(initData: string): Promise<Me> | null {
  const taken = early?.initData === initData ? early.user : null;
  early = null;
  return taken;
}

/**
 * Settles once the entry's sign-in has its answer, whatever it is (at once when none was sent), without taking it:
 * boot() waits for it before the first render of a start screen, so that render is the screen, not the splash.
 */
export function signInAnswered(): Promise<void> {
  return early
    ? early.user.then(
        () => {},
        () => {},
      )
    : Promise.resolve();
}
