import type { ReactNode } from 'react';
import { ThemeProvider } from 'styled-components';
import { AuthProvider } from './auth/AuthProvider';
import type { AuthActor } from './auth/authActor';
import { ToastHost } from './components/ToastHost';
import { FlowHost } from './flow/FlowHost';
import { AppRoutes } from './routes';
import { GlobalStyle, theme } from './theme';

/** Providers shared by the app and the component tests (which bring their own router). */
export function AppProviders({ children }: { children: ReactNode }) {
  return (
    <ThemeProvider theme={theme}>
      <GlobalStyle />
      {children}
    </ThemeProvider>
  );
}

/** `authActor`: the app-wide auth actor when boot.tsx started it already (else AuthProvider creates one). */
export function App({ authActor }: { authActor?: AuthActor }) {
  return (
    <AppProviders>
      <AuthProvider actor={authActor}>
        <AppRoutes />
        <FlowHost />
        <ToastHost />
      </AuthProvider>
    </AppProviders>
  );
}
