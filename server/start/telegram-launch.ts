// Telegram's launch parameters in the URL hash, built as Telegram builds them: used by the /dev launcher and meant
// for the e2e harness too (tests/e2e/harness.ts), so the format lives in one place.

/** Telegram's theme params (tgWebAppThemeParams) for its default light and dark palettes. */
export const TELEGRAM_THEMES = {
  light: {
    bg_color: '#ffffff',
    text_color: '#000000',
    hint_color: '#999999',
    link_color: '#2481cc',
    button_color: '#2481cc',
    button_text_color: '#ffffff',
    secondary_bg_color: '#efeff3',
    header_bg_color: '#ffffff',
    accent_text_color: '#2481cc',
    section_bg_color: '#ffffff',
    section_header_text_color: '#6d6d72',
    subtitle_text_color: '#999999',
    destructive_text_color: '#ff3b30',
  },
  dark: {
    bg_color: '#212121',
    text_color: '#ffffff',
    hint_color: '#aaaaaa',
    link_color: '#8774e1',
    button_color: '#8774e1',
    button_text_color: '#ffffff',
    secondary_bg_color: '#0f0f0f',
    header_bg_color: '#212121',
    accent_text_color: '#8774e1',
    section_bg_color: '#212121',
    section_header_text_color: '#aaaaaa',
    subtitle_text_color: '#aaaaaa',
    destructive_text_color: '#e53935',
  },
} as const;

export interface LaunchOptions {
  /** Raw signed init data (`user=…&auth_date=…&hash=…`). */
  initData: string;
  /** tgWebAppVersion, default '8.0'. */
  version?: string;
  /** tgWebAppPlatform, default 'android'. */
  platform?: string;
  /** tgWebAppThemeParams, default Telegram's light palette. */
  themeParams?: Readonly<Record<string, string>>;
}

/**
 * The launch hash without its leading '#': `tgWebAppData=…&tgWebAppVersion=…&tgWebAppPlatform=…&tgWebAppThemeParams=…`,
 * every value URL-encoded (so the init data string is encoded once more, as Telegram does).
 */
export function launchHash(options: LaunchOptions): string {
  const parts: Array<[string, string]> = [
    ['tgWebAppData', options.initData],
    ['tgWebAppVersion', options.version ?? '8.0'],
    ['tgWebAppPlatform', options.platform ?? 'android'],
    ['tgWebAppThemeParams', JSON.stringify(options.themeParams ?? TELEGRAM_THEMES.light)],
  ];
  return parts.map(([k, v]) => `${k}=${encodeURIComponent(v)}`).join('&');
}
