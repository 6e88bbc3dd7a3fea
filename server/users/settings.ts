// User settings with their defaults. No row until the user changes something, so reads never write.
import {
  DEFAULT_SETTINGS,
  type AddressForm,
  type Settings,
  type SettingsPatch,
  type SettingsReply,
} from '../../contract/settings';
import type { Db, Executor } from '../db';
import type { userSettings } from '../db/schema';
import { addressRequestIn } from './address';
import { botCanWriteTo } from './bot-access';
import { syncReminder } from './reminder-schedule';
import { settingsRowOf, upsertSettings } from './repository';

function toSettings(row: typeof userSettings.$inferSelect | undefined): Settings {
  if (!row) return { ...DEFAULT_SETTINGS };
  return {
    communication_style: row.communicationStyle as Settings['communication_style'],
    reminder_time: row.reminderTime as Settings['reminder_time'],
    personal_context: row.personalContext,
    address_form: row.addressForm as AddressForm,
  };
}

export async function getSettings(db: Db, userId: number): Promise<Settings> {
  return toSettings(await settingsRowOf(db, userId));
}

/** Applies a partial update in one upsert (the contract has already trimmed personal_context, blank → null). */
export async function updateSettings(db: Executor, userId: number, patch: SettingsPatch): Promise<Settings> {
  const set: Partial<typeof userSettings.$inferInsert> = { updatedAt: new Date() };
  if (patch.communication_style !== undefined) set.communicationStyle = patch.communication_style;
  if (patch.reminder_time !== undefined) set.reminderTime = patch.reminder_time;
  if (patch.personal_context !== undefined) set.personalContext = patch.personal_context;
  if (patch.address_form !== undefined) set.addressForm = patch.address_form;
  const row = await upsertSettings(
    db,
    {
      userId,
      communicationStyle: set.communicationStyle ?? DEFAULT_SETTINGS.communication_style,
      reminderTime: set.reminderTime ?? DEFAULT_SETTINGS.reminder_time,
      personalContext: set.personalContext ?? DEFAULT_SETTINGS.personal_context,
      addressForm: set.addressForm ?? DEFAULT_SETTINGS.address_form,
    },
    set,
  );
  return toSettings(row);
}

/**
 * The patch as it is applied: a «на ты» or «на вы» that is new in «Обо мне» (not in the text before) sets the address
 * too, unless the patch chooses it itself — so a later choice in the settings is not undone by editing the same text.
 */
export async function withAddressFromAbout(db: Db, userId: number, patch: SettingsPatch): Promise<SettingsPatch> {
  if (patch.address_form !== undefined || !patch.personal_context) return patch;
  const asked = addressRequestIn(patch.personal_context);
  if (!asked) return patch;
  const before = addressRequestIn((await getSettings(db, userId)).personal_context);
  return asked === before ? patch : { ...patch, address_form: asked };
}

/** The settings with whether the bot can write to the user (the app tells when reminders cannot arrive). */
const withBotAccess = async (db: Db, userId: number, settings: Settings): Promise<SettingsReply> => ({
  ...settings,
  bot_can_write: await botCanWriteTo(db, userId),
});

/** GET /me/settings. */
export async function settingsReply(db: Db, userId: number): Promise<SettingsReply> {
  return withBotAccess(db, userId, await getSettings(db, userId));
}

/** PATCH /me/settings: the patch with the address from «Обо мне»; a reminder time sent moves the next reminder. */
export async function changeSettings(
  db: Db,
  userId: number,
  patch: SettingsPatch,
  defaultZone: string,
): Promise<SettingsReply> {
  const settings = await updateSettings(db, userId, await withAddressFromAbout(db, userId, patch));
  if (patch.reminder_time !== undefined) await syncReminder(db, userId, defaultZone);
  return withBotAccess(db, userId, settings);
}

/** «Давай на ты» in a chat message: the address is kept for every chat (one upsert, only when asked). */
export async function applyAddressRequest(db: Db, userId: number, message: string): Promise<void> {
  const asked = addressRequestIn(message);
  if (asked) await updateSettings(db, userId, { address_form: asked });
}
