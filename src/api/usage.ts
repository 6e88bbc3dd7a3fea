import type { UsageInfo } from '../../contract/billing';
import { api } from './client';
import { noteUsage } from './helpNearby';

export type { UsageInfo };

/** GET /api/subscriptions/usage: today's limits and usage (null limit = feature unavailable). */
export async function getUsage(): Promise<UsageInfo> {
  const usage = await api.get('api/subscriptions/usage').json<UsageInfo>();
  noteUsage(usage); // whether the after-crisis window is open: the upgrade dialog stays quiet in it
  return usage;
}
