// The colours the app paints with, derived from whatever theme Telegram sends so that every text colour reads
// (WCAG AA) on every surface it is put on, while staying as close to Telegram's own colours as it can. Pure: the
// start-up (src/telegram/themeColors.ts) writes the result as CSS variables, src/theme.ts reads them.
import {
  AA_TEXT,
  BLACK,
  WHITE,
  bestExtreme,
  contrast,
  liftToward,
  luminance,
  mix,
  parseHex,
  toHex,
  type Rgb,
} from './contrast';
import type { AppColor } from './appColors';

/** Telegram's theme params the app uses, named as Telegram names them; any may be missing (older clients). */
export type ThemeParamName =
  | 'bg_color'
  | 'secondary_bg_color'
  | 'section_bg_color'
  | 'header_bg_color'
  | 'bottom_bar_bg_color'
  | 'text_color'
  | 'hint_color'
  | 'subtitle_text_color'
  | 'link_color'
  | 'accent_text_color'
  | 'button_color'
  | 'button_text_color'
  | 'destructive_text_color';
export type ThemeParams = Partial<Record<ThemeParamName, string>>;

/**
 * Where each colour comes from: the first of these params the theme has; when it has none of them, the fallback
 * palette's own value (a dark theme without `section_bg_color` gets sections in its `bg_color`, not in white).
 */
const SOURCES: Record<AppColor, readonly ThemeParamName[]> = {
  bg: ['bg_color'],
  secondaryBg: ['secondary_bg_color', 'bg_color'],
  sectionBg: ['section_bg_color', 'bg_color'],
  headerBg: ['header_bg_color', 'bg_color'],
  bottomBarBg: ['bottom_bar_bg_color', 'secondary_bg_color', 'bg_color'],
  text: ['text_color'],
  hint: ['hint_color', 'subtitle_text_color'],
  subtitle: ['subtitle_text_color', 'hint_color'],
  link: ['link_color', 'accent_text_color', 'button_color'],
  accent: ['accent_text_color', 'link_color', 'button_color'],
  button: ['button_color', 'link_color'],
  buttonText: ['button_text_color'],
  destructive: ['destructive_text_color'],
};

/** Share of the button colour in the tinted surfaces that carry text (secondary buttons at 12 %, the selected mood at 10 %). */
export const TEXT_TINT = 0.14;

/** AA for body text, with a hair to spare: the browser rounds mixed surfaces its own way. */
const MIN_CONTRAST = AA_TEXT + 0.05;

/**
 * A filled button's colour and label. A label that reads stays as it is; otherwise it moves toward white or black
 * on the side the theme put it (light labels lighter, dark darker; a label the same as its button toward whichever
 * reads better), and when even pure white or black cannot reach `min` on that button, the button deepens just
 * enough the other way: white on Telegram's blue stays white, on a slightly darker blue.
 */
export function readableButton(fill: Rgb, label: Rgb, min = MIN_CONTRAST): { fill: Rgb; label: Rgb } {
  const ratio = contrast(label, fill);
  if (ratio >= min) return { fill, label };
  const side = ratio < 1.1 ? bestExtreme([fill]) : luminance(label) > luminance(fill) ? WHITE : BLACK;
  const lifted = liftToward(label, side, [fill], min);
  if (contrast(lifted, fill) >= min) return { fill, label: lifted };
  return { fill: liftToward(fill, side === WHITE ? BLACK : WHITE, [lifted], min), label: lifted };
}

/**
 * Every app colour as `#rrggbb` from Telegram's theme params (missing ones from `fallback`):
 * - surfaces as the theme gives them;
 * - text moved toward black or white until it reads on every surface (a no-op for any sane theme);
 * - hint, subtitle, link and destructive text: mixed toward the text colour just enough to reach 4.5:1 on every
 *   surface; accent text (the active tab, secondary buttons) on the button-tinted surfaces too — text on a tint is
 *   either accent or the text colour itself;
 * - the button and its label: `readableButton`.
 */
export function readableTheme(params: ThemeParams, fallback: Required<ThemeParams>): Record<AppColor, string> {
  const source = (name: AppColor): Rgb => {
    for (const param of SOURCES[name]) {
      const color = parseHex(params[param]);
      if (color) return color;
    }
    return parseHex(fallback[SOURCES[name][0]!]) ?? BLACK;
  };
  const surfaces = {
    bg: source('bg'),
    secondaryBg: source('secondaryBg'),
    sectionBg: source('sectionBg'),
    headerBg: source('headerBg'),
    bottomBarBg: source('bottomBarBg'),
  };
  const { fill, label } = readableButton(source('button'), source('buttonText'));
  const plain = Object.values(surfaces);
  const tinted = [
    ...plain,
    ...[surfaces.bg, surfaces.secondaryBg, surfaces.sectionBg].map((s) => mix(s, fill, TEXT_TINT)),
  ];
  const text = liftToward(source('text'), bestExtreme(tinted), tinted, MIN_CONTRAST);
  const readable = (name: AppColor, under: Rgb[]) => {
    const toward = liftToward(source(name), text, under, MIN_CONTRAST);
    // Only when the text colour itself falls short (a broken theme) does this go on toward black or white.
    return liftToward(toward, bestExtreme(under), under, MIN_CONTRAST);
  };
  const colors: Record<AppColor, Rgb> = {
    ...surfaces,
    text,
    hint: readable('hint', plain),
    subtitle: readable('subtitle', plain),
    link: readable('link', plain),
    accent: readable('accent', tinted),
    destructive: readable('destructive', plain),
    button: fill,
    buttonText: label,
  };
  return Object.fromEntries(Object.entries(colors).map(([k, v]) => [k, toHex(v)])) as Record<AppColor, string>;
}
