import { api } from './client';

/** GET /api/subscriptions/usage (spec §3 «Usage info»). Local type until contract/ has it. */
export interface UsageInfo {
  diary_entries_limit: number | null;
  diary_entries_used: number;
  voice_seconds_limit: number | null;
  voice_seconds_used: number;
  tokens_limit: number | null;
  tokens_used: number;
}

export function getUsage(): Promise<UsageInfo> {
  return api.get('api/subscriptions/usage').json<UsageInfo>();
}
