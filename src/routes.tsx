import { Component, Fragment, lazy, Suspense, type ReactNode } from 'react';
import { Navigate, Route, Routes, useLocation, useParams } from 'react-router-dom';
import { paths, routePatterns } from '../machines/paths';
import { ScreenFallback } from './layouts/ScreenFallback';
import { routeChunks } from './routeChunks';
import { AuthErrorScreen } from './screens/auth/AuthErrorScreen';
import InitGate from './screens/auth/InitGate';
import { AppGate, OnboardingGate, SafetyPlanGate } from './screens/auth/gates';
import SplashScreen from './screens/SplashScreen';

// Only the splash and the gates are in the app's main chunk; every screen is its own chunk (bundle budget), loaded
// when routed or preloaded at launch (routeChunks.ts).
const TabsLayout = lazy(routeChunks.tabsLayout.load);
const FullHeightLayout = lazy(routeChunks.fullHeightLayout.load);
const OnboardingScreen = lazy(routeChunks.onboarding.load);
const HomeScreen = lazy(routeChunks.home.load);
const DiaryListScreen = lazy(routeChunks.diaryList.load);
const NewEntryScreen = lazy(routeChunks.newEntry.load);
const DiaryEntryScreen = lazy(routeChunks.diaryEntry.load);
const PracticeListScreen = lazy(routeChunks.practiceList.load);
const PracticeDetailScreen = lazy(routeChunks.practiceDetail.load);
const PracticeSessionScreen = lazy(routeChunks.practiceSession.load);
const PlansScreen = lazy(routeChunks.plans.load);
const CheckoutScreen = lazy(routeChunks.checkout.load);
const ChatListScreen = lazy(routeChunks.chatList.load);
const ChatScreen = lazy(routeChunks.chat.load);
const ProfileScreen = lazy(routeChunks.profile.load);
const SettingsScreen = lazy(routeChunks.settings.load);
const HelpScreen = lazy(routeChunks.help.load);
const SafetyPlanScreen = lazy(routeChunks.safetyPlan.load);

/**
 * A screen that shows one object by its id starts afresh for another id: the router would otherwise keep the
 * mounted screen (and its flow, started with the old id) when only the parameter changes.
 */
function FreshPer({ param, children }: { param: string; children: ReactNode }) {
  return <Fragment key={useParams()[param]}>{children}</Fragment>;
}

/**
 * A screen that throws while it renders — mostly its chunk that did not load (a new version deployed while the app was
 * open, a dropped connection) — shows «Что-то пошло не так» with «Повторить» (a reload, which fetches the files anew)
 * and the way to the safety plan, instead of an empty page. Another path renders afresh (decision 0282).
 */
class RenderFailure extends Component<{ path: string; children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError = () => ({ failed: true });
  override componentDidUpdate({ path }: { path: string }) {
    if (this.state.failed && path !== this.props.path) this.setState({ failed: false });
  }
  override render() {
    return this.state.failed ? (
      <AuthErrorScreen kind="other" onRetry={() => window.location.reload()} />
    ) : (
      this.props.children
    );
  }
}

/**
 * The app's route table, every path from machines/paths.ts (nested routes spell their full path). Layouts are
 * chosen here, not by the screens.
 */
export function AppRoutes() {
  return (
    <RenderFailure path={useLocation().pathname}>
      <Suspense fallback={<ScreenFallback />}>
        <Routes>
          <Route path={paths.root} element={<SplashScreen />} />
          <Route path={paths.init} element={<InitGate />} />
          <Route element={<OnboardingGate />}>
            <Route path={paths.onboarding} element={<OnboardingScreen />} />
          </Route>
          {/* The safety plan opens without the server (from the device's copy): a gate of its own, see gates.tsx. */}
          <Route element={<SafetyPlanGate />}>
            <Route element={<FullHeightLayout />}>
              <Route path={paths.safetyPlan} element={<SafetyPlanScreen />} />
            </Route>
          </Route>
          <Route path={paths.app} element={<AppGate />}>
            <Route index element={<Navigate to={paths.home} replace />} />
            <Route path={paths.dashboard} element={<Navigate to={paths.home} replace />} />
            <Route element={<FullHeightLayout />}>
              {/* Not FreshPer: the chat's session goes on when its first send turns /new into the chat's id. */}
              <Route path={routePatterns.chat} element={<ChatScreen />} />
              <Route
                path={routePatterns.practice}
                element={
                  <FreshPer param="practiceId">
                    <PracticeDetailScreen />
                  </FreshPer>
                }
              />
              {/* A session hides the tab bar (issue 24); back goes to its practice's detail page (the session's BACK). */}
              <Route path={routePatterns.practiceSession} element={<PracticeSessionScreen />} />
            </Route>
            <Route element={<TabsLayout />}>
              <Route path={paths.home} element={<HomeScreen />} />
              <Route path={paths.chatList} element={<ChatListScreen />} />
              <Route path={paths.practices} element={<PracticeListScreen />} />
              <Route path={paths.diary} element={<DiaryListScreen />} />
              <Route path={paths.newDiaryEntry} element={<NewEntryScreen />} />
              <Route
                path={routePatterns.diaryEntry}
                element={
                  <FreshPer param="entryId">
                    <DiaryEntryScreen />
                  </FreshPer>
                }
              />
              <Route path={paths.profile} element={<ProfileScreen />} />
              <Route path={paths.settings} element={<SettingsScreen />} />
              <Route path={paths.subscription} element={<PlansScreen />} />
              <Route path={routePatterns.checkout} element={<CheckoutScreen />} />
              <Route path={paths.help} element={<HelpScreen />} />
              <Route path="*" element={<Navigate to={paths.root} replace />} />
            </Route>
          </Route>
          <Route path="*" element={<Navigate to={paths.root} replace />} />
        </Routes>
      </Suspense>
    </RenderFailure>
  );
}
