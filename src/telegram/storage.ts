/**
 * localStorage that never throws: private mode, a full quota, a disabled or missing storage all
 * behave like "nothing stored" (spec §1: local storage access must silently ignore errors).
 */
function store(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null;
  }
}

export const safeStorage = {
  get(key: string): string | null {
    try {
      return store()?.getItem(key) ?? null;
    } catch {
      return null;
    }
  },
  set(key: string, value: string): void {
    try {
      store()?.setItem(key, value);
    } catch {
      /* ignored on purpose */
    }
  },
  remove(key: string): void {
    try {
      store()?.removeItem(key);
    } catch {
      /* ignored on purpose */
    }
  },
};

/** Keys the app keeps in localStorage (spec §3 "Local storage"). */
export const STORAGE_KEYS = {
  initData: 'tg_init_data',
  onboardingCompleted: 'onboarding_completed',
} as const;

export function isOnboardingCompleted(): boolean {
  return safeStorage.get(STORAGE_KEYS.onboardingCompleted) === 'true';
}

export function markOnboardingCompleted(): void {
  safeStorage.set(STORAGE_KEYS.onboardingCompleted, 'true');
}
