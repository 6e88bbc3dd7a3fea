import { shallowEqual, useSelector } from '@xstate/react';
import { lazy } from 'react';
import styled from 'styled-components';
import { toastView } from '../../machines/app/toast.machine';
import { toastActor } from '../ui/toast';
import { MountWhenFirstNeeded } from './MountWhenFirstNeeded';

// The toaster (and framer-motion with it) is fetched when the first toast appears, not at start-up.
const Toaster = lazy(() => import('./Toaster'));

/** The spec puts toasts at the top centre: a fixed strip below the top inset that centres them. */
const Area = styled.div`
  position: fixed;
  top: calc(${({ theme }) => theme.inset.top} + 8px);
  left: 0;
  right: 0;
  z-index: 100;
  display: flex;
  justify-content: center;
  padding: 0 12px;
  pointer-events: none;
`;

/** Both live regions in one cell, so a toast replacing one of the other kind crossfades in place. */
const Regions = styled.div`
  display: grid;
  width: min(100%, 420px);
  > * {
    grid-area: 1 / 1;
  }
`;

/**
 * The two live regions exist from start-up (a region that appears together with its first message is often not
 * announced): `role=status` (polite) for ordinary toasts, `role=alert` (assertive) for destructive ones, errors.
 * <Toaster/> is mounted in each from the first toast on and shows the toast that belongs there; this host is the one
 * place bound to the app's toast actor.
 */
export function ToastHost() {
  const { visible: showing, toast } = useSelector(toastActor, toastView, shallowEqual);
  const dismiss = () => toastActor.send({ type: 'DISMISS' });
  return (
    <Area data-toast-area>
      <Regions>
        <div role="status">
          <MountWhenFirstNeeded when={showing}>
            <Toaster urgent={false} visible={toast} onDismiss={dismiss} />
          </MountWhenFirstNeeded>
        </div>
        <div role="alert">
          <MountWhenFirstNeeded when={showing}>
            <Toaster urgent visible={toast} onDismiss={dismiss} />
          </MountWhenFirstNeeded>
        </div>
      </Regions>
    </Area>
  );
}
