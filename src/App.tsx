import type { ReactNode } from 'react';
import { ThemeProvider } from 'styled-components';
import { AuthProvider } from './auth/AuthProvider';
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

export function App() {
  return (
    <AppProviders>
      <AuthProvider>
        <AppRoutes />
        <FlowHost />
        <ToastHost />
      </AuthProvider>
    </AppProviders>
  );
}
