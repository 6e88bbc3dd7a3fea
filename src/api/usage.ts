import type { UsageInfo } from '../../contract/billing';
import { api } from './client';

export type { UsageInfo };

/** GET /api/subscriptions/usage: today's limits and usage (null limit = feature unavailable). */
export function getUsage(): Promise<UsageInfo> {
  return api.get('api/subscriptions/usage').json<UsageInfo>();
}
