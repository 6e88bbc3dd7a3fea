// The app-wide effects, in one place: every flow bound with useFlow gets these by name, so no screen writes a
// navigation, toast or upgrade-dialog action of its own. A machine declares the ones it uses with stubAction.
import type { HapticParams, NavigateParams, ToastParams, UpgradeDialogParams } from '../../machines/effects';
import { haptic } from '../telegram/haptic';
import { toast } from '../ui/toast';
import { navigateTo } from './navigator';
import { requestUpgradeDialog } from './upgradeRequest';

/** Toasts that report an outcome get the matching haptic (success, warning, error). */
const TOAST_HAPTICS = { success: haptic.success, warning: haptic.warning, destructive: haptic.error } as const;

/**
 * Every toast's words (2 KB gzip) come in a chunk of their own, with the first toast: the toaster itself is lazy
 * (src/components/ToastHost.tsx), so the first toast waits for a download either way, and the first load is lighter.
 * Toasts asked for one after another show in that order (one promise).
 */
const toastWords = () => import('../copy/toasts');

export const appActions = {
  navigate: (_: unknown, params: NavigateParams) => navigateTo(params),
  toast: (_: unknown, { key, detail }: ToastParams) =>
    void toastWords().then(({ toastCopy }) => {
      const copy = toastCopy[key];
      if (copy.variant !== 'default') TOAST_HAPTICS[copy.variant]();
      toast(detail ? { ...copy, description: detail } : copy);
    }),
  openUpgradeDialog: (_: unknown, { key }: UpgradeDialogParams) => requestUpgradeDialog(key),
  haptic: (_: unknown, { kind }: HapticParams) => haptic[kind](),
};
