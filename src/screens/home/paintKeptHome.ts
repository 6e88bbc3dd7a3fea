// Paints the home this device kept (./keptShell.ts found it) before React has loaded, and holds a tap made on it
// until React's home is there (decision 0272). Run by index.html's early script (src/earlyPaint.ts, decision 0277):
// from the entry its paint waited for the entry's modules, 0.6–1.0 s on a warm open at 4× CPU.
import { GREETING_MARK, KEPT_MARK, type HomeToPaint } from './keptHomeFormat';

/** Where a control sits among the shell's controls, and what it says: the same control in React's home. */
type Tap = { index: number; label: string };
const CONTROLS = 'a[href], button';
const labelOf = (control: Element) => control.getAttribute('aria-label') ?? control.textContent ?? '';

/**
 * Paints `kept` into `container` unless React has painted there already; returns whether it did. `vars` (<html>'s
 * style when it was kept) is absent for home's first frame (decision 0285), painted in the colours the early script
 * set. React's first commit empties the container (createRoot clears what it finds): then the kept styles go, and a
 * tap made meanwhile is given to the control React painted in its place (nothing when React's first screen has none
 * such).
 */
export function paintKeptHome(container: HTMLElement, { kept, greeting }: HomeToPaint): boolean {
  if (container.hasChildNodes()) return false;
  const doc = container.ownerDocument;
  if (kept.vars !== undefined) doc.documentElement.style.cssText = kept.vars;
  const style = doc.createElement('style');
  style.textContent = kept.css;
  doc.head.append(style);
  container.innerHTML = kept.html;
  container.setAttribute(KEPT_MARK, '');
  const greetingElement = container.querySelector(`[${GREETING_MARK}]`);
  if (greetingElement) greetingElement.textContent = greeting;

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
