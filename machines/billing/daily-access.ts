// The plan and daily-limit rule of the features with a daily allowance — the diary and voice input, one rule for
// both: a null limit → not on the plan; used ≥ limit → today's allowance is spent; otherwise allowed. With no usage
// loaded, no block applies (the server still decides, and its 402 opens the same dialog). A refusal — decided here
// before the form or the recorder opens, or by the server (402 with a `code`) — opens the matching upgrade dialog.
import type { DailyRefusal, UsageInfo } from '../../contract/billing';
import type { UpgradeKey } from '../app/upgrade-dialog.machine';

export type DailyFeature = 'diary' | 'voice';
export type AccessDecision = 'allowed' | DailyRefusal;
/** The part of today's usage the rule reads (a whole UsageInfo fits). */
export type DailyUsage = Pick<
  UsageInfo,
  'diary_entries_limit' | 'diary_entries_used' | 'voice_seconds_limit' | 'voice_seconds_used'
>;

export function checkLimit(limit: number | null, used: number): AccessDecision {
  if (limit === null) return 'not_available';
  if (used >= limit) return 'limit_reached';
  return 'allowed';
}

export function checkAccess(feature: DailyFeature, usage: DailyUsage | null | undefined): AccessDecision {
  if (!usage) return 'allowed';
  return feature === 'diary'
    ? checkLimit(usage.diary_entries_limit, usage.diary_entries_used)
    : checkLimit(usage.voice_seconds_limit, usage.voice_seconds_used);
}

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
