// The profile's calls: settings, the trial, the user's own data (export link, erase), the support contact — typed
// from contract/ (types only: zod stays out of the bundle). The user, subscription, tiers and usage come from
// users.ts, billing.ts and usage.ts.
import type { RenewalBody, Subscription, TrialStatus } from '../../contract/billing';
import type { Support } from '../../contract/help';
import type { SettingsPatch, SettingsReply } from '../../contract/settings';
import type { BotAccessBody, ExportLink, User } from '../../contract/users';
import { api } from './client';

/**
 * GET /api/users/me for the profile. Not users.ts's getMe: that module is part of the entry (the early sign-in), and
 * a lazy chunk importing it made the bundler move the API client and the paths out of the entry into chunks the
 * entry then waits for (tests/server/client-serving.test.ts).
 */
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

export function getTrialStatus(): Promise<TrialStatus> {
  return api.get('api/trial/status').json<TrialStatus>();
}

export function activateTrial(): Promise<Subscription> {
  return api.post('api/trial/activate').json<Subscription>();
}

/** «Отменить автопродление» (false) / «Возобновить» (true): the subscription as it is afterwards. */
export function putRenewal(body: RenewalBody): Promise<Subscription> {
  return api.put('api/subscriptions/me/renewal', { json: body }).json<Subscription>();
}

/** A short-lived link to the data export (a path on the API's origin). */
export function createExportLink(): Promise<ExportLink> {
  return api.post('api/users/me/export-link').json<ExportLink>();
}

/** Erases every row of the user (204). */
export async function eraseMyData(): Promise<void> {
  await api.delete('api/users/me');
}

export function getSupport(): Promise<Support> {
  return api.get('api/help/support').json<Support>();
}
