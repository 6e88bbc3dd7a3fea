import { createActor } from 'xstate';
import { toastMachine, type ToastVariant } from '../../machines/app/toast.machine';

/** The app's one toast actor (started on first import); <Toaster/> renders it. */
export const toastActor = createActor(toastMachine).start();

let nextId = 0;

/** Show a toast from anywhere; machines ask for one by key through the app-wide `toast` action (src/flow). */
export function toast(options: { title: string; description?: string; variant?: ToastVariant }): void {
  nextId += 1;
  toastActor.send({
    type: 'SHOW',
    toast: {
      id: `toast-${nextId}`,
      title: options.title,
      description: options.description,
      variant: options.variant ?? 'default',
    },
  });
}
