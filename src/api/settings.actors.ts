// The settings flow's calls as the machine names them, and the flush of «Обо мне» on leaving. Not in
// users.actors.ts: the sign-in's boot chunk imports that one, and these would bring the settings machine with them.
import { fromPromise } from 'xstate';
import type { SettingsPatch, SettingsReply } from '../../contract/settings';
import { storedAbout, type WriteAccess } from '../../machines/users/settings.machine';
import { getSettings, putBotAccess, updateSettings } from './settings';

export const settingsActors = {
  loadSettings: fromPromise<SettingsReply, void>(() => getSettings()),
  /** Stopped with its state (a save dropped while everything is erased): the request is aborted too. */
  saveSettings: fromPromise<SettingsReply, SettingsPatch>(({ input, signal }) => updateSettings(input, signal)),
  /** Tells the server whether the bot may write (reminders); nothing to tell when Telegram could not ask. */
  reportBotAccess: fromPromise<void, { answer: WriteAccess }>(async ({ input }) => {
    if (input.answer !== 'unavailable') await putBotAccess({ allowed: input.answer === 'allowed' });
  }),
};

/**
 * The settings machine's flushAbout on leaving: «Обо мне» saved by a call that outlives the screen (an action, not an
 * invoked actor, which would stop with it). Resolves when the server has the text.
 */
export function saveAboutOnLeave(text: string): Promise<unknown> {
  return updateSettings({ personal_context: storedAbout(text) });
}
