import { useSelector } from '@xstate/react';
import { lazy } from 'react';
import { toastView } from '../../machines/app/toast.machine';
import { toastActor } from '../ui/toast';
import { MountWhenFirstNeeded } from './MountWhenFirstNeeded';

// The toaster (and framer-motion with it) is fetched when the first toast appears, not at start-up.
const Toaster = lazy(() => import('./Toaster'));

/** Mounts <Toaster/> from the first toast on (kept mounted so exit animations run). */
export function ToastHost() {
  const showing = useSelector(toastActor, (s) => toastView(s).visible);
  return (
    <MountWhenFirstNeeded when={showing}>
      <Toaster />
    </MountWhenFirstNeeded>
  );
}
