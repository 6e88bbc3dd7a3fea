// Which upgrade dialog a refusal of a feature with a daily allowance opens — decided before the form or the recorder
// opens (daily-access.ts), or by the server (a 402 with a `code`, which src/api/refusal.ts turns into `refusal`).
import type { DailyRefusal } from '../../contract/billing';
import type { UpgradeKey } from '../app/upgrade-dialog.machine';
import type { DailyFeature } from './daily-access';

/** The upgrade dialog each refusal opens, per feature. */
export const UPGRADE_KEYS = {
  diary: { not_available: 'diary_not_available', limit_reached: 'diary_limit_reached' },
  voice: { not_available: 'voice_not_available', limit_reached: 'voice_limit_reached' },
} as const satisfies Record<DailyFeature, Record<DailyRefusal, UpgradeKey>>;

/** A call the server refused for the plan or the limit (src/api/errors.ts rejects with a `refusal`), else null. */
export function refusalOf(error: unknown): DailyRefusal | null {
  const refusal = typeof error === 'object' && error !== null ? (error as { refusal?: unknown }).refusal : undefined;
  return refusal === 'not_available' || refusal === 'limit_reached' ? refusal : null;
}
