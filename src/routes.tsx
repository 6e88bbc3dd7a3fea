import { lazy, Suspense } from 'react';
import { Navigate, Route, Routes } from 'react-router-dom';
import { screenTitles } from './copy/screens';
import { ScreenFallback } from './layouts/ScreenFallback';
import InitGate from './screens/auth/InitGate';
import { AppGate, OnboardingGate } from './screens/auth/gates';
import SplashScreen from './screens/SplashScreen';

// Only the splash and the gates are in the entry; every screen is its own chunk (bundle budget).
const TabsLayout = lazy(() => import('./layouts/TabsLayout'));
const FullHeightLayout = lazy(() => import('./layouts/FullHeightLayout'));
const OnboardingScreen = lazy(() => import('./screens/onboarding/OnboardingScreen'));
const HomeScreen = lazy(() => import('./screens/home/HomeScreen'));
// Routes a later issue builds share one placeholder chunk; each gets its real screen then.
const ComingSoonScreen = lazy(() => import('./screens/ComingSoonScreen'));
const DiaryListScreen = lazy(() => import('./screens/diary/DiaryListScreen'));
const NewEntryScreen = lazy(() => import('./screens/diary/NewEntryScreen'));
const DiaryEntryScreen = lazy(() => import('./screens/diary/DiaryEntryScreen'));
const PracticeListScreen = lazy(() => import('./screens/practices/PracticeListScreen'));
const PracticeDetailScreen = lazy(() => import('./screens/practices/PracticeDetailScreen'));
const PracticeSessionScreen = lazy(() => import('./screens/practices/PracticeSessionScreen'));

/** The spec's route table (§2). Layouts are chosen here, not by the screens. */
export function AppRoutes() {
  return (
    <Suspense fallback={<ScreenFallback />}>
      <Routes>
        <Route path="/" element={<SplashScreen />} />
        <Route path="/init" element={<InitGate />} />
        <Route element={<OnboardingGate />}>
          <Route path="/onboarding" element={<OnboardingScreen />} />
        </Route>
        <Route path="/app" element={<AppGate />}>
          <Route index element={<Navigate to="/app/home" replace />} />
          <Route path="dashboard" element={<Navigate to="/app/home" replace />} />
          <Route element={<FullHeightLayout />}>
            <Route path="chat/:chatId" element={<ComingSoonScreen title={screenTitles.chat} backTo="/app/chat" />} />
            <Route path="practices/:practiceId" element={<PracticeDetailScreen />} />
          </Route>
          <Route element={<TabsLayout />}>
            <Route path="home" element={<HomeScreen />} />
            <Route path="chat" element={<ComingSoonScreen title={screenTitles.chatList} />} />
            <Route path="practices" element={<PracticeListScreen />} />
            {/* Back from a session goes to its practice's detail page (the session machine's BACK). */}
            <Route path="practices/:practiceId/session" element={<PracticeSessionScreen />} />
            <Route path="diary" element={<DiaryListScreen />} />
            <Route path="diary/new" element={<NewEntryScreen />} />
            <Route path="diary/:entryId" element={<DiaryEntryScreen />} />
            <Route path="profile" element={<ComingSoonScreen title={screenTitles.profile} />} />
            <Route
              path="profile/settings"
              element={<ComingSoonScreen title={screenTitles.settings} backTo="/app/profile" />}
            />
            <Route
              path="profile/subscription"
              element={<ComingSoonScreen title={screenTitles.subscription} backTo="/app/profile" />}
            />
            <Route
              path="profile/subscription/checkout"
              element={<ComingSoonScreen title={screenTitles.checkout} backTo="/app/profile/subscription" />}
            />
            <Route path="profile/help" element={<ComingSoonScreen title={screenTitles.help} backTo="/app/profile" />} />
            <Route path="*" element={<Navigate to="/" replace />} />
          </Route>
        </Route>
        <Route path="*" element={<Navigate to="/" replace />} />
      </Routes>
    </Suspense>
  );
}
