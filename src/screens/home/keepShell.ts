// Home as painted, made into the record kept for the next visit today (./paintKeptHome.ts paints it): a chunk of its
// own, loaded after home has painted its week, so neither the entry nor home's first load carries it.
import { KEPT_MARK, launchTheme, localDay, type KeptShell } from './keptHomeFormat';

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
 * The record of `root` (the app's container, home painted in it) to keep for the next visit today, as JSON; null
 * while part of home is still loading or the kept home itself is shown.
 */
export function homeShellOf(root: HTMLElement, now = new Date()): string | null {
  if (root.hasAttribute(KEPT_MARK) || root.querySelector('[role="progressbar"], [aria-busy="true"]')) return null;
  const doc = root.ownerDocument;
  const kept: KeptShell = {
    v: 1,
    day: localDay(now),
    theme: launchTheme(),
    vars: doc.documentElement.style.cssText,
    css: usedCss(doc, root),
    html: root.innerHTML,
  };
  return JSON.stringify(kept);
}
