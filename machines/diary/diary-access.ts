// The diary's plan and daily-limit check, in one place: limit null → not available; used >= limit → limit
// reached; otherwise allowed. With no usage info loaded, no block applies. The voice check has the same shape.
// A refusal — decided here before opening the form, or by the server on create (402 with a `code`) — opens the
// same upgrade dialog.
import type { DiaryRefusal } from '../../contract/diary';
import type { UpgradeKey } from '../app/upgrade-dialog.machine';

export type AccessDecision = 'allowed' | DiaryRefusal;

export interface DiaryUsage {
  diary_entries_limit: number | null;
  diary_entries_used: number;
}

export function checkLimit(limit: number | null, used: number): AccessDecision {
  if (limit === null) return 'not_available';
  if (used >= limit) return 'limit_reached';
  return 'allowed';
}

export function checkDiaryAccess(usage: DiaryUsage | null | undefined): AccessDecision {
  if (!usage) return 'allowed';
  return checkLimit(usage.diary_entries_limit, usage.diary_entries_used);
}

/** The upgrade dialog each refusal opens. */
export const DIARY_UPGRADE_KEYS = {
  not_available: 'diary_not_available',
  limit_reached: 'diary_limit_reached',
} as const satisfies Record<DiaryRefusal, UpgradeKey>;

/** A failed create that the server refused for the plan or the limit (src/api/diary.ts throws `{refusal}`). */
export function refusalOf(error: unknown): DiaryRefusal | null {
  const refusal = typeof error === 'object' && error !== null ? (error as { refusal?: unknown }).refusal : undefined;
  return typeof refusal === 'string' && Object.hasOwn(DIARY_UPGRADE_KEYS, refusal) ? (refusal as DiaryRefusal) : null;
}
