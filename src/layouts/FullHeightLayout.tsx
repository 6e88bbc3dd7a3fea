import { Suspense } from 'react';
import { Outlet } from 'react-router-dom';
import styled from 'styled-components';
import { ScreenFallback } from './ScreenFallback';

const Body = styled.div`
  height: calc(${({ theme }) => theme.fullHeight} - ${({ theme }) => theme.inset.top});
  display: flex;
  flex-direction: column;
  padding-bottom: ${({ theme }) => theme.inset.bottom};
  background: ${({ theme }) => theme.color.bg};
`;

/** Chat, practice detail and a practice session: the whole height, no bottom navigation. */
export default function FullHeightLayout() {
  return (
    <Body>
      <Suspense fallback={<ScreenFallback />}>
        <Outlet />
      </Suspense>
    </Body>
  );
}
