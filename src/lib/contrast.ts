// WCAG colour math, pure and dependency-free: parse, relative luminance, contrast ratio, mixing, and the lift that
// moves a colour toward another until it reads against its backgrounds (src/lib/readableTheme.ts uses it).

/** sRGB channels 0–255. */
export type Rgb = readonly [number, number, number];

/** WCAG AA: body text, and large (≥ 24 px, or ≥ 18.66 px bold) text. */
export const AA_TEXT = 4.5;
export const AA_LARGE_TEXT = 3;

export const BLACK: Rgb = [0, 0, 0];
export const WHITE: Rgb = [255, 255, 255];

/** `#rgb`, `#rrggbb` (or `#rrggbbaa`, alpha ignored) → channels; anything else → null. */
export function parseHex(color: unknown): Rgb | null {
  const m = /^#([0-9a-f]{3}|[0-9a-f]{6}|[0-9a-f]{8})$/i.exec(typeof color === 'string' ? color.trim() : '');
  if (!m) return null;
  const hex = m[1]!.length === 3 ? m[1]!.replace(/./g, '$&$&') : m[1]!.slice(0, 6);
  return [0, 2, 4].map((i) => parseInt(hex.slice(i, i + 2), 16)) as unknown as Rgb;
}

export function toHex(color: Rgb): string {
  return `#${color.map((c) => Math.round(c).toString(16).padStart(2, '0')).join('')}`;
}

/** WCAG 2 relative luminance, 0 (black) – 1 (white). */
export function luminance([r, g, b]: Rgb): number {
  const lin = (c: number) => {
    const s = c / 255;
    return s <= 0.04045 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b);
}

/** WCAG contrast ratio, 1–21, symmetric. */
export function contrast(a: Rgb, b: Rgb): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

/**
 * `share` (0–1) of `to` mixed into `from` in sRGB, rounded to whole channels — what CSS `color-mix(in srgb, …)` and
 * a translucent colour over a surface give.
 */
export function mix(from: Rgb, to: Rgb, share: number): Rgb {
  return [0, 1, 2].map((i) => Math.round(from[i]! + (to[i]! - from[i]!) * share)) as unknown as Rgb;
}

/** The lowest contrast of `color` against any of `backgrounds`. */
export function worstContrast(color: Rgb, backgrounds: readonly Rgb[]): number {
  return Math.min(...backgrounds.map((bg) => contrast(color, bg)));
}

/** Black or white, whichever reads better against every background. */
export function bestExtreme(backgrounds: readonly Rgb[]): Rgb {
  return worstContrast(WHITE, backgrounds) >= worstContrast(BLACK, backgrounds) ? WHITE : BLACK;
}

const STEPS = 64;

/**
 * `color` mixed toward `target` just enough (in 1/64 steps) to reach `min` against every background, so it keeps
 * as much of its own hue as it can; unchanged when it already does. When no mix reaches `min`, the mix that comes
 * closest.
 */
export function liftToward(color: Rgb, target: Rgb, backgrounds: readonly Rgb[], min: number): Rgb {
  let best = color;
  let bestRatio = worstContrast(color, backgrounds);
  for (let step = 0; step <= STEPS && bestRatio < min; step += 1) {
    const candidate = mix(color, target, step / STEPS);
    const ratio = worstContrast(candidate, backgrounds);
    if (ratio > bestRatio) [best, bestRatio] = [candidate, ratio];
  }
  return best;
}
