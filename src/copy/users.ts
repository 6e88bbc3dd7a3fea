// The users domain's pages: the profile and the settings — verbatim from the product spec where it gives the words.
import type { AddressForm, CommunicationStyle, ReminderTime } from '../../contract/settings';
import type { ProfilePart } from '../../machines/users/profile.machine';
import { commonCopy } from './common';
import { formatDay } from './billing';

export const profileCopy = {
  title: 'Профиль',
  photoAlt: 'Фото профиля',
  username: (username: string) => `@${username}`,
  telegramId: (id: number) => `ID: ${id}`,
  /** 'С нами с {created date}' in Russian: 'С нами с 5 мая 2026'. */
  since: (iso: string) => `С нами с ${formatDay(iso)}`,
  loadError: 'Не удалось загрузить данные профиля',
  partErrors: {
    user: 'Не удалось загрузить данные пользователя',
    subscription: 'Не удалось загрузить данные подписки',
    tiers: 'Не удалось загрузить тарифы',
    usage: commonCopy.loadErrorText,
  } satisfies Record<ProfilePart, string>,
  retry: 'Попробовать снова',
  menu: { settings: 'Настройки', help: 'Помощь и поддержка', safetyPlan: 'План безопасности', label: 'Меню профиля' },
  version: commonCopy.version,
} as const;

export const settingsCopy = {
  title: 'Настройки',
  loadError: 'Не удалось загрузить настройки',
  retry: 'Попробовать снова',
  updateFailed: 'Не удалось обновить настройки',
  style: {
    heading: 'Стиль общения',
    options: {
      gentle: { label: 'Мягкий', description: 'Эмпатичный и поддерживающий' },
      direct: { label: 'Прямой', description: 'Чёткий и конкретный' },
      humorous: { label: 'С юмором', description: 'Лёгкий и позитивный' },
    } satisfies Record<CommunicationStyle, { label: string; description: string }>,
  },
  address: {
    heading: 'Обращение',
    options: {
      vy: { label: 'На «вы»', description: 'Вежливо и спокойно' },
      ty: { label: 'На «ты»', description: 'По-дружески' },
    } satisfies Record<AddressForm, { label: string; description: string }>,
  },
  reminders: {
    heading: 'Напоминания',
    options: {
      morning: '9:00',
      afternoon: '14:00',
      evening: '20:00',
      disabled: 'Выключены',
    } satisfies Record<ReminderTime, string>,
    /** A time is chosen, but the bot cannot write to the user (not allowed, or stopped in Telegram). */
    unreachable: 'Бот пока не может вам написать. Разрешите сообщения от бота — и напоминания начнут приходить.',
    /** Only Telegram lifts a block: the app cannot. */
    restartBot: 'Если вы остановили бота, откройте его чат и нажмите «Перезапустить».',
    allow: 'Разрешить сообщения',
  },
  about: {
    heading: 'Обо мне',
    placeholder: 'Расскажите о себе, что важно знать ассистенту: так ему будет проще вас понимать',
    /** The live 'N/500' counter. */
    counter: (length: number, max: number) => `${length}/${max}`,
    hint: 'Это учитывает ассистент в разговорах. Хранится в зашифрованном виде.',
    saving: 'Сохраняем…',
  },
  back: commonCopy.back,
} as const;
