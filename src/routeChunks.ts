import type { StartScreen } from './startScreen';

/**
 * A lazily loaded layout or screen of the route table (routes.tsx). `preload()` starts its download once; `load` is
 * what React.lazy calls. A module already here is handed over synchronously — React.lazy accepts "a Promise or
 * another thenable" and renders a thenable that has already called back without suspending — so a preloaded screen
 * appears with the render that reaches it, without a Suspense fallback first (whose replacement React may hold back
 * for up to 300 ms).
 */
export interface RouteChunk<M> {
  load: () => Promise<M>;
  preload: () => Promise<M>;
}

export function routeChunk<M>(importer: () => Promise<M>): RouteChunk<M> {
  let loaded: M | undefined;
  let loading: Promise<M> | undefined;
  const preload = () =>
    (loading ??= importer().then(
      (module) => (loaded = module),
      (error: unknown) => {
        loading = undefined; // a failed download is tried again on the next call
        throw error;
      },
    ));
  const load = () =>
    loaded === undefined
      ? preload()
      : ({ then: (resolve: (module: M) => void) => resolve(loaded!) } as unknown as Promise<M>);
  return { load, preload };
}

export const routeChunks = {
  tabsLayout: routeChunk(() => import('./layouts/TabsLayout')),
  fullHeightLayout: routeChunk(() => import('./layouts/FullHeightLayout')),
  onboarding: routeChunk(() => import('./screens/onboarding/OnboardingScreen')),
  home: routeChunk(() => import('./screens/home/HomeScreen')),
  profile: routeChunk(() => import('./screens/users/ProfileScreen')),
  settings: routeChunk(() => import('./screens/users/SettingsScreen')),
  help: routeChunk(() => import('./screens/help/HelpScreen')),
  diaryList: routeChunk(() => import('./screens/diary/DiaryListScreen')),
  newEntry: routeChunk(() => import('./screens/diary/NewEntryScreen')),
  diaryEntry: routeChunk(() => import('./screens/diary/DiaryEntryScreen')),
  practiceList: routeChunk(() => import('./screens/practices/PracticeListScreen')),
  practiceDetail: routeChunk(() => import('./screens/practices/PracticeDetailScreen')),
  practiceSession: routeChunk(() => import('./screens/practices/PracticeSessionScreen')),
  plans: routeChunk(() => import('./screens/billing/PlansScreen')),
  checkout: routeChunk(() => import('./screens/billing/CheckoutScreen')),
  chatList: routeChunk(() => import('./screens/chat/ChatListScreen')),
  chat: routeChunk(() => import('./screens/chat/ChatScreen')),
  safetyPlan: routeChunk(() => import('./screens/safety-plan/SafetyPlanScreen')),
};

/**
 * The chunks of a start screen: boot.tsx imports them before the first render (their files are on their way since
 * the entry ran, startScreen.ts), so the screen renders as soon as sign-in lets it.
 */
export const startScreenChunks: Record<StartScreen, RouteChunk<unknown>[]> = {
  home: [routeChunks.tabsLayout, routeChunks.home],
  onboarding: [routeChunks.onboarding],
};
