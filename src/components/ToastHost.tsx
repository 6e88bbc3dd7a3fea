import { useSelector } from '@xstate/react';
import { lazy, Suspense, useState } from 'react';
import { toastActor } from '../ui/toast';

// The toaster (and framer-motion with it) is fetched when the first toast appears, not at start-up.
const Toaster = lazy(() => import('./Toaster'));

/** Mounts <Toaster/> from the first toast on (kept mounted so exit animations run). */
export function ToastHost() {
  const showing = useSelector(toastActor, (s) => s.context.toast !== null);
  const [needed, setNeeded] = useState(showing);
  if (showing && !needed) setNeeded(true);
  if (!needed) return null;
  return (
    <Suspense fallback={null}>
      <Toaster />
    </Suspense>
  );
}
