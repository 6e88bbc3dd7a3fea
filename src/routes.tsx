import { lazy, Suspense } from 'react';
import { Navigate, Route, Routes } from 'react-router-dom';
import { ScreenFallback } from './layouts/ScreenFallback';
import InitGate from './screens/auth/InitGate';
import { AppGate, SignedInGate } from './screens/auth/gates';
import SplashScreen from './screens/SplashScreen';

// Only the splash and the gates are in the entry; every screen is its own chunk (bundle budget).
const TabsLayout = lazy(() => import('./layouts/TabsLayout'));
const FullHeightLayout = lazy(() => import('./layouts/FullHeightLayout'));
const OnboardingScreen = lazy(() => import('./screens/onboarding/OnboardingScreen'));
const HomeScreen = lazy(() => import('./screens/home/HomeScreen'));
const ChatListScreen = lazy(() => import('./screens/chat/ChatListScreen'));
const ChatScreen = lazy(() => import('./screens/chat/ChatScreen'));
const PracticeListScreen = lazy(() => import('./screens/practices/PracticeListScreen'));
const PracticeDetailScreen = lazy(() => import('./screens/practices/PracticeDetailScreen'));
const PracticeSessionScreen = lazy(() => import('./screens/practices/PracticeSessionScreen'));
const DiaryListScreen = lazy(() => import('./screens/diary/DiaryListScreen'));
const NewEntryScreen = lazy(() => import('./screens/diary/NewEntryScreen'));
const DiaryEntryScreen = lazy(() => import('./screens/diary/DiaryEntryScreen'));
const ProfileScreen = lazy(() => import('./screens/profile/ProfileScreen'));
const SettingsScreen = lazy(() => import('./screens/profile/SettingsScreen'));
const SubscriptionScreen = lazy(() => import('./screens/profile/SubscriptionScreen'));
const CheckoutScreen = lazy(() => import('./screens/profile/CheckoutScreen'));
const HelpScreen = lazy(() => import('./screens/profile/HelpScreen'));

/** The spec's route table (§2). Layouts are chosen here, not by the screens. */
export function AppRoutes() {
  return (
    <Suspense fallback={<ScreenFallback />}>
      <Routes>
        <Route path="/" element={<SplashScreen />} />
        <Route path="/init" element={<InitGate />} />
        <Route element={<SignedInGate />}>
          <Route path="/onboarding" element={<OnboardingScreen />} />
        </Route>
        <Route path="/app" element={<AppGate />}>
          <Route index element={<Navigate to="/app/home" replace />} />
          <Route path="dashboard" element={<Navigate to="/app/home" replace />} />
          <Route element={<FullHeightLayout />}>
            <Route path="chat/:chatId" element={<ChatScreen />} />
            <Route path="practices/:practiceId" element={<PracticeDetailScreen />} />
            <Route path="practices/:practiceId/session" element={<PracticeSessionScreen />} />
          </Route>
          <Route element={<TabsLayout />}>
            <Route path="home" element={<HomeScreen />} />
            <Route path="chat" element={<ChatListScreen />} />
            <Route path="practices" element={<PracticeListScreen />} />
            <Route path="diary" element={<DiaryListScreen />} />
            <Route path="diary/new" element={<NewEntryScreen />} />
            <Route path="diary/:entryId" element={<DiaryEntryScreen />} />
            <Route path="profile" element={<ProfileScreen />} />
            <Route path="profile/settings" element={<SettingsScreen />} />
            <Route path="profile/subscription" element={<SubscriptionScreen />} />
            <Route path="profile/subscription/checkout" element={<CheckoutScreen />} />
            <Route path="profile/help" element={<HelpScreen />} />
            <Route path="*" element={<Navigate to="/" replace />} />
          </Route>
        </Route>
        <Route path="*" element={<Navigate to="/" replace />} />
      </Routes>
    </Suspense>
  );
}
