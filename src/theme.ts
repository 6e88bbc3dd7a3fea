import { createGlobalStyle } from 'styled-components';
import { appColorVar, type AppColor } from './lib/appColors';

// The styled-components theme is a set of CSS variable references. Telegram's theme params are bound at start-up
// (`--tg-theme-*`, src/telegram/startup.ts), and from them the readable app colours (`--app-*-color`,
// src/telegram/themeColors.ts: every text colour lifted to 4.5:1 on the surfaces it sits on; index.html's early script
// writes the launch's, src/earlyPaint.ts), so the same theme follows light, dark and custom Telegram themes live. The
// fallbacks are a calm light theme for a plain browser, made readable by the same rule.

/**
 * The fallbacks: `readableTheme({}, FALLBACK_THEME)` (src/telegram/themeColors.ts), written out so that no page
 * derives them while its modules are evaluated (50–70 ms at 4× CPU); tests/client/readable-theme.test.ts checks them.
 */
export const READABLE_FALLBACK: Record<AppColor, string> = {
  bg: '#ffffff',
  secondaryBg: '#f1f2f6',
  sectionBg: '#ffffff',
  headerBg: '#ffffff',
  bottomBarBg: '#f7f7f9',
  text: '#1c1c1e',
  hint: '#6c6c70',
  subtitle: '#6d6d72',
  link: '#2371b1',
  accent: '#22669e',
  destructive: '#cc3532',
  button: '#2279bf',
  buttonText: '#ffffff',
};

/** The derived colour, else Telegram's own (should the derivation not have run), else the readable fallback. */
const app = (name: AppColor, telegramName: string) =>
  `var(${appColorVar(name)}, var(--tg-theme-${telegramName}, ${READABLE_FALLBACK[name]}))`;

const inset = (side: 'top' | 'bottom' | 'left' | 'right') =>
  `calc(max(var(--tg-viewport-safe-area-inset-${side}, 0px), env(safe-area-inset-${side}, 0px)) + var(--tg-viewport-content-safe-area-inset-${side}, 0px))`;

export const theme = {
  color: {
    bg: app('bg', 'bg-color'),
    secondaryBg: app('secondaryBg', 'secondary-bg-color'),
    sectionBg: app('sectionBg', 'section-bg-color'),
    headerBg: app('headerBg', 'header-bg-color'),
    bottomBarBg: app('bottomBarBg', 'bottom-bar-bg-color'),
    text: app('text', 'text-color'),
    /** Secondary text (hints, dates, captions). */
    hint: app('hint', 'hint-color'),
    subtitle: app('subtitle', 'subtitle-text-color'),
    /** Links and plain text buttons. */
    link: app('link', 'link-color'),
    /** Text in the accent colour: the active tab, secondary buttons. */
    accent: app('accent', 'accent-text-color'),
    /** Filled buttons, selected chips; also borders, icons and tints (non-text). */
    button: app('button', 'button-color'),
    /** Text on `button`. */
    buttonText: app('buttonText', 'button-text-color'),
    destructive: app('destructive', 'destructive-text-color'),
    separator: 'var(--tg-theme-section-separator-color, rgba(60, 60, 67, 0.14))',
    success: '#34c759',
    warning: '#ff9500',
    /** Five moods, very bad → very good (fixed: they must read the same in either theme). */
    mood: ['#e57373', '#ffb74d', '#b0bec5', '#81c784', '#4db6ac'] as const,
  },
  /** Soft tint of a colour over the page background (decorative; ignored by browsers without color-mix). */
  tint: (color: string, percent: number) => `color-mix(in srgb, ${color} ${percent}%, transparent)`,
  radius: { sm: '10px', md: '14px', lg: '20px', pill: '999px' },
  space: (n: number) => `${n * 4}px`,
  font: {
    family: "-apple-system, BlinkMacSystemFont, 'SF Pro Text', 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif",
    /**
     * In rem, so text follows the reader's text-size setting (browser text zoom, the system's font scale). The px
     * at the default 16 px: xxs 10, caption 11, xs 12, sm 14, md 16, lg 20, xl 26. Titles grow half as fast
     * (lg 30 and xl 39 px at 200 %), as Android's non-linear font scaling does: already large, at double size
     * a long Russian word («эмоционального») would not fit a phone's width.
     */
    size: {
      xxs: '0.625rem',
      caption: '0.6875rem',
      xs: '0.75rem',
      sm: '0.875rem',
      md: '1rem',
      lg: 'calc(0.625rem + 10px)',
      xl: 'calc(0.8125rem + 13px)',
    },
  },
  /** The spec's bottom navigation height (a minimum: it may grow if enlarged text needs the room). */
  bottomNavHeight: '56px',
  /** Styles for readers who asked their system for less motion: decorative animation stops, information stays. */
  reducedMotion: '@media (prefers-reduced-motion: reduce)',
  /**
   * Insets on each side: the device's safe area (notch, status bar, home indicator; Telegram's value or the
   * browser's env()) plus Telegram's content safe area (its own controls over a fullscreen mini app).
   */
  inset: { top: inset('top'), bottom: inset('bottom'), left: inset('left'), right: inset('right') },
  /** Full height that follows Telegram's stable viewport height when known. */
  fullHeight: 'var(--tg-viewport-stable-height, 100dvh)',
} as const;

export type AppTheme = typeof theme;

declare module 'styled-components' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  export interface DefaultTheme extends AppTheme {}
}

export const GlobalStyle = createGlobalStyle`
  *, *::before, *::after { box-sizing: border-box; }
  /* The hidden attribute wins over a component's own display (a closed FAQ answer is a flex column when open). */
  [hidden] { display: none !important; }
  html, body, #root { margin: 0; padding: 0; min-height: 100%; }
  html { -webkit-text-size-adjust: 100%; }
  body {
    background: ${theme.color.secondaryBg};
    color: ${theme.color.text};
    font-family: ${theme.font.family};
    font-size: ${theme.font.size.md};
    line-height: 1.4;
    /* A word longer than its line breaks instead of running off the screen (large text, narrow phones). */
    overflow-wrap: break-word;
    -webkit-font-smoothing: antialiased;
    -webkit-tap-highlight-color: transparent;
    overscroll-behavior: none;
  }
  #root {
    min-height: ${theme.fullHeight};
    /* Telegram's safe area (status bar, notch) plus its content safe area (its own header buttons). */
    padding-top: ${theme.inset.top};
    padding-left: ${theme.inset.left};
    padding-right: ${theme.inset.right};
  }
  button, input, textarea, select { font: inherit; color: inherit; }
  button { cursor: pointer; }
  a { color: ${theme.color.link}; }
  :focus-visible { outline: 2px solid ${theme.color.button}; outline-offset: 2px; }
  @media (prefers-reduced-motion: reduce) {
    *, *::before, *::after {
      animation-duration: 0.001ms !important;
      animation-iteration-count: 1 !important;
      transition-duration: 0.001ms !important;
      scroll-behavior: auto !important;
    }
  }
`;
