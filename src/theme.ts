import { createGlobalStyle } from 'styled-components';

/**
 * The styled-components theme is a set of CSS variable references: Telegram binds its theme params
 * (`--tg-theme-*`) and viewport insets (`--tg-viewport-*`) at start-up, so the same theme follows
 * light and dark Telegram themes live. The fallbacks are a calm light theme for a plain browser.
 */
const tg = (name: string, fallback: string) => `var(--tg-theme-${name}, ${fallback})`;

const inset = (side: 'top' | 'bottom' | 'left' | 'right') =>
  `calc(max(var(--tg-viewport-safe-area-inset-${side}, 0px), env(safe-area-inset-${side}, 0px)) + var(--tg-viewport-content-safe-area-inset-${side}, 0px))`;

export const theme = {
  color: {
    bg: tg('bg-color', '#ffffff'),
    secondaryBg: tg('secondary-bg-color', '#f1f2f6'),
    sectionBg: tg('section-bg-color', '#ffffff'),
    text: tg('text-color', '#1c1c1e'),
    hint: tg('hint-color', '#8e8e93'),
    subtitle: tg('subtitle-text-color', '#6d6d72'),
    link: tg('link-color', '#2481cc'),
    accent: tg('accent-text-color', '#2481cc'),
    button: tg('button-color', '#2481cc'),
    buttonText: tg('button-text-color', '#ffffff'),
    destructive: tg('destructive-text-color', '#e53935'),
    separator: tg('section-separator-color', 'rgba(60, 60, 67, 0.14)'),
    headerBg: tg('header-bg-color', '#ffffff'),
    bottomBarBg: tg('bottom-bar-bg-color', tg('secondary-bg-color', '#f7f7f9')),
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
    family:
      "-apple-system, BlinkMacSystemFont, 'SF Pro Text', 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif",
    size: { xs: '12px', sm: '14px', md: '16px', lg: '20px', xl: '26px' },
  },
  /** The bottom navigation's height. */
  bottomNavHeight: '56px',
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
  html, body, #root { margin: 0; padding: 0; min-height: 100%; }
  html { -webkit-text-size-adjust: 100%; }
  body {
    background: ${theme.color.secondaryBg};
    color: ${theme.color.text};
    font-family: ${theme.font.family};
    font-size: ${theme.font.size.md};
    line-height: 1.4;
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
