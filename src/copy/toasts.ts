// The words of every toast a machine can ask for, by key (machines/app/toast-keys.ts). A Record over the keys:
// a key without words does not compile. Each domain keeps its toasts beside its other copy.
import type { ToastKey } from '../../machines/app/toast-keys';
import type { ToastVariant } from '../../machines/app/toast.machine';
import { diaryCopy } from './diary';

/** A toast's words and look, as `toast()` in src/ui/toast.ts takes them. */
export interface ToastCopy {
  title: string;
  description: string;
  variant: ToastVariant;
}

export const toastCopy: Record<ToastKey, ToastCopy> = {
  ...diaryCopy.toasts,
};
