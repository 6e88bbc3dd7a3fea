import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { App } from './App';
import { createAuthActor } from './auth/authActor';
import { setupInspector } from './dev/inspector';
import { startScreenChunks } from './routeChunks';
import { startScreen } from './startScreen';
import { readInitData } from './telegram/initData';
import { startTelegram, type TelegramStatus } from './telegram/startup';

/**
 * Starts Telegram, then renders the app into `container`; resolves with the start-up status. The first render waits
 * for the start screen's modules too (downloading since the entry ran, startScreen.ts): rendered before they are in,
 * the screen would show its loading fallback first, and React holds back the fallback's replacement for up to 300 ms.
 * A module that fails to load is left to the route, which loads it as any other.
 */
export async function boot(container: HTMLElement): Promise<TelegramStatus> {
  const screen = startScreen(window.location);
  const startScreenLoaded = Promise.allSettled(screen ? startScreenChunks[screen].map((chunk) => chunk.preload()) : []);
  const root = createRoot(container);
  const [status] = await Promise.all([startTelegram(), startScreenLoaded]);
  // If the messenger SDK fails to initialise, an empty screen is shown (the product rule).
  if (status === 'failed') {
    root.render(null);
    return status;
  }
  readInitData(); // capture the launch's init data (and keep it in tg_init_data) before routing moves on
  await setupInspector();
  // Auth starts before the first render: with the entry's sign-in answer already here (earlySignIn.ts) the machine is
  // signed in by the time React renders, so the first render is the screen itself, not the splash first.
  const auth = createAuthActor().start();
  root.render(
    <StrictMode>
      <BrowserRouter>
        <App authActor={auth} />
      </BrowserRouter>
    </StrictMode>,
  );
  // The safety plan opens later without a network (its own chunk: not on the first load's path).
  if (import.meta.env.PROD) void import('./offline/registerShell').then((shell) => shell.registerOfflineShell());
  return status;
}
