// The colour math (src/lib/contrast.ts) and the readable app colours derived from Telegram's theme
// (src/lib/readableTheme.ts): on Telegram's official light and dark palettes, on deliberately broken custom
// themes, on themes missing params, and on the app's own fallback palette.
import { describe, expect, it } from 'vitest';
import { TELEGRAM_THEMES } from '../../server/start/telegram-launch';
import {
  AA_TEXT,
  BLACK,
  WHITE,
  contrast,
  liftToward,
  luminance,
  mix,
  parseHex,
  toHex,
  type Rgb,
} from '../../src/lib/contrast';
import { appColorVar, type AppColor } from '../../src/lib/appColors';
import { readableButton, readableTheme, TEXT_TINT, type ThemeParams } from '../../src/lib/readableTheme';
import { FALLBACK_THEME } from '../../src/telegram/themeColors';
import { READABLE_FALLBACK } from '../../src/theme';

const rgb = (hex: string) => parseHex(hex)!;

describe('colour math', () => {
  it('parses #rgb, #rrggbb and #rrggbbaa, refuses the rest, and prints #rrggbb', () => {
    expect(parseHex('#fff')).toEqual([255, 255, 255]);
    expect(parseHex('#2481CC')).toEqual([36, 129, 204]);
    expect(parseHex('#2481cc80')).toEqual([36, 129, 204]);
    for (const bad of ['', 'red', '#12', '#12345', 'rgb(0,0,0)', undefined, null, 0xffffff])
      expect(parseHex(bad)).toBeNull();
    expect(toHex([36, 129, 204])).toBe('#2481cc');
  });

  it('relative luminance and contrast follow WCAG 2 (black/white 21:1; #999 on white 2.85:1)', () => {
    expect(luminance(WHITE)).toBeCloseTo(1, 6);
    expect(luminance(BLACK)).toBe(0);
    expect(contrast(WHITE, BLACK)).toBeCloseTo(21, 6);
    expect(contrast(rgb('#999999'), WHITE)).toBeCloseTo(2.85, 2);
    expect(contrast(rgb('#999999'), rgb('#efeff3'))).toBeCloseTo(2.48, 2); // what axe reported on the light theme
    expect(contrast(rgb('#2481cc'), rgb('#efeff3'))).toBeCloseTo(3.6, 2);
    expect(contrast(rgb('#2481cc'), WHITE)).toBe(contrast(WHITE, rgb('#2481cc')));
  });

  it('mixes in sRGB: 0 is the colour, 1 the target, halves in between (rounded to whole channels)', () => {
    expect(mix(rgb('#2481cc'), WHITE, 0)).toEqual([36, 129, 204]);
    expect(mix(rgb('#2481cc'), WHITE, 1)).toEqual([255, 255, 255]);
    expect(mix(BLACK, WHITE, 0.5)).toEqual([128, 128, 128]);
  });

  it('lifts a colour only as far as it must: the step before does not reach the ratio', () => {
    const hint = rgb('#999999');
    const lifted = liftToward(hint, BLACK, [WHITE], AA_TEXT);
    expect(contrast(lifted, WHITE)).toBeGreaterThanOrEqual(AA_TEXT);
    expect(contrast(hint, WHITE)).toBeLessThan(AA_TEXT);
    // Minimal: mixing 1/64 less toward black fails.
    const share = (hint[0] - lifted[0]) / hint[0];
    expect(contrast(mix(hint, BLACK, share - 1 / 64), WHITE)).toBeLessThan(AA_TEXT);
    // A colour that already reads is returned as it is.
    expect(liftToward(BLACK, WHITE, [WHITE], AA_TEXT)).toEqual(BLACK);
  });

  it('when no mix reaches the ratio, returns the closest one', () => {
    // Grey on a mid-grey: even black stays under 7:1 on #777.
    expect(liftToward(rgb('#888888'), BLACK, [rgb('#777777')], 7)).toEqual(BLACK);
  });
});

const TEXT_COLORS: AppColor[] = ['text', 'hint', 'subtitle', 'link', 'accent', 'destructive'];

/** Every surface text sits on: the plain ones, and for text and accent also the button-tinted ones. */
function surfaces(colors: Record<AppColor, string>, name: AppColor): Rgb[] {
  const plain = (['bg', 'secondaryBg', 'sectionBg', 'headerBg', 'bottomBarBg'] as const).map((k) => rgb(colors[k]));
  const tinted = (['bg', 'secondaryBg', 'sectionBg'] as const).map((k) =>
    mix(rgb(colors[k]), rgb(colors.button), TEXT_TINT),
  );
  return name === 'text' || name === 'accent' ? [...plain, ...tinted] : plain;
}

/** Each text colour's worst ratio over its surfaces, and the button label's on the button. */
function worstRatios(colors: Record<AppColor, string>) {
  const ratios: Record<string, number> = {};
  for (const name of TEXT_COLORS)
    ratios[name] = Math.min(...surfaces(colors, name).map((s) => contrast(rgb(colors[name]), s)));
  ratios.buttonText = contrast(rgb(colors.buttonText), rgb(colors.button));
  return ratios;
}

