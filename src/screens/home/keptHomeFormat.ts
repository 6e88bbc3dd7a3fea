// What the device keeps of home for the next visit today (decision 0272): its storage key, its record, and the marks
// in home's markup; and home's first frame for a launch with nothing kept (decision 0285). Shared by the finder
// (./keptShell.ts), the painter (./paintKeptHome.ts) — both run by index.html's early script, src/earlyPaint.ts — and
// home (./keepShell.ts).
import { rawLaunchParams } from '../../telegram/launchParams';

export const shellStorageKey = (telegramId: number) => `home_shell:${telegramId}`;

/** Marks the greeting in home's markup: the shell writes it afresh, as the time of day moves on. */
export const GREETING_MARK = 'data-greeting';

/** Set on the container while it shows the kept home (the bench tells the kept paint from React's by it). */
export const KEPT_MARK = 'data-kept-home';

export interface KeptShell {
  v: 1;
  /** The local day it was painted: the check-in card says what today's mood is. */
  day: string;
  /** The launch's raw `tgWebAppThemeParams`: another theme would paint in the wrong colours until React came. */
  theme: string;
  /** <html>'s inline style: the readable colours (`--app-*-color`), Telegram's viewport and safe areas. */
  vars: string;
  /** The rules of the page's style sheets that the markup uses, and every rule not bound to a class. */
  css: string;
  html: string;
}

export const localDay = (now: Date) => `${now.getFullYear()}-${now.getMonth() + 1}-${now.getDate()}`;
export const launchTheme = () => new URLSearchParams(rawLaunchParams() ?? '').get('tgWebAppThemeParams') ?? '';

/** Home's first frame before its data, the same for every user (./renderColdHome.tsx), a file of the build. */
export type ColdHome = Pick<KeptShell, 'css' | 'html'>;

/** The name of index.html's `<meta>` naming its file (vite-plugins/cold-home.ts writes both; vite.config.ts). */
export const COLD_HOME_NAME = 'cold-home';

/** What the painter paints before React: a kept home (with its `vars`) or the first frame, and the greeting. */
export type HomeToPaint = { kept: ColdHome & { vars?: string }; greeting: string };
