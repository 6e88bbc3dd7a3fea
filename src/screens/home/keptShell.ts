// Home as this device last painted it, so a return visit paints it from the entry (main.tsx) at once, before React,
// the router, styled-components and the machines have been evaluated — about a second at 4× CPU (docs/client.md).
// React's first render replaces it: createRoot clears the container on its first commit. Kept per Telegram user
// and only for the day it was painted in the launch's own theme; a tap on it before React has taken over is
// replayed on the same control afterwards. Decision 0272.
import { greeting } from '../../lib/greeting';
import { readInitData } from '../../telegram/initData';
import { rawLaunchParams } from '../../telegram/launchParams';
import { safeStorage } from '../../telegram/storage';

export const shellStorageKey = (telegramId: number) => `home_shell:${telegramId}`;

/** Marks the greeting in home's markup: the shell writes it afresh, as the time of day moves on. */
export const GREETING_MARK = 'data-greeting';

/** Set on the container while it shows the kept home (the bench tells the kept paint from React's by it). */
export const KEPT_MARK = 'data-kept-home';

interface KeptShell {
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

const localDay = (now: Date) => `${now.getFullYear()}-${now.getMonth() + 1}-${now.getDate()}`;
const launchTheme = () => new URLSearchParams(rawLaunchParams() ?? '').get('tgWebAppThemeParams') ?? '';

/** The launch's user as its init data names them (not verified: it only picks this device's own copy). */
function launchUser(): { id: number; firstName: string | undefined } | null {
  try {
    const user: unknown = JSON.parse(new URLSearchParams(readInitData() ?? '').get('user') ?? 'null');
    if (!user || typeof user !== 'object' || typeof (user as { id?: unknown }).id !== 'number') return null;
    const { id, first_name } = user as { id: number; first_name?: unknown };
    return { id, firstName: typeof first_name === 'string' ? first_name : undefined };
  } catch {
    return null;
  }
}

function parseKept(json: string | null): KeptShell | null {
  try {
    const kept = JSON.parse(json ?? 'null') as Partial<KeptShell> | null;
    const texts = [kept?.day, kept?.theme, kept?.vars, kept?.css, kept?.html];
    return kept?.v === 1 && texts.every((text) => typeof text === 'string') ? (kept as KeptShell) : null;
  } catch {
    return null;
  }
}

/** The CSS of `doc`'s style sheets that `root`'s markup needs: rules of its classes and rules of no class. */
export function usedCss(doc: Document, root: Element): string {
  const used = new Set<string>();
  for (const element of root.querySelectorAll('[class]')) for (const name of element.classList) used.add(name);
  const needed = (text: string) => {
    const classes = [...text.matchAll(/\.(-?[_a-zA-Z][\w-]*)/g)].map((match) => match[1]!);
    return classes.length === 0 || classes.some((name) => used.has(name));
  };
  const rules: string[] = [];
  for (const sheet of doc.styleSheets) {
    let list: CSSRuleList;
    try {
      list = sheet.cssRules;
    } catch {
      continue; // another origin's sheet cannot be read
    }
    for (const rule of list) {
      const selector = rule instanceof CSSStyleRule ? rule.selectorText : rule.cssText;
      if (needed(selector)) rules.push(rule.cssText);
    }
  }
  return rules.join('\n');
}

/**
 * Keeps `root` (the app's container, home painted in it) for `telegramId`'s next visit today. Nothing is kept while
 * part of home is still loading.
 */
export function keepHomeShell(telegramId: number, root: HTMLElement, now = new Date()): void {
  if (root.hasAttribute(KEPT_MARK) || root.querySelector('[role="progressbar"], [aria-busy="true"]')) return;
  const doc = root.ownerDocument;
  const kept: KeptShell = {
    v: 1,
    day: localDay(now),
    theme: launchTheme(),
    vars: doc.documentElement.style.cssText,
    css: usedCss(doc, root),
    html: root.innerHTML,
  };
  safeStorage.set(shellStorageKey(telegramId), JSON.stringify(kept));
}

/** Where a control sits among the shell's controls, and what it says: the same control in React's home. */
type Tap = { index: number; label: string };
const CONTROLS = 'a[href], button';
const labelOf = (control: Element) => control.getAttribute('aria-label') ?? control.textContent ?? '';

/**
 * Paints the home kept for this launch's user into `container`, when there is one of today in this theme; returns
 * whether it did. React's first commit empties the container: then the kept styles go and a tap made meanwhile is
 * given to the control React painted in its place (nothing when React's first screen has none such).
 */
export function paintKeptHome(container: HTMLElement, now = new Date()): boolean {
  const user = launchUser();
  const kept = user ? parseKept(safeStorage.get(shellStorageKey(user.id))) : null;
  if (!user || !kept || kept.day !== localDay(now) || kept.theme !== launchTheme()) return false;
  const doc = container.ownerDocument;
  doc.documentElement.style.cssText = kept.vars;
  const style = doc.createElement('style');
  style.textContent = kept.css;
  doc.head.append(style);
  container.innerHTML = kept.html;
  container.setAttribute(KEPT_MARK, '');
  const greetingElement = container.querySelector(`[${GREETING_MARK}]`);
  if (greetingElement) greetingElement.textContent = greeting(now, user.firstName);

  let tap: Tap | null = null;
  const remember = (event: Event) => {
    const control = event.target instanceof Element ? event.target.closest(CONTROLS) : null;
    if (!control || !container.contains(control)) return;
    event.preventDefault(); // a link would load the page afresh
    tap = { index: [...container.querySelectorAll(CONTROLS)].indexOf(control), label: labelOf(control) };
  };
  container.addEventListener('click', remember, true);
  const firstNode = container.firstChild;
  const observer = new MutationObserver(() => {
    if (firstNode && container.contains(firstNode)) return;
    observer.disconnect();
    container.removeEventListener('click', remember, true);
    container.removeAttribute(KEPT_MARK);
    style.remove();
    const control = tap ? container.querySelectorAll(CONTROLS)[tap.index] : undefined;
    if (control instanceof HTMLElement && labelOf(control) === tap?.label) control.click();
  });
  observer.observe(container, { childList: true });
  return true;
}
