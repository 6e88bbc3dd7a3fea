// Home's first frame as React paints it before any data is in (the check-in and the week loading), rendered at build
// time into a file of the build (vite-plugins/cold-home.ts): for a launch with nothing kept on the device, index.html's
// early script fetches and paints it (src/earlyPaint.ts), a second or so before React has loaded. Decision 0285.
import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { ServerStyleSheet, StyleSheetManager } from 'styled-components';
import { paths } from '../../../machines/paths';
import { AppProviders } from '../../App';
import { AuthProvider } from '../../auth/AuthProvider';
import TabsLayout from '../../layouts/TabsLayout';
import type { ColdHome } from './keptHomeFormat';
import HomeScreen from './HomeScreen';

/** styled-components' bookkeeping between the rules (`data-styled.g1[id="…"]{content:"…"}`), which a page never uses. */
const BOOKKEEPING = /^data-styled\.g\d+\[id="[^"]*"\]\{content:"[^"]*"\}$/;

export function renderColdHome(): ColdHome {
  const sheet = new ServerStyleSheet();
  try {
    const html = renderToStaticMarkup(
      <StyleSheetManager sheet={sheet.instance}>
        <AppProviders>
          <MemoryRouter initialEntries={[paths.home]}>
            <AuthProvider>
              <Routes>
                <Route element={<TabsLayout />}>
                  <Route path={paths.home} element={<HomeScreen />} />
                </Route>
              </Routes>
            </AuthProvider>
          </MemoryRouter>
        </AppProviders>
      </StyleSheetManager>,
    );
    const css = sheet.instance
      .toString()
      .split('/*!sc*/')
      .map((rule) => rule.trim())
      .filter((rule) => rule && !BOOKKEEPING.test(rule))
      .join('\n');
    return { css, html };
  } finally {
    sheet.seal();
  }
}
