// The words of every toast a machine can ask for, by key (machines/app/toast-keys.ts). A Record over the keys:
// a key without words does not compile. Each domain keeps its toasts in a file of their own (src/copy/<domain>Toasts.ts):
// this module is in the app shell, the rest of a domain's copy in its lazy chunks.
import type { ToastKey } from '../../machines/app/toast-keys';
import type { ToastVariant } from '../../machines/app/toast.machine';
import { billingToasts } from './billingToasts';
import { chatToasts } from './chatToasts';
import { checkInToasts } from './checkinToasts';
import { diaryToasts } from './diaryToasts';
import { privacyToasts } from './privacyToasts';
import { usersToasts } from './usersToasts';

/** A toast's words and look, as `toast()` in src/ui/toast.ts takes them. */
export interface ToastCopy {
  title: string;
  description: string;
  variant: ToastVariant;
}

export const toastCopy: Record<ToastKey, ToastCopy> = {
  ...diaryToasts,
  ...chatToasts,
  ...usersToasts,
  ...billingToasts,
  ...privacyToasts,
  ...checkInToasts,
};
