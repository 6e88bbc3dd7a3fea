// May the bot write to the user (for reminders)? What the launch said (allows_write_to_pm in the init data), and
// Telegram's own question to the user (`requestWriteAccess`, Mini Apps 6.9+): 'allowed', 'denied', or 'unavailable'
// outside Telegram, on old clients, under the browser stand-in (/dev, tests: no client to ask), or when the client
// does not answer. Reporting the answer to the server is the reminders' (PUT /api/users/me/bot-access).
import { requestWriteAccess as sdkRequestWriteAccess } from '@telegram-apps/sdk';
import { fromPromise } from 'xstate';
import type { WriteAccess } from '../../machines/profile/settings.machine';
import { usesBrowserBridge } from './browserBridge';
import { getInitData } from './initData';

/** A person answers a native popup; a client that never answers must not hold the settings for longer. */
const ANSWER_TIMEOUT_MS = 120_000;

export async function requestWriteAccess(): Promise<WriteAccess> {
  try {
    if (usesBrowserBridge() || !sdkRequestWriteAccess.isAvailable()) return 'unavailable';
    return (await sdkRequestWriteAccess({ timeout: ANSWER_TIMEOUT_MS })) === 'allowed' ? 'allowed' : 'denied';
  } catch {
    return 'unavailable';
  }
}

/** The init data's user has allowed the bot to write to them (allows_write_to_pm). */
export function botMayWrite(): boolean {
  try {
    const user: unknown = JSON.parse(new URLSearchParams(getInitData() ?? '').get('user') ?? 'null');
    return (user as { allows_write_to_pm?: unknown } | null)?.allows_write_to_pm === true;
  } catch {
    return false;
  }
}

/** The settings machine's `requestWriteAccess`. */
export const writeAccessActors = {
  requestWriteAccess: fromPromise<WriteAccess, void>(() => requestWriteAccess()),
};
