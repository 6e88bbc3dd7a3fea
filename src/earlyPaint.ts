// index.html's early script (inlined there by vite-plugins/inline-script.ts, after the app's container): it runs while
// the page is parsed, before the entry's modules are fetched, compiled and evaluated. It paints the home this device
// kept today, else sets the launch's readable colours and fetches home's first frame to paint (decision 0285), and
// starts boot's chunks: preloaded from the start (as index.html's links did), their answers — 400 KB
// handled on the main thread — came before the kept home's parse and paint on a return visit. Decision 0277.
// In the built page the list of boot's files follows this script, so on a cold open it finds none yet and the entry's
// import asks for them: parsing the list first sent `vendor` 0.7 s sooner but did not bring the prompt sooner, and
// cost the return visit 0.1–0.3 s (decision 0284).
import { preloadBoot, startScreen } from './startScreen';
import { coldHomeToPaint, keptHomeToPaint } from './screens/home/keptShell';
import { paintKeptHome } from './screens/home/paintKeptHome';
import { applyThemeColors, launchThemeParams } from './telegram/themeColors';

/** Paints the kept home and says so; else sets the launch's colours and asks for home's first frame. */
function paint(): boolean {
  try {
    const root = document.getElementById('root');
    const home = root && startScreen(window.location) === 'home';
    const kept = home ? keptHomeToPaint() : null;
    if (kept) return paintKeptHome(root!, kept); // it brings its own colours (50–70 ms less at 4× CPU)
    // The first frame of any route in the launch's readable colours, before boot and the SDK (decision 0285).
    applyThemeColors(launchThemeParams());
    // Home's first frame when it comes, unless React has painted by then (paintKeptHome checks).
    if (home) void coldHomeToPaint().then((cold) => cold && paintKeptHome(root!, cold));
  } catch {
    // React paints home all the same
  }
  return false;
}

// At the start of the kept home's frame: the requests go out, their answers are handled after its layout and paint.
if (paint()) requestAnimationFrame(preloadBoot);
else preloadBoot();
