// Infinite scroll trigger: reports when an edge of a list comes within 100 px (the spec's trigger distance) of the
// visible area — the end of the diary or the chat list, the top of a chat's history. One IntersectionObserver, no
// scroll listeners.
import { useEffect, useEffectEvent, useRef, type RefObject } from 'react';

export const SCROLL_TRIGGER_PX = 100;

export function ScrollSentinel({
  onReach,
  edge = 'end',
  root,
  testId,
}: {
  onReach: () => void;
  /** 'end': below the list (it grows downwards); 'start': above it (older messages load upwards). */
  edge?: 'start' | 'end';
  /** The scrolling element, when it is not the page. */
  root?: RefObject<Element | null>;
  testId?: string;
}) {
  const ref = useRef<HTMLDivElement>(null);
  const reach = useEffectEvent(onReach);
  useEffect(() => {
    const el = ref.current;
    if (!el || typeof IntersectionObserver === 'undefined') return;
    const margin = edge === 'end' ? `0px 0px ${SCROLL_TRIGGER_PX}px 0px` : `${SCROLL_TRIGGER_PX}px 0px 0px 0px`;
    const observer = new IntersectionObserver(
      (records) => {
        if (records.some((r) => r.isIntersecting)) reach();
      },
      root ? { root: root.current, rootMargin: margin } : { rootMargin: margin },
    );
    observer.observe(el);
    return () => observer.disconnect();
  }, [edge, root]);
  return <div ref={ref} data-testid={testId} aria-hidden style={{ height: 1, flex: 'none' }} />;
}
