// The entry: only what must start before the rest of the app arrives. When the launch leads home: the sign-in
// request and home's summary (index.html's early script, src/earlyPaint.ts, has painted the home this device kept
// today, decisions 0272 and 0277). The chunks of the screen this launch leads to start downloading now, while
// boot.tsx with React and the SDK — preloaded by that script (vite-plugins/launch-preload.ts) — is still
// downloading; then the app boots.
import { startHomeSummary } from './api/home';
import { startSignIn } from './auth/earlySignIn';
import { preloadStartScreen, startScreen } from './startScreen';

startSignIn();
if (startScreen(window.location) === 'home') {
  startHomeSummary();
}
preloadStartScreen(window.location);
void import('./boot').then(({ boot }) => boot(document.getElementById('root')!));
