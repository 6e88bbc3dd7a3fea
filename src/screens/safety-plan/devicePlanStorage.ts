// The copy of the safety plan this device keeps, so the plan opens without the server: localStorage through the
// never-throwing safeStorage, one key per Telegram user (a shared device never shows one account's plan to
// another). Reading it back without trust is the machine folder's rule (machines/safety-plan/device-plan.ts).
import { fromPromise } from 'xstate';
import { parseDevicePlan, type DevicePlan } from '../../../machines/safety-plan/device-plan';
import { useAuthView } from '../../auth/AuthProvider';
import { getInitData } from '../../telegram/initData';
import { safeStorage } from '../../telegram/storage';
import { devicePlanStorageKey } from './devicePlanKey';

export { devicePlanStorageKey };

/**
 * The Telegram user id written in init data, read without checking its signature: only to pick this device's own
 * copy while the server cannot confirm the sign-in. Null when there is none.
 */
export function initDataTelegramId(initData: string | null): number | null {
  if (!initData) return null;
  try {
    const user: unknown = JSON.parse(new URLSearchParams(initData).get('user') ?? 'null');
    const id = (user as { id?: unknown } | null)?.id;
    return typeof id === 'number' && Number.isSafeInteger(id) ? id : null;
  } catch {
    return null;
  }
}

/**
 * Whose copy this device opens: the signed-in user, or — while the server has not confirmed the sign-in, or cannot
 * — the user of this launch's init data (the same person: Telegram gave the launch). Null: nobody, nothing is read.
 */
export function useDevicePlanOwner(): number | null {
  const telegramId = useAuthView().user?.telegram_id;
  return typeof telegramId === 'number' ? telegramId : initDataTelegramId(getInitData());
}

/** The store as the safety plan machine names its effects: the `restoreDevice` actor and `saveDevice`. */
export function devicePlanEffects(telegramId: number | null) {
  return {
    actors: {
      restoreDevice: fromPromise<DevicePlan | null, void>(async () =>
        telegramId === null ? null : parseDevicePlan(safeStorage.get(devicePlanStorageKey(telegramId))),
      ),
    },
    actions: {
      saveDevice: (_: unknown, copy: DevicePlan) => {
        if (telegramId !== null) safeStorage.set(devicePlanStorageKey(telegramId), JSON.stringify(copy));
      },
    },
  };
}
