import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { authView } from '../machines/app/auth.machine';
import { paths } from '../machines/paths';
import { App } from './App';
import { createAuthActor, type AuthActor } from './auth/authActor';
import { signInAnswered } from './auth/earlySignIn';
import { loadDetector } from './safety/loadDetector';
import { setupInspector } from './dev/inspector';
import { startScreenChunks } from './routeChunks';
import { startScreen } from './startScreen';
import { readInitData } from './telegram/initData';
import type { TelegramStatus } from './telegram/startup';
import { applyThemeColors, launchThemeParams } from './telegram/themeColors';

/** Telegram's SDK and its start-up, a chunk of their own; one that cannot be downloaded did not initialise either. */
const startTelegram = (): Promise<TelegramStatus> =>
  import('./telegram/startup').then(
    (startup) => startup.startTelegram(),
    () => 'failed' as const,
  );

/**
 * How long the first render of a start screen waits for the entry's sign-in answer. Rendered before it, the first
 * paint is the splash, which also starts the SDK's download and start-up while home is still to be rendered (on a slow
 * phone: the splash, then the SDK, then home); after this long the splash is better than a blank page.
 */
export const SIGN_IN_WAIT_MS = 1000;

/** How long boot waits for the auth machine to leave `loading`, the entry's sign-in answer in hand. */
const AUTH_SETTLE_MS = 50;

/**
 * A launch that leads home from the splash's route or /init starts at home once the user is known to be signed in:
 * otherwise each route on the way (the splash, /init) is painted for a frame — a spinner between the home this
 * device kept (keptShell.ts) and home. The auth machine settles within a few microtasks when the entry's sign-in
 * answer is in; when it is not, the way stays as it was.
 */
async function startAtHome(auth: AuthActor): Promise<void> {
  type AuthSnapshot = ReturnType<AuthActor['getSnapshot']>;
  const settled = await new Promise<AuthSnapshot | null>((resolve) => {
    const done = (snapshot: AuthSnapshot | null) => {
      subscription.unsubscribe();
      clearTimeout(timer);
      resolve(snapshot);
    };
    const timer = setTimeout(() => done(null), AUTH_SETTLE_MS);
    const subscription = auth.subscribe((snapshot) => {
      if (!snapshot.matches('loading')) done(snapshot);
    });
    if (!auth.getSnapshot().matches('loading')) done(auth.getSnapshot());
  });
  const view = settled ? authView(settled) : null;
  if (view?.status === 'authenticated' && view.onboardingCompleted)
    window.history.replaceState(window.history.state, '', paths.home);
}

/** Resolves once the browser has painted what was rendered (a hidden page, which paints nothing, after 100 ms). */
const afterPaint = () =>
  new Promise<void>((resolve) => {
    requestAnimationFrame(() => setTimeout(resolve, 0));
    setTimeout(resolve, 100);
  });

/**
 * Renders the app into `container` and starts Telegram; resolves with the start-up status. A launch that ends on a
 * start screen (home, onboarding) paints it first, in Telegram's colours from the launch parameters, and then
 * downloads and starts the SDK (nothing on those screens needs it before a tap; haptics connect when it has started).
 * A reload deep in the app starts the SDK first, as its screen may show the native back button at once.
 * The first render waits for the start screen's modules (downloading since the entry ran, startScreen.ts): rendered
 * before they are in, the screen would show its loading fallback first, and React holds back the fallback's
 * replacement for up to 300 ms. It also waits for the entry's sign-in answer (up to SIGN_IN_WAIT_MS). A module that
 * fails to load is left to the route, which loads it as any other.
 * If the SDK fails to initialise, an empty screen is shown (the product rule) — also in place of a painted start screen.
 */
export async function boot(container: HTMLElement): Promise<TelegramStatus> {
  const screen = startScreen(window.location);
  const startScreenLoaded = Promise.allSettled(screen ? startScreenChunks[screen].map((chunk) => chunk.preload()) : []);
  const signedIn = screen
    ? Promise.race([signInAnswered(), new Promise((resolve) => setTimeout(resolve, SIGN_IN_WAIT_MS))])
    : null;
  const root = createRoot(container);
  const [before] = await Promise.all([screen ? null : startTelegram(), startScreenLoaded, signedIn]);
  if (before === 'failed') {
    root.render(null);
    return before;
  }
  if (screen) applyThemeColors(launchThemeParams());
  readInitData(); // capture the launch's init data (and keep it in tg_init_data) before routing moves on
  await setupInspector();
  // Auth starts before the first render: with the entry's sign-in answer already here (earlySignIn.ts) the machine is
  // signed in by the time React renders, so the first render is the screen itself, not the splash first.
  const auth = createAuthActor().start();
  if (screen === 'home' && window.location.pathname !== paths.home) await startAtHome(auth);
  root.render(
    <StrictMode>
      <BrowserRouter>
        <App authActor={auth} />
      </BrowserRouter>
    </StrictMode>,
  );
  let status: TelegramStatus;
  if (before) status = before;
  else {
    await afterPaint();
    status = await startTelegram();
    if (status === 'failed') {
      root.render(null);
      return status;
    }
  }
  // Neither is on the start screen's path: the device's detector (its own chunk), and the service worker that lets
  // the safety plan open later without a network.
  loadDetector();
  if (import.meta.env.PROD) void import('./offline/registerShell').then((shell) => shell.registerOfflineShell());
  return status;
}
