// User settings with their defaults. No row until the user changes something, so reads never write.
import { eq } from 'drizzle-orm';
import type { Settings, SettingsPatch } from '../../contract/settings';
import type { Db, Executor } from '../db';
import { userSettings } from '../db/schema';

/**
 * Defaults: 'gentle' (Мягкий) — the supportive tone fits a wellbeing assistant for someone who has not chosen yet;
 * 'evening' (20:00) — the evening check-in suits a mood diary (not after an erase: server/privacy/erase.ts);
 * personal_context empty.
 */
export const DEFAULT_SETTINGS: Settings = {
  communication_style: 'gentle',
  reminder_time: 'evening',
  personal_context: null,
};

function toSettings(row: typeof userSettings.$inferSelect | undefined): Settings {
  if (!row) return { ...DEFAULT_SETTINGS };
  return {
    communication_style: row.communicationStyle as Settings['communication_style'],
    reminder_time: row.reminderTime as Settings['reminder_time'],
    personal_context: row.personalContext,
  };
}

export async function getSettings(db: Db, userId: number): Promise<Settings> {
  const [row] = await db.select().from(userSettings).where(eq(userSettings.userId, userId));
  return toSettings(row);
}

/** Applies a partial update in one upsert (the contract has already trimmed personal_context, blank → null). */
export async function updateSettings(db: Executor, userId: number, patch: SettingsPatch): Promise<Settings> {
  const set: Partial<typeof userSettings.$inferInsert> = { updatedAt: new Date() };
  if (patch.communication_style !== undefined) set.communicationStyle = patch.communication_style;
  if (patch.reminder_time !== undefined) set.reminderTime = patch.reminder_time;
  if (patch.personal_context !== undefined) set.personalContext = patch.personal_context;
  const [row] = await db
    .insert(userSettings)
    .values({
      userId,
      communicationStyle: set.communicationStyle ?? DEFAULT_SETTINGS.communication_style,
      reminderTime: set.reminderTime ?? DEFAULT_SETTINGS.reminder_time,
      personalContext: set.personalContext ?? DEFAULT_SETTINGS.personal_context,
    })
    .onConflictDoUpdate({ target: userSettings.userId, set })
    .returning();
  return toSettings(row);
}
