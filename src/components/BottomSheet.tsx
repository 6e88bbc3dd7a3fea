import { lazy, useEffect, useRef } from 'react';
import type { BottomSheetProps } from './AnimatedBottomSheet';
import { MountWhenFirstNeeded } from './MountWhenFirstNeeded';

// The sheet (and framer-motion with it) is fetched when first opened: screens on the first path, like home's
// upgrade dialog, must not put framer-motion in the bundle budget (bench/bundle.ts).
const AnimatedBottomSheet = lazy(() => import('./AnimatedBottomSheet'));

/**
 * A modal sheet from the bottom edge; tapping the backdrop or Escape calls `onClose`. While closed it remembers
 * the element focused last, so focus can return there even when the opener lost focus while it worked (a button
 * disabled during a check).
 */
export function BottomSheet(props: BottomSheetProps) {
  const lastFocused = useRef<HTMLElement | null>(null);
  useEffect(() => {
    if (props.open) return;
    const remember = (event: FocusEvent) => {
      if (event.target instanceof HTMLElement) lastFocused.current = event.target;
    };
    document.addEventListener('focusin', remember);
    return () => document.removeEventListener('focusin', remember);
  }, [props.open]);
  return (
    <MountWhenFirstNeeded when={props.open}>
      <AnimatedBottomSheet {...props} opener={() => lastFocused.current} />
    </MountWhenFirstNeeded>
  );
}
