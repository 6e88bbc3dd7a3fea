// The plan and daily-limit rule of the features with a daily allowance — the diary and voice input, one rule for
// both: a null limit → not on the plan; used ≥ limit → today's allowance is spent; otherwise allowed. With no usage
// loaded, no block applies (the server still decides, and its 402 opens the same dialog). Which dialog a refusal
// opens — decided here, or by the server — is refusal-dialogs.ts (a file apart: home's gate needs only the rule).
import type { DailyRefusal, UsageInfo } from '../../contract/billing';

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
