import { lazy } from 'react';
import type { BottomSheetProps } from './AnimatedBottomSheet';
import { MountWhenFirstNeeded } from './MountWhenFirstNeeded';

// The sheet (and framer-motion with it) is fetched when first opened: screens on the first path, like home's
// upgrade dialog, must not put framer-motion in the bundle budget (bench/bundle.ts).
const AnimatedBottomSheet = lazy(() => import('./AnimatedBottomSheet'));

/** A modal sheet from the bottom edge; tapping the backdrop, Escape or its «Закрыть» calls `onClose`. */
export function BottomSheet(props: BottomSheetProps) {
  return (
    <MountWhenFirstNeeded when={props.open}>
      <AnimatedBottomSheet {...props} />
    </MountWhenFirstNeeded>
  );
}
