import { useEffect, useEffectEvent, useLayoutEffect, useRef, type RefObject } from 'react';

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), textarea:not([disabled]), select:not([disabled]), [tabindex]:not([tabindex="-1"])';

/**
 * While `open`: focus moves into the dialog (its first control, else the dialog itself), Tab and Shift+Tab cycle
 * inside it, focus that escapes (a tap outside) is brought back, Escape calls `onClose`; on closing, focus returns
 * to whatever had it before: the button that opened the dialog (make a button that is busy while it decides
 * `aria-disabled`, not `disabled`, which throws its focus away). Give the dialog `tabIndex={-1}`.
 */
export function useModalFocus(ref: RefObject<HTMLElement | null>, open: boolean, onClose: () => void): void {
  const close = useEffectEvent(onClose);
  const returnTo = useRef<HTMLElement | null>(null);

  // Focus goes in within the commit that shows the dialog: a passive effect runs later when the render was not a
  // tap's (the lazily loaded sheet's first open), and a key pressed in between went to the page behind.
  useLayoutEffect(() => {
    const dialog = ref.current;
    if (!open || !dialog) return;
    returnTo.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    enter(dialog);
  }, [open, ref]);

  // Focus comes back in a passive cleanup: in a layout one React would then restore it to the closing sheet's
  // button, still in the page while it slides out.
  useEffect(() => {
    const dialog = ref.current;
    if (!open || !dialog) return;
    const focusables = () => Array.from(dialog.querySelectorAll<HTMLElement>(FOCUSABLE));

    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        event.preventDefault();
        close();
        return;
      }
      if (event.key !== 'Tab') return;
      const list = focusables();
      const first = list[0];
      const last = list[list.length - 1];
      const at = document.activeElement;
      if (!first || !last) {
        event.preventDefault();
        dialog.focus();
      } else if (event.shiftKey && (at === first || at === dialog || !dialog.contains(at))) {
        event.preventDefault();
        last.focus();
      } else if (!event.shiftKey && (at === last || !dialog.contains(at))) {
        event.preventDefault();
        first.focus();
      }
    };
    const onFocusIn = (event: FocusEvent) => {
      const target = event.target;
      if (!(target instanceof Node) || dialog.contains(target)) return;
      // A dialog opened over this one (an upgrade dialog as the recorder closes) keeps its focus.
      if (target instanceof Element && target.closest('[aria-modal="true"]')) return;
      enter(dialog);
    };
    document.addEventListener('keydown', onKeyDown);
    document.addEventListener('focusin', onFocusIn);
    return () => {
      document.removeEventListener('keydown', onKeyDown);
      document.removeEventListener('focusin', onFocusIn);
      const opener = returnTo.current;
      if (opener?.isConnected) opener.focus({ preventScroll: true });
    };
  }, [open, ref]);
}

function enter(dialog: HTMLElement): void {
  (dialog.querySelector<HTMLElement>(FOCUSABLE) ?? dialog).focus({ preventScroll: true });
}
