// The entry: only what must start before the rest of the app arrives. The sign-in request, home's summary and the
// home this device last painted (kept for today) when the launch leads there, and the chunks of the screen this launch leads to start now, while boot.tsx with React and
// the SDK — preloaded by index.html (vite-plugins/launch-preload.ts) — is still downloading; then the app boots.
import { startHomeSummary } from './api/home';
import { startSignIn } from './auth/earlySignIn';
import { keptHomeToPaint } from './screens/home/keptShell';
import { preloadStartScreen, startScreen } from './startScreen';

startSignIn();
if (startScreen(window.location) === 'home') {
  startHomeSummary();
  const kept = keptHomeToPaint();
  if (kept)
    void import('./screens/home/paintKeptHome').then(({ paintKeptHome }) =>
      paintKeptHome(document.getElementById('root')!, kept),
    );
}
preloadStartScreen(window.location);
void import('./boot').then(({ boot }) => boot(document.getElementById('root')!));
