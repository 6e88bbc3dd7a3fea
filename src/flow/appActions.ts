// The app-wide effects, in one place: every flow bound with useFlow gets these by name, so no screen writes a
// navigation, toast or upgrade-dialog action of its own. A machine declares the ones it uses with stubAction.
import type { HapticParams, NavigateParams, ToastParams, UpgradeDialogParams } from '../../machines/effects';
import { haptic } from '../telegram/haptic';
import { toast } from '../ui/toast';
import { loadToastWords, toastWordsLoaded, type ToastWords } from './toastWords';
import { navigateTo } from './navigator';
import { requestUpgradeDialog } from './upgradeRequest';

/** Toasts that report an outcome get the matching haptic (success, warning, error). */
const TOAST_HAPTICS = { success: haptic.success, warning: haptic.warning, destructive: haptic.error } as const;

function showToast({ toastCopy }: ToastWords, { key, detail }: ToastParams) {
  const copy = toastCopy[key];
  if (copy.variant !== 'default') TOAST_HAPTICS[copy.variant]();
  toast(detail ? { ...copy, description: detail } : copy);
}

export const appActions = {
  navigate: (_: unknown, params: NavigateParams) => navigateTo(params),
  // The words are a chunk of their own (./toastWords.ts): toasts asked for before it is in show in order, once it is.
  toast: (_: unknown, params: ToastParams) => {
    const words = toastWordsLoaded();
    if (words) showToast(words, params);
    else void loadToastWords().then((loaded) => showToast(loaded, params));
  },
  openUpgradeDialog: (_: unknown, { key }: UpgradeDialogParams) => requestUpgradeDialog(key),
  haptic: (_: unknown, { kind }: HapticParams) => haptic[kind](),
};
