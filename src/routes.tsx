import { lazy, Suspense } from 'react';
import { Navigate, Route, Routes } from 'react-router-dom';
import { paths, routePatterns } from '../machines/paths';
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

/**
 * The app's route table, every path from machines/paths.ts (nested routes spell their full path). Layouts are
 * chosen here, not by the screens.
 */
export function AppRoutes() {
  return (
    <Suspense fallback={<ScreenFallback />}>
      <Routes>
        <Route path={paths.root} element={<SplashScreen />} />
        <Route path={paths.init} element={<InitGate />} />
        <Route element={<OnboardingGate />}>
          <Route path={paths.onboarding} element={<OnboardingScreen />} />
        </Route>
        <Route path={paths.app} element={<AppGate />}>
          <Route index element={<Navigate to={paths.home} replace />} />
          <Route path={paths.dashboard} element={<Navigate to={paths.home} replace />} />
          <Route element={<FullHeightLayout />}>
            <Route
              path={routePatterns.chat}
              element={<ComingSoonScreen title={screenTitles.chat} backTo={paths.chatList} />}
            />
            <Route
              path={routePatterns.practice}
              element={<ComingSoonScreen title={screenTitles.practice} backTo={paths.practices} />}
            />
          </Route>
          <Route element={<TabsLayout />}>
            <Route path={paths.home} element={<HomeScreen />} />
            <Route path={paths.chatList} element={<ComingSoonScreen title={screenTitles.chatList} />} />
            <Route path={paths.practices} element={<ComingSoonScreen title={screenTitles.practices} />} />
            {/* Back from a session goes to its practice's detail page. */}
            <Route
              path={routePatterns.practiceSession}
              element={<ComingSoonScreen title={screenTitles.session} backTo={routePatterns.practice} />}
            />
            <Route path={paths.diary} element={<DiaryListScreen />} />
            <Route path={paths.newDiaryEntry} element={<NewEntryScreen />} />
            <Route path={routePatterns.diaryEntry} element={<DiaryEntryScreen />} />
            <Route path={paths.profile} element={<ComingSoonScreen title={screenTitles.profile} />} />
            <Route
              path={paths.settings}
              element={<ComingSoonScreen title={screenTitles.settings} backTo={paths.profile} />}
            />
            <Route
              path={paths.subscription}
              element={<ComingSoonScreen title={screenTitles.subscription} backTo={paths.profile} />}
            />
            <Route
              path={routePatterns.checkout}
              element={<ComingSoonScreen title={screenTitles.checkout} backTo={paths.subscription} />}
            />
            <Route path={paths.help} element={<ComingSoonScreen title={screenTitles.help} backTo={paths.profile} />} />
            <Route path="*" element={<Navigate to={paths.root} replace />} />
          </Route>
        </Route>
        <Route path="*" element={<Navigate to={paths.root} replace />} />
      </Routes>
    </Suspense>
  );
}
