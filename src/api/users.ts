import type { KyInstance } from 'ky';
import type { BotAccessBody, Me } from '../../contract/users';
import { api } from './client';

export type { Me };

/**
 * GET /api/users/me: the user and what the server can do. The auth gate passes `authApi` so a 401 is shown, not
 * redirected.
 */
export function getMe(client: KyInstance = api): Promise<Me> {
  return client.get('api/users/me').json<Me>();
}

/** PUT /api/users/me/bot-access: the user's answer to Telegram's requestWriteAccess (may the bot send reminders). */
export async function putBotAccess(body: BotAccessBody): Promise<void> {
  await api.put('api/users/me/bot-access', { json: body });
}
