// Infinite scroll trigger: reports when the end of the list comes within 100 px of the viewport.
import { useEffect, useEffectEvent, useRef } from 'react';

export const END_TRIGGER_PX = 100;

export function EndSentinel({ onReach }: { onReach: () => void }) {
  const ref = useRef<HTMLDivElement>(null);
  const reach = useEffectEvent(onReach);
  useEffect(() => {
    const el = ref.current;
    if (!el || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (records) => {
        if (records.some((r) => r.isIntersecting)) reach();
      },
      { rootMargin: `0px 0px ${END_TRIGGER_PX}px 0px` },
    );
    observer.observe(el);
    return () => observer.disconnect();
  }, []);
  return <div ref={ref} data-testid="diary-end" aria-hidden style={{ height: 1 }} />;
}
