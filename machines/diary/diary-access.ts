// The diary creation check of spec section 5, in one place: limit null → not available; used >= limit → limit
// reached; otherwise allowed. With no usage info loaded, no block applies. The voice check has the same shape.
export type AccessDecision = 'allowed' | 'not_available' | 'limit_reached';

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
