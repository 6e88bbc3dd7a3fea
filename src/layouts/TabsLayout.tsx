import { Suspense } from 'react';
import { Outlet, useLocation } from 'react-router-dom';
import styled from 'styled-components';
import { BottomNav } from '../components/BottomNav';
import { activeTab } from '../lib/tabs';
import { haptic } from '../telegram/haptic';
import { ScreenFallback } from './ScreenFallback';

const Body = styled.div`
  min-height: 100%;
  /* Room for the fixed bottom navigation and the device's bottom safe area. */
  padding-bottom: calc(${({ theme }) => theme.bottomNavHeight} + ${({ theme }) => theme.inset.bottom});
`;

/** Every /app screen except chat and practice detail: content above a fixed bottom navigation. */
export default function TabsLayout() {
  const { pathname } = useLocation();
  return (
    <Body>
      <Suspense fallback={<ScreenFallback />}>
        <Outlet />
      </Suspense>
      <BottomNav active={activeTab(pathname)} onSelect={() => haptic.select()} />
    </Body>
  );
}
