// May the bot write to the user (for reminders)? Telegram's own question to the user (`requestWriteAccess`, Mini
// Apps 6.9+): 'allowed', 'denied', or 'unavailable' outside Telegram, on old clients, under the browser stand-in
// (/dev, tests: no client to ask), or when the client does not answer. Whether the bot can write already is the
// server's word (the settings' bot_can_write: it also knows a block); reporting the answer is the reminders' (PUT
// /api/users/me/bot-access).
import { requestWriteAccess as sdkRequestWriteAccess } from '@telegram-apps/sdk';
import { fromPromise } from 'xstate';
import type { WriteAccess } from '../../machines/users/settings.machine';
import { usesBrowserBridge } from './browserBridge';

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

/** The settings machine's `requestWriteAccess`. */
export const writeAccessActors = {
  requestWriteAccess: fromPromise<WriteAccess, void>(() => requestWriteAccess()),
};
