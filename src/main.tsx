// The entry: only what must start before the rest of the app arrives. The sign-in request and the chunks of the
// screen this launch leads to start now, while boot.tsx with React and the SDK — preloaded by index.html
// (vite-plugins/launch-preload.ts) — is still downloading; then the app boots.
import { startSignIn } from './auth/earlySignIn';
import { preloadStartScreen } from './startScreen';

startSignIn();
preloadStartScreen(window.location);
void import('./boot').then(({ boot }) => boot(document.getElementById('root')!));
