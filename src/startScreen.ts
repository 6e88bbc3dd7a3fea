import { paths } from '../machines/paths';
import { returnTarget } from './auth/origin';
import { isOnboardingCompleted } from './telegram/storage';

/** The screen a launch shows once signed in, when it is one of the two most launches end on. */
export type StartScreen = 'home' | 'onboarding';

/** Paths that lead to the start screen: the splash, /init without an origin elsewhere, /onboarding, /app and its redirects. */
const LEAD_TO_START = new Set<string>([
  paths.root,
  paths.init,
  paths.onboarding,
  paths.app,
  paths.home,
  paths.dashboard,
]);

/**
 * Where a launch at `location` ends once signed in (the gates' rule): home for a returning user, onboarding for a
 * first launch; null for any other route (a reload deep in the app), whose chunk loads when routed.
 */
export function startScreen({ pathname, search }: Pick<Location, 'pathname' | 'search'>): StartScreen | null {
  const path = pathname.replace(/\/+$/, '') || '/';
  const origin = path === paths.init ? returnTarget(search) : null;
  if (!LEAD_TO_START.has(path) || (origin !== null && origin !== paths.home)) return null;
  return isOnboardingCompleted() ? 'home' : 'onboarding';
}

/** The id of the JSON in index.html naming each start screen's chunk files (written by vite-plugins/launch-preload.ts). */
export const START_SCREEN_FILES_ID = 'start-screen-files';

/** The files index.html lists (vite-plugins/launch-preload.ts): each start screen's chunks, and boot's. */
type StartFiles = Partial<Record<StartScreen | 'boot', string[]>>;

function preloadListed(pick: (files: StartFiles) => string[] | undefined): void {
  const list = document.getElementById(START_SCREEN_FILES_ID)?.textContent;
  for (const href of (list && pick(JSON.parse(list) as StartFiles)) || []) {
    const link = document.createElement('link');
    link.rel = 'modulepreload';
    link.crossOrigin = '';
    link.href = href;
    document.head.appendChild(link);
  }
}

/**
 * Starts downloading the chunks of this launch's start screen (`<link rel="modulepreload">`), in parallel with the
 * app's main chunk. In development, where index.html carries no such list, nothing happens.
 */
export function preloadStartScreen(location: Pick<Location, 'pathname' | 'search'>): void {
  const screen = startScreen(location);
  if (screen) preloadListed((files) => files[screen]);
}

/**
 * Starts downloading boot.tsx's chunks (React, the app): index.html's early script does, once the kept home is
 * painted (src/earlyPaint.ts) — their answers, handled on the main thread, would come first.
 */
export function preloadBoot(): void {
  preloadListed((files) => files.boot);
}
