// The reminders' words: gentle, varied, never guilt (no "you missed", no "don't forget", no streak to lose) — an
// invitation, and a button into the app. Three for each time of day; the user's id and the day pick one, so the
// wording changes from day to day and two users do not get the same one on the same day.
import type { ReminderTime } from '../../contract/settings';

export const REMINDER_TEXTS: Record<Exclude<ReminderTime, 'disabled'>, readonly string[]> = {
  morning: [
    'Доброе утро! Как вы сегодня? Можно начать день с пары строк в дневнике — или просто с трёх спокойных вдохов.',
    'Доброе утро. Если хочется, загляните в приложение: отметьте настроение или выберите короткую практику на утро.',
    'С новым днём! Пара минут для себя с утра — хороший способ начать. Я рядом, когда вам будет удобно.',
  ],
  afternoon: [
    'Небольшая пауза посреди дня? Минута ровного дыхания или пара строк в дневнике помогают перевести дух.',
    'Как проходит ваш день? Если хочется выговориться или просто выдохнуть — я здесь.',
    'Пара минут тишины днём — уже забота о себе. Загляните, когда будет время.',
  ],
  evening: [
    'Добрый вечер! Как прошёл день? Пара строк в дневнике помогает отпустить его.',
    'Вечер — хорошее время заметить, что вы чувствуете. Загляните, если хочется поделиться или отдохнуть с практикой.',
    'Добрый вечер. Если день был непростым, можно выговориться в чате или спокойно подышать пару минут. Я рядом.',
  ],
};

/** Shown under the text when there is no button (no https PUBLIC_URL): where the app opens instead. */
export const REMINDER_WITHOUT_BUTTON = 'Приложение открывается кнопкой меню рядом с полем ввода.';

/** The reminder for `userId` on the local date `day` (YYYY-MM-DD). */
export function reminderText(time: Exclude<ReminderTime, 'disabled'>, userId: number, day: string): string {
  const texts = REMINDER_TEXTS[time];
  const dayNumber = Math.floor(Date.parse(`${day}T00:00:00Z`) / 86_400_000);
  return texts[(dayNumber + userId) % texts.length]!;
}
