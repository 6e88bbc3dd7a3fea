// No import of the SDK here: index.html's early script sets the launch's colours before the first frame of any route
// (src/earlyPaint.ts); the SDK's start-up (startup.ts) applies them again on every theme change.
import { BLACK, contrast, parseHex, WHITE } from '../lib/contrast';
import { appColorVar } from '../lib/appColors';
import { readableTheme, type ThemeParams } from '../lib/readableTheme';
import { rawLaunchParams } from './launchParams';

/** A calm light theme for a plain browser (and any colour a Telegram theme leaves out). */
export const FALLBACK_THEME: Required<ThemeParams> = {
  bg_color: '#ffffff',
  secondary_bg_color: '#f1f2f6',
  section_bg_color: '#ffffff',
  header_bg_color: '#ffffff',
  bottom_bar_bg_color: '#f7f7f9',
  text_color: '#1c1c1e',
  hint_color: '#8e8e93',
  subtitle_text_color: '#6d6d72',
  link_color: '#2481cc',
  accent_text_color: '#2481cc',
  button_color: '#2481cc',
  button_text_color: '#ffffff',
  destructive_text_color: '#e53935',
};

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
