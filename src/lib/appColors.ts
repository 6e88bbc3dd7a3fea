// The names of the app's colours and their CSS variables: all a style needs of them (src/theme.ts), apart from how
// they are derived from Telegram's theme (./readableTheme.ts), which only index.html's early script and a theme
// change run (src/earlyPaint.ts, src/telegram/startup.ts).

/** The app's colours (the keys of `theme.color` they feed), each the CSS variable `appColorVar(name)`. */
export type AppColor =
  | 'bg'
  | 'secondaryBg'
  | 'sectionBg'
  | 'headerBg'
  | 'bottomBarBg'
  | 'text'
  | 'hint'
  | 'subtitle'
  | 'link'
  | 'accent'
  | 'button'
  | 'buttonText'
  | 'destructive';

/** `--app-hint-color`, `--app-secondary-bg-color`, … */
export const appColorVar = (name: AppColor) => `--app-${name.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}-color`;
