/**
 * The accessibility gate of the browser tests: axe-core (pinned devDependency, injected from node_modules — no
 * network) checks every state of every route a test's page shows, and the test fails on any serious or critical
 * violation. `openApp` (harness.ts) arms it on every page it opens, so a new screen is checked from its first test.
 *
 * - In the page: an init script holds axe and a watcher. After the DOM has been quiet for `SETTLE_MS` (and no
 *   finite animation runs — a sheet sliding in would be checked half transparent), it runs axe once per *state*:
 *   the path, the h1, loading or not, and the dialogs/alerts/status messages on screen (so an opened sheet or a
 *   toast is checked too). Results go to node through an exposed binding.
 * - The other theme: for each route a page shows in a Telegram theme (once per route and test file), a second tab
 *   of the same context (same storage, so the same signed-in user) opens that path with the other official
 *   palette (light ↔ dark, the launch parameters otherwise unchanged), waits until it is loaded and runs axe there. Opening a route must be
 *   safe to repeat anyway (a user reloads, Telegram reopens the app), so this second look changes nothing.
 * - When the test ends (and before `context.close()`), the watcher checks the current state if it has not yet,
 *   pending second looks finish, and the test fails listing each violation: rule, impact, theme, URL, elements.
 *
 * `expectAccessible(page)` runs the same check at once and throws at that point (the route test uses it).
 * `expectLayoutHolds(page, what)` checks that text at 200 % is neither cut nor overlapping (zoom).
 */
