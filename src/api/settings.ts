// The users domain's calls of the profile tab: the user as the profile shows it, the settings and the bot's write
// access — typed from contract/ (types only: zod stays out of the bundle). Not in users.ts: that module is part of
// the entry (the early sign-in), and a lazy chunk importing it makes the bundler move the API client and the paths
// out of the entry into chunks the entry then waits for (tests/server/client-serving.test.ts).
import type { SettingsPatch, SettingsReply } from '../../contract/settings';
import type { BotAccessBody, User } from '../../contract/users';
import { api } from './client';

/** GET /api/users/me for the profile (users.ts's getMe is the sign-in's). */
export function getProfileUser(): Promise<User> {
  return api.get('api/users/me').json<User>();
}

export function getSettings(): Promise<SettingsReply> {
  return api.get('api/users/me/settings').json<SettingsReply>();
}

/** `signal` drops a save that is no longer wanted (one in flight when everything is erased). */
export function updateSettings(patch: SettingsPatch, signal?: AbortSignal): Promise<SettingsReply> {
  return api.patch('api/users/me/settings', { json: patch, signal }).json<SettingsReply>();
}

/** PUT /api/users/me/bot-access: the user's answer to Telegram's requestWriteAccess (may the bot send reminders). */
export async function putBotAccess(body: BotAccessBody): Promise<void> {
  await api.put('api/users/me/bot-access', { json: body });
}
