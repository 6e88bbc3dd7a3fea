// GET and PATCH /api/users/me/settings
import { z } from 'zod';
import { storableString } from './common';
import { PERSONAL_CONTEXT_MAX } from './constants';

/** gentle 'Мягкий', direct 'Прямой', humorous 'С юмором'. */
export const communicationStyleSchema = z.enum(['gentle', 'direct', 'humorous']);
/** How the assistant addresses the user: vy «на вы» (the default), ty «на ты». */
export const addressFormSchema = z.enum(['vy', 'ty'], { error: 'address_form может быть только vy или ty' });
/** morning 9:00, afternoon 14:00, evening 20:00, disabled. */
export const reminderTimeSchema = z.enum(['morning', 'afternoon', 'evening', 'disabled']);

export const settingsSchema = z.object({
  communication_style: communicationStyleSchema,
  reminder_time: reminderTimeSchema,
  personal_context: z.string().max(PERSONAL_CONTEXT_MAX).nullable(),
  address_form: addressFormSchema,
});
export type Settings = z.infer<typeof settingsSchema>;
export type CommunicationStyle = z.infer<typeof communicationStyleSchema>;
export type ReminderTime = z.infer<typeof reminderTimeSchema>;
export type AddressForm = z.infer<typeof addressFormSchema>;

/**
 * What GET and PATCH answer: the settings, and whether the bot can write to the user now — they allowed it and have
 * not blocked it since. Reminders need it; the app says so when a time is chosen but they cannot arrive.
 */
/**
 * Defaults: 'gentle' (Мягкий) — the supportive tone fits a wellbeing assistant for someone who has not chosen yet;
 * 'evening' (20:00) — the evening check-in suits a mood diary (not after an erase: server/privacy/erase.ts). What the
 * server assumes while a user has no settings row (server/users/settings.ts, reminders, chat, the export);
 * personal_context empty; «вы» — the polite form until the person asks for «ты».
 */
export const DEFAULT_SETTINGS: Settings = {
  communication_style: 'gentle',
  reminder_time: 'evening',
  personal_context: null,
  address_form: 'vy',
};

export const settingsReplySchema = settingsSchema.extend({ bot_can_write: z.boolean() });
export type SettingsReply = z.infer<typeof settingsReplySchema>;

/**
 * Partial update; unknown fields are rejected. personal_context is trimmed before its length check; blank becomes null.
 * A new «на ты» / «на вы» in personal_context sets address_form too, unless the patch sets it (server/users).
 */
export const settingsPatchSchema = z.strictObject({
  communication_style: communicationStyleSchema.optional(),
  reminder_time: reminderTimeSchema.optional(),
  personal_context: storableString('personal_context должен быть строкой или null')
    .trim()
    .max(PERSONAL_CONTEXT_MAX)
    .nullable()
    .transform((t) => (t ? t : null))
    .optional(),
  address_form: addressFormSchema.optional(),
});
export type SettingsPatch = z.infer<typeof settingsPatchSchema>;
