import type { KyInstance } from 'ky';
import type { HomeSummary } from '../../contract/home';
import { getInitData } from '../telegram/initData';
import { api, authApi } from './client';

export type { HomeSummary };

/** GET /api/home/summary: the streak, this week's moods and the insight. */
export function getHomeSummary(client: KyInstance = api): Promise<HomeSummary> {
  return client.get('api/home/summary').json<HomeSummary>();
}

let early: Promise<HomeSummary> | null = null;

/**
 * Sends the summary's request from the entry (main.tsx) when the launch leads to home, beside the sign-in, so the
 * streak and the chart do not wait for React, the auth machine and the home chunk first. Without init data nothing
 * is sent.
 */
export function startHomeSummary(): void {
  if (!getInitData()) return;
  // authApi: a 401 here is the sign-in's to show («Ошибка авторизации»), not a reload of /init.
  early = getHomeSummary(authApi);
  early.catch(() => {}); // a failure is reported when home takes the answer, not as an unhandled rejection
}

/** The entry's answer, once: home opened again later asks the server afresh. */
export function takeHomeSummary(): Promise<HomeSummary> | null {
  const taken = early;
  early = null;
  return taken;
}
