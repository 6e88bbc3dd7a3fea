// The router's navigate function, for effects that run outside React (machine actions, the app-wide upgrade
// dialog). <FlowHost/> registers it from inside the router; before that, navigation is ignored.
import type { NavigateFunction } from 'react-router-dom';
import type { NavigateParams } from '../../machines/effects';

let current: NavigateFunction | null = null;

export function registerNavigator(navigate: NavigateFunction | null): void {
  current = navigate;
}

export function navigateTo({ to, replace, state }: NavigateParams): void {
  current?.(to, { replace, state });
}