import { appendFileSync, existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { AxeResults } from 'axe-core';
import type { BrowserContext, Page } from 'playwright-core';
import { expect, inject, onTestFinished } from 'vitest';
import { TELEGRAM_THEMES } from '../../server/start/telegram-launch';

/** How long the DOM must stay unchanged before a state counts as shown. */
const SETTLE_MS = 250;
/** How long the other theme's tab may take to load its route. */
const OTHER_THEME_LOAD_MS = 15_000;

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

export interface A11yViolation {
  rule: string;
  impact: string;
  help: string;
  nodes: Array<{ target: string; summary: string }>;
}

interface A11yReport {
  url: string;
  state: string;
  themeBg: string;
  violations: A11yViolation[];
  error?: string;
}

export interface A11yFinding extends A11yViolation {
  url: string;
  theme: string;
}

/**
 * Runs inside the page (serialised into the init script, so it must not use anything from this module).
 * Exposes `window.__a11yGate.flush()`; reports through `window.__a11yReport`.
 */
function pageWatcher(settleMs: number) {
  if (window.top !== window) return;
  const w = window as unknown as {
    axe: { run(context: Document, options: object): Promise<AxeResults> };
    __a11yReport(report: unknown): Promise<void>;
    __a11yGate: { flush(force?: boolean): Promise<void> };
  };
  const checked = new Set<string>();
  let timer: ReturnType<typeof setTimeout> | undefined;
  let queue: Promise<void> = Promise.resolve();

  const overlays = () =>
    Array.from(document.querySelectorAll('[role=dialog],[role=alertdialog],[role=alert],[role=status]'))
      .map(
        (el) =>
          `${el.getAttribute('role')}:${(el.getAttribute('aria-label') || el.textContent || '').trim().slice(0, 40)}`,
      )
      .join(',');
  const stateKey = () =>
    [
      location.pathname + location.search,
      (document.querySelector('h1')?.textContent ?? '').trim(),
      document.querySelector('[role=progressbar]') ? 'loading' : '',
      overlays(),
    ].join('|');
  const animating = () =>
    document
      .getAnimations()
      .some((a) => a.playState === 'running' && Number.isFinite(Number(a.effect?.getTiming().iterations ?? 1)));

  const check = (force: boolean) => {
    queue = queue.then(async () => {
      const state = stateKey();
      if ((checked.has(state) && !force) || !document.body) return;
      checked.add(state);
      const themeBg = getComputedStyle(document.documentElement).getPropertyValue('--tg-theme-bg-color').trim();
      try {
        const result = await w.axe.run(document, { resultTypes: ['violations'] });
        const violations = result.violations
          .filter((v) => v.impact === 'serious' || v.impact === 'critical')
          .map((v) => ({
            rule: v.id,
            impact: v.impact,
            help: v.help,
            nodes: v.nodes.slice(0, 6).map((n) => ({
              target: n.target.flat().join(' '),
              summary: (n.failureSummary ?? '').replace(/\s+/g, ' ').slice(0, 300),
            })),
          }));
        await w.__a11yReport({ url: location.href, state, themeBg, violations });
      } catch (err) {
        await w.__a11yReport({ url: location.href, state, themeBg, violations: [], error: String(err) });
      }
    });
    return queue;
  };
  const schedule = () => {
    clearTimeout(timer);
    timer = setTimeout(() => (animating() ? schedule() : void check(false)), settleMs);
  };
  new MutationObserver(schedule).observe(document, {
    subtree: true,
    childList: true,
    attributes: true,
    characterData: true,
  });
  addEventListener('load', schedule);
  w.__a11yGate = {
    /** Checks the current state unless it was checked already (`force`: even then — the DOM may differ). */
    async flush(force = false) {
      clearTimeout(timer);
      for (let i = 0; i < 40 && animating(); i += 1) await new Promise((r) => setTimeout(r, 50));
      await check(force);
    },
  };
}

const initScript = `${axeSource}\n;(${pageWatcher.toString()})(${SETTLE_MS});`;

/** 'light' / 'dark' for Telegram's official palettes, else the background colour itself. */
function themeName(bg: string): string {
  if (!bg) return 'no Telegram theme';
  const name = (Object.keys(TELEGRAM_THEMES) as Array<keyof typeof TELEGRAM_THEMES>).find(
    (key) => TELEGRAM_THEMES[key].bg_color === bg.toLowerCase(),
  );
  return name ?? `custom theme (bg ${bg})`;
}

/** The launch hash with the other official palette (light ↔ dark), or null when the page had no Telegram theme. */
function otherThemeHash(hash: URLSearchParams): string | null {
  const raw = hash.get('tgWebAppThemeParams');
  if (!raw) return null;
  let bg: unknown;
  try {
    bg = (JSON.parse(raw) as { bg_color?: unknown }).bg_color;
  } catch {
    return null;
  }
  const other = bg === TELEGRAM_THEMES.dark.bg_color ? TELEGRAM_THEMES.light : TELEGRAM_THEMES.dark;
  const next = new URLSearchParams(hash);
  next.set('tgWebAppThemeParams', JSON.stringify(other));
  // Encoded as Telegram encodes it (launchHash): every value with encodeURIComponent.
  return [...next].map(([k, v]) => `${k}=${encodeURIComponent(v)}`).join('&');
}

/** A route's path with ids (UUIDs, numbers) generalised: the other theme is checked once per route. */
const routeOf = (url: URL) =>
  url.pathname.replace(/\/(?:[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}|\d+)(?=\/|$)/gi, '/:id');

export function formatFindings(findings: A11yFinding[]): string {
  return findings
    .map(
      (f) =>
        `- ${f.rule} (${f.impact}) in the ${f.theme} theme at ${f.url}: ${f.help}\n` +
        f.nodes.map((n) => `    ${n.target}: ${n.summary}`).join('\n'),
    )
    .join('\n');
}

interface Gate {
  findings: A11yFinding[];
  flush(force?: boolean): Promise<void>;
}

const gates = new WeakMap<Page, Gate>();

/**
 * Routes already looked at in the other theme, in the whole run: each test's own states are all checked in its theme,
 * and the second theme once per route is enough. The list is a file of the run (global-setup.ts), since each test
 * file loads this module afresh; the files run one at a time. Each look boots the whole app in a second tab: per test
 * file they were about a third of the e2e step's time, most of them routes another file had looked at already.
 */
const otherThemeRoutes = {
  has: (route: string) => {
    const file = inject('otherThemeRoutesFile');
    return existsSync(file) && readFileSync(file, 'utf8').split('\n').includes(route);
  },
  add: (route: string) => appendFileSync(inject('otherThemeRoutesFile'), `${route}\n`),
};

/**
 * Arms the gate on a fresh context and its first page (call before the page navigates). `otherTheme: false`
 * skips the second look in the other palette (for a test that opens both themes itself).
 */
export async function armAccessibilityGate(
  context: BrowserContext,
  page: Page,
  options: { otherTheme?: boolean } = {},
): Promise<Gate> {
  const findings: A11yFinding[] = [];
  const pending = new Set<Promise<void>>();
  let launch: URLSearchParams | null = null;

  page.on('framenavigated', (frame) => {
    if (frame !== page.mainFrame()) return;
    const hash = new URL(frame.url()).hash.slice(1);
    if (hash.includes('tgWebAppData=')) launch = new URLSearchParams(hash);
  });

  const lookInOtherTheme = async (url: URL, hash: string) => {
    const tab = await context.newPage();
    try {
      await tab.goto(`${url.origin}${url.pathname}${url.search}#${hash}`);
      await tab
        .waitForFunction(() => document.querySelector('h1') && !document.querySelector('[role=progressbar]'), null, {
          timeout: OTHER_THEME_LOAD_MS,
        })
        .catch(() => {});
      await tab.evaluate(() => (window as unknown as { __a11yGate: Gate }).__a11yGate.flush());
    } finally {
      await tab.close();
    }
  };

  await context.addInitScript({ content: initScript });
  await context.exposeBinding('__a11yReport', (source, report: A11yReport) => {
    const theme = themeName(report.themeBg);
    if (report.error) console.error(`[a11y] axe could not run at ${report.url} (${theme}): ${report.error}`);
    for (const v of report.violations) findings.push({ ...v, url: report.url.split('#')[0]!, theme });
    if (source.page !== page || options.otherTheme === false || !launch || !report.themeBg) return;
    const url = new URL(report.url);
    const hash = otherThemeHash(launch);
    const route = `${routeOf(url)} ${hash?.slice(hash.indexOf('tgWebAppThemeParams'))}`;
    if (!hash || otherThemeRoutes.has(route)) return;
    otherThemeRoutes.add(route);
    const look = lookInOtherTheme(url, hash).catch((err: Error) => {
      console.error(`[a11y] the other theme of ${url.pathname} could not be checked: ${err.message}`);
    });
    pending.add(look);
    void look.finally(() => pending.delete(look));
  });

  const flush = async (force = false) => {
    if (!page.isClosed()) {
      await page
        .evaluate((f) => (window as unknown as { __a11yGate?: Gate }).__a11yGate?.flush(f), force)
        .catch(() => {}); // navigating or closing: the states it had shown were reported already
    }
    while (pending.size) await Promise.all([...pending]);
  };

  // A test usually closes its context as its last step: check what the page shows before it goes.
  const close = context.close.bind(context);
  context.close = async (...args: Parameters<BrowserContext['close']>) => {
    await flush(false);
    return close(...args);
  };

  const gate: Gate = { findings, flush };
  gates.set(page, gate);
  onTestFinished(async () => {
    await flush(false);
    if (findings.length) {
      const list = findings.splice(0);
      throw new Error(`[a11y] ${list.length} serious or critical axe violation(s):\n${formatFindings(list)}`);
    }
  });
  return gate;
}

/**
 * Checks the page's current state now, even if a state with the same path, h1 and overlays was checked before, and
 * throws on findings (with the other theme's look at this route when the gate takes one).
 */
export async function expectAccessible(page: Page): Promise<void> {
  const gate = gates.get(page);
  if (!gate) throw new Error('[a11y] this page was not opened with openApp(), so the accessibility gate is not armed');
  await gate.flush(true);
  if (gate.findings.length) {
    const list = gate.findings.splice(0);
    throw new Error(
      `[a11y] ${list.length} serious or critical axe violation(s) at ${page.url()}:\n${formatFindings(list)}`,
    );
  }
}

/** What a reader at this text size would see go wrong: text cut, text on text, a page wider than the screen. */
export function layoutProblems(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const problems: string[] = [];
    const name = (el: Element) =>
      `${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ''} «${(el.textContent ?? '').trim().slice(0, 30)}»`;
    // clientWidth, not innerWidth: a mobile browser zooms out to fit a page wider than its layout viewport.
    const { scrollWidth, clientWidth } = document.documentElement;
    if (scrollWidth > clientWidth + 1) problems.push(`the page is ${scrollWidth}px wide on a ${clientWidth}px screen`);
    // Text boxes: every visible text node's line boxes, with the layer it scrolls in (fixed bars apart).
    const boxes: Array<{ el: Element; rect: DOMRect; layer: Element | null }> = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const el = node.parentElement;
      if (!el || !node.textContent?.trim()) continue;
      const style = getComputedStyle(el);
      const own = el.getBoundingClientRect();
      if (style.visibility === 'hidden' || own.width <= 1 || own.height <= 1) continue; // hidden, or for screen readers only
      let layer: Element | null = null;
      for (let a: Element | null = el; a; a = a.parentElement) {
        if (getComputedStyle(a).position === 'fixed') {
          layer = a;
          break;
        }
      }
      // What a scrolling (or clipping) ancestor lets show: text scrolled out of a chat's message list under its
      // header is not on screen, so it cannot overlap the header.
      let clip = new DOMRect(-1e6, -1e6, 2e6, 2e6);
      for (let a: Element | null = el.parentElement; a && a !== document.body; a = a.parentElement) {
        const s = getComputedStyle(a);
        if (s.overflowX === 'visible' && s.overflowY === 'visible') continue;
        const r = a.getBoundingClientRect();
        const left = Math.max(clip.left, r.left);
        const top = Math.max(clip.top, r.top);
        clip = new DOMRect(left, top, Math.min(clip.right, r.right) - left, Math.min(clip.bottom, r.bottom) - top);
      }
      const range = document.createRange();
      range.selectNodeContents(node);
      for (const full of range.getClientRects()) {
        const left = Math.max(full.left, clip.left);
        const top = Math.max(full.top, clip.top);
        const rect = new DOMRect(
          left,
          top,
          Math.min(full.right, clip.right) - left,
          Math.min(full.bottom, clip.bottom) - top,
        );
        if (rect.width > 1 && rect.height > 1) boxes.push({ el, rect, layer });
      }
      // Cut: a text holder narrower than its text, its overflow hidden or clipped (a scroller is not a cut).
      if (
        el.scrollWidth > el.clientWidth + 1 &&
        el.clientWidth > 1 &&
        !['visible', 'auto', 'scroll'].includes(style.overflowX)
      ) {
        problems.push(`${name(el)} is cut: ${el.scrollWidth}px of text in ${el.clientWidth}px`);
      }
      // Spilling out of a fixed-width label (nowrap) into its neighbours.
      if (style.whiteSpace === 'nowrap' && el.scrollWidth > el.clientWidth + 1 && el.clientWidth > 1) {
        problems.push(`${name(el)} overflows its box: ${el.scrollWidth}px in ${el.clientWidth}px`);
      }
    }
    for (let i = 0; i < boxes.length; i += 1) {
      for (let j = i + 1; j < boxes.length; j += 1) {
        const a = boxes[i]!;
        const b = boxes[j]!;
        if (a.el === b.el || a.layer !== b.layer) continue;
        const dx = Math.min(a.rect.right, b.rect.right) - Math.max(a.rect.left, b.rect.left);
        const dy = Math.min(a.rect.bottom, b.rect.bottom) - Math.max(a.rect.top, b.rect.top);
        if (dx > 2 && dy > 2) problems.push(`${name(a.el)} overlaps ${name(b.el)}`);
      }
    }
    // At the end of the page, the last text is above the fixed bottom navigation, not under it.
    const nav = document.querySelector('nav');
    if (nav && getComputedStyle(nav).position === 'fixed') {
      scrollTo(0, document.documentElement.scrollHeight);
      const navTop = nav.getBoundingClientRect().top;
      // Measured after scrolling: the boxes above were taken at the top.
      const inMain = Array.from(document.querySelectorAll('main *')).filter((el) => {
        for (let a: Element | null = el; a; a = a.parentElement)
          if (getComputedStyle(a).position === 'fixed') return false;
        return el.getBoundingClientRect().height > 1;
      });
      const lowest = Math.max(...inMain.map((el) => el.getBoundingClientRect().bottom));
      if (inMain.length && lowest > navTop + 1)
        problems.push(`the end of the page (${lowest}px) is under the navigation (${navTop}px)`);
      scrollTo(0, 0);
    }
    return problems;
  });
}

/**
 * The page as it is now, at 100 % and at 200 % text (the root font size, which every rem follows), has none of
 * `layoutProblems`; the text size is reset after. For a new screen or part (the chat composer): open it, then
 * `await expectLayoutHolds(page, 'the chat composer')`.
 */
export async function expectLayoutHolds(page: Page, what: string) {
  for (const size of ['100%', '200%']) {
    await page.evaluate((s) => {
      document.documentElement.style.fontSize = s;
    }, size);
    await page.waitForTimeout(50);
    await page.screenshot({
      path: `/tmp/a11y-shot-${what.replace(/\W+/g, '_')}-${size.replace('%', '')}.png`,
      fullPage: true,
    });
    expect(await layoutProblems(page), `${what} at ${size} text`).toEqual([]);
  }
  await page.evaluate(() => {
    document.documentElement.style.fontSize = '';
  });
}
