// No import of the SDK here: the first render paints in Telegram's colours from the launch parameters, before the SDK
// has downloaded (boot.tsx); the SDK's start-up (startup.ts) applies them again on every theme change.
import { BLACK, contrast, parseHex, WHITE } from '../lib/contrast';
import { appColorVar, readableTheme, type ThemeParams } from '../lib/readableTheme';
import { FALLBACK_THEME } from '../theme';
import { rawLaunchParams } from './launchParams';

/**
 * Writes the readable app colours (`--app-*-color`, src/lib/readableTheme.ts) on <html> from Telegram's theme, and
 * the colour scheme native controls (inputs, scrollbars, pickers) follow: dark when white text reads better on its
 * background than black.
 */
export function applyThemeColors(params: ThemeParams): void {
  const colors = readableTheme(params, FALLBACK_THEME);
  const style = document.documentElement.style;
  for (const [name, value] of Object.entries(colors))
    style.setProperty(appColorVar(name as keyof typeof colors), value);
  const bg = parseHex(params.bg_color);
  style.colorScheme = bg && contrast(bg, WHITE) > contrast(bg, BLACK) ? 'dark' : 'light';
}

/** The theme Telegram passed with this launch (`tgWebAppThemeParams`, JSON); empty when there is none. */
export function launchThemeParams(): ThemeParams {
  try {
    const json = new URLSearchParams(rawLaunchParams() ?? '').get('tgWebAppThemeParams');
    const parsed: unknown = json ? JSON.parse(json) : {};
    return parsed && typeof parsed === 'object' ? (parsed as ThemeParams) : {};
  } catch {
    return {};
  }
}
