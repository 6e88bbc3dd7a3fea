// The entry: only what must start before the rest of the app arrives. When the launch leads home: the sign-in
// request, home's summary, and the home this device kept today, painted at once (decision 0272). The chunks of the
// screen this launch leads to start downloading now, while boot.tsx with React and the SDK — preloaded by index.html
// (vite-plugins/launch-preload.ts) — is still downloading; then the app boots.
import { startHomeSummary } from './api/home';
import { startSignIn } from './auth/earlySignIn';
import { keptHomeToPaint } from './screens/home/keptShell';
import { paintKeptHome } from './screens/home/paintKeptHome';
import { preloadStartScreen, startScreen } from './startScreen';

startSignIn();
if (startScreen(window.location) === 'home') {
  startHomeSummary();
  const kept = keptHomeToPaint();
  if (kept) paintKeptHome(document.getElementById('root')!, kept);
}
preloadStartScreen(window.location);
void import('./boot').then(({ boot }) => boot(document.getElementById('root')!));
