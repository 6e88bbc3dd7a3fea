import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { createActor, fromPromise, toPromise } from 'xstate';
import { authView } from '../machines/app/auth.machine';
import { bootMachine, type BootScreen, type TelegramStatus } from '../machines/app/boot.machine';
import { paths } from '../machines/paths';
import { App } from './App';
import { createAuthActor, type AuthActor } from './auth/authActor';
import { signInAnswered } from './auth/earlySignIn';
import { loadDetector } from './safety/loadDetector';
import { loadToastWords } from './flow/toastWords';
import { setupInspector } from './dev/inspector';
import { startScreenChunks } from './routeChunks';
import { startScreen } from './startScreen';
import { readInitData } from './telegram/initData';

/** Telegram's SDK and its start-up, a chunk of their own; one that cannot be downloaded did not initialise either. */
const startTelegram = (): Promise<TelegramStatus> =>
  import('./telegram/startup').then(
    (startup) => startup.startTelegram(),
    () => 'failed' as const,
  );

/**
 * Settles once the browser has painted what was rendered: the second frame's callback runs after the first frame's
 * paint. A hidden page runs no frames; the machine stops waiting after PAINT_WAIT_MS.
 */
const painted = () =>
  new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve())));

/** Resolves true once auth has left `loading` signed in with onboarding done (the machine waits AUTH_SETTLE_MS). */
const authSettled = (auth: AuthActor) =>
  new Promise<boolean>((resolve) => {
    const settled = (snapshot: ReturnType<AuthActor['getSnapshot']>) => {
      if (snapshot.matches('loading')) return false;
      const view = authView(snapshot);
      resolve(view.status === 'authenticated' && view.onboardingCompleted);
      return true;
    };
    if (settled(auth.getSnapshot())) return;
    const subscription = auth.subscribe((snapshot) => {
      if (settled(snapshot)) subscription.unsubscribe();
    });
  });

/**
 * Renders the app into `container` and starts Telegram the way machines/app/boot.machine.ts orders it; resolves with
 * the start-up status. The first render of a start screen waits for its modules (downloading since the entry ran,
 * startScreen.ts): rendered before they are in, the screen would show its loading fallback first, and React holds back
 * the fallback's replacement for up to 300 ms. It also waits for the entry's sign-in answer: auth starts before the
 * first render, so with that answer here the machine is signed in by the time React renders, and the first render is
 * the screen itself, not the splash first.
 */
export function boot(container: HTMLElement): Promise<TelegramStatus> {
  const screen = startScreen(window.location);
  const root = createRoot(container);
  let auth: AuthActor | null = null;
  const authActor = () => auth!;
  const machine = bootMachine.provide({
    actors: {
      loadStartScreen: fromPromise(async ({ input }: { input: { screen: BootScreen } }) => {
        await Promise.allSettled(startScreenChunks[input.screen].map((chunk) => chunk.preload()));
      }),
      signInAnswered: fromPromise(() => signInAnswered()),
      startTelegram: fromPromise(() => startTelegram()),
      prepare: fromPromise(async () => {
        readInitData(); // capture the launch's init data (and keep it in tg_init_data) before routing moves on
        await setupInspector();
        auth = createAuthActor().start();
      }),
      authSettled: fromPromise(() => authSettled(authActor())),
      painted: fromPromise(painted),
    },
    actions: {
      startAtHome: () => window.history.replaceState(window.history.state, '', paths.home),
      render: () =>
        root.render(
          <StrictMode>
            <BrowserRouter>
              <App authActor={authActor()} />
            </BrowserRouter>
          </StrictMode>,
        ),
      renderNothing: () => root.render(null),
      startBackground: () => {
        loadDetector();
        void loadToastWords();
        if (import.meta.env.PROD) void import('./offline/registerShell').then((shell) => shell.registerOfflineShell());
      },
    },
  });
  return toPromise(
    createActor(machine, { input: { screen, atHome: window.location.pathname === paths.home } }).start(),
  );
}
