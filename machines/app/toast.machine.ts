import { assign, setup, type SnapshotFrom } from 'xstate';

/**
 * Toasts: one at a time (the spec's second reading); a new toast replaces the visible one and restarts
 * the timer. Auto-close after 5000 ms (the `after` delay `TOAST_DURATION`), or DISMISS (tap or swipe).
 */
export type ToastVariant = 'default' | 'success' | 'warning' | 'destructive';
export interface Toast {
  /** Made by the caller, so the view can key its animation; the machine never counts. */
  id: string;
  title: string;
  description?: string;
  variant: ToastVariant;
}

export interface ToastContext {
  toast: Toast | null;
}

export type ToastEvent = { type: 'SHOW'; toast: Toast } | { type: 'DISMISS' };

export const toastMachine = setup({
  types: {
    context: {} as ToastContext,
    events: {} as ToastEvent,
  },
  delays: {
    TOAST_DURATION: 5000,
  },
}).createMachine({
  id: 'toast',
  description: 'The toast area at the top centre of the screen.',
  context: { toast: null },
  initial: 'hidden',
  states: {
    hidden: {
      description: 'No toast on screen.',
      on: {
        SHOW: {
          target: 'visible',
          actions: assign({ toast: ({ event }) => event.toast }),
        },
      },
    },
    visible: {
      description: 'One toast on screen until it times out or is dismissed.',
      after: {
        TOAST_DURATION: { target: 'hidden', actions: assign({ toast: null }) },
      },
      on: {
        SHOW: {
          target: 'visible',
          reenter: true,
          description: 'A newer toast replaces the visible one and restarts the timer.',
          actions: assign({ toast: ({ event }) => event.toast }),
        },
        DISMISS: {
          target: 'hidden',
          description: 'Tap or swipe (50 px) on the toast.',
          actions: assign({ toast: null }),
        },
      },
    },
  },
});

/** What the toast area shows: whether a toast is up, and which one. */
export function toastView(snapshot: SnapshotFrom<typeof toastMachine>) {
  return { visible: snapshot.matches('visible'), toast: snapshot.context.toast };
}