function expectReadable(colors: Record<AppColor, string>) {
  for (const [name, ratio] of Object.entries(worstRatios(colors))) {
    expect(ratio, `${name} reads at ${ratio.toFixed(2)}:1`).toBeGreaterThanOrEqual(AA_TEXT);
  }
}

describe('readable app colours from Telegram theme params', () => {
  it.each(Object.entries(TELEGRAM_THEMES))(
    'Telegram’s official %s palette: every text colour reads on every surface',
    (_, params) => {
      expectReadable(readableTheme(params, FALLBACK_THEME));
    },
  );

  it('the official light palette stays Telegram’s: surfaces and text untouched, hint still grey, button still blue with white text', () => {
    const light = TELEGRAM_THEMES.light;
    const colors = readableTheme(light, FALLBACK_THEME);
    expect(colors).toMatchObject({
      bg: '#ffffff',
      secondaryBg: '#efeff3',
      sectionBg: '#ffffff',
      text: '#000000',
      buttonText: '#ffffff',
    });
    const [r, g, b] = rgb(colors.hint);
    expect(r === g && g === b).toBe(true); // grey, only darker (#999999 read 2.48:1 on #efeff3)
    expect(r).toBeLessThan(0x99);
    // White on #2481cc is 4.13:1: the button deepens a little, it stays blue.
    const button = rgb(colors.button);
    expect(contrast(WHITE, rgb(light.button_color))).toBeLessThan(AA_TEXT);
    expect(Math.max(...button)).toBe(button[2]);
    expect(contrast(button, rgb(light.button_color))).toBeLessThan(1.3);
  });

  it('the official dark palette keeps its surfaces and white text; the violet button deepens for its white label', () => {
    const dark = TELEGRAM_THEMES.dark;
    const colors = readableTheme(dark, FALLBACK_THEME);
    expect(colors).toMatchObject({
      bg: '#212121',
      secondaryBg: '#0f0f0f',
      sectionBg: '#212121',
      text: '#ffffff',
      hint: '#aaaaaa',
      buttonText: '#ffffff',
    });
    expect(contrast(WHITE, rgb(dark.button_color))).toBeLessThan(AA_TEXT); // 3.73:1, as axe reported
    expect(contrast(rgb(colors.button), rgb(dark.button_color))).toBeLessThan(1.3);
  });

  it('a deliberately bad custom theme (hint = bg, link = bg, button text = button) becomes readable', () => {
    const bad: ThemeParams = {
      bg_color: '#ffffff',
      secondary_bg_color: '#f0f0f0',
      text_color: '#222222',
      hint_color: '#ffffff',
      link_color: '#ffffff',
      button_color: '#3390ec',
      button_text_color: '#3390ec',
      destructive_text_color: '#ffcccc',
    };
    const colors = readableTheme(bad, FALLBACK_THEME);
    expectReadable(colors);
    expect(colors.text).toBe('#222222');
  });

  it('a theme whose text is its background, and a mid-grey button, still read', () => {
    const broken: ThemeParams = {
      bg_color: '#303030',
      secondary_bg_color: '#303030',
      section_bg_color: '#303030',
      text_color: '#303030',
      hint_color: '#303030',
      button_color: '#777777',
      button_text_color: '#ffffff',
    };
    expectReadable(readableTheme(broken, FALLBACK_THEME));
  });

  it('missing params follow the theme, not the light fallback: sections in bg, bottom bar in secondary bg', () => {
    const colors = readableTheme(
      { bg_color: '#17212b', secondary_bg_color: '#232e3c', text_color: '#f5f5f5', button_color: '#5288c1' },
      FALLBACK_THEME,
    );
    expect(colors).toMatchObject({
      sectionBg: '#17212b',
      headerBg: '#17212b',
      bottomBarBg: '#232e3c',
      text: '#f5f5f5',
    });
    expectReadable(colors);
  });

  it('the fallback palette for a plain browser reads too, and the styles’ fallbacks are what it derives', () => {
    expectReadable(readableTheme({}, FALLBACK_THEME));
    expect(READABLE_FALLBACK).toEqual(readableTheme({}, FALLBACK_THEME));
  });

  it('a button whose label already reads is left alone; a label equal to its button goes to the side that reads', () => {
    expect(readableButton(BLACK, WHITE)).toEqual({ fill: BLACK, label: WHITE });
    const yellow = rgb('#ffd60a');
    const { fill, label } = readableButton(yellow, yellow);
    expect(fill).toEqual(yellow);
    expect(luminance(label)).toBeLessThan(luminance(yellow)); // dark text on yellow, not white
    expect(contrast(label, fill)).toBeGreaterThanOrEqual(AA_TEXT);
  });

  it('names the CSS variables --app-<kebab>-color', () => {
    expect(appColorVar('hint')).toBe('--app-hint-color');
    expect(appColorVar('secondaryBg')).toBe('--app-secondary-bg-color');
    expect(appColorVar('buttonText')).toBe('--app-button-text-color');
  });
});
