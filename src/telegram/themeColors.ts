import { themeParams } from '@telegram-apps/sdk';
import { appColorVar, readableTheme, type ThemeParams } from '../lib/readableTheme';
import { FALLBACK_THEME } from '../theme';

/** Telegram's current theme params by Telegram's names (the SDK may key them in camelCase); others are ignored. */
function currentThemeParams(): ThemeParams {
  const state = Object.entries(themeParams.state() as Record<string, unknown>);
  return Object.fromEntries(state.map(([key, value]) => [key.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`), value]));
}

/**
 * Writes the readable app colours (`--app-*-color`, src/lib/readableTheme.ts) on <html> from Telegram's theme,
 * and again whenever Telegram changes it (the user switches theme while the app is open).
 */
export function bindReadableColors(): void {
  const apply = () => {
    const colors = readableTheme(currentThemeParams(), FALLBACK_THEME);
    const style = document.documentElement.style;
    for (const [name, value] of Object.entries(colors))
      style.setProperty(appColorVar(name as keyof typeof colors), value);
  };
  apply();
  themeParams.state.sub(apply);
}
