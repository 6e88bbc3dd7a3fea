/**
 * localStorage that never throws: private mode, a full quota, a disabled or missing storage all
 * behave like "nothing stored" (storage access must silently ignore errors).
 *
 * A write the browser refuses is still kept in memory for the rest of the session, so what the app
 * wrote it reads back (spec: storage that throws "changes nothing visible"); only a reload forgets it.
 */
function store(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null;
  }
}

/** Values (null: removed) whose last write or removal did not reach localStorage; they win over it. */
const unsaved = new Map<string, string | null>();

export const safeStorage = {
  get(key: string): string | null {
    if (unsaved.has(key)) return unsaved.get(key) ?? null;
    try {
      return store()?.getItem(key) ?? null;
    } catch {
      return null;
    }
  },
  set(key: string, value: string): void {
    keep(key, value, (s) => s.setItem(key, value));
  },
  remove(key: string): void {
    keep(key, null, (s) => s.removeItem(key));
  },
};

/** Tries the write; on success localStorage is the truth again, otherwise memory holds the value. */
function keep(key: string, value: string | null, write: (storage: Storage) => void): void {
  try {
    const storage = store();
    if (!storage) throw new Error('no localStorage');
    write(storage);
    unsaved.delete(key);
  } catch {
    unsaved.set(key, value);
  }
}

/** Keys the app keeps in localStorage. */
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
