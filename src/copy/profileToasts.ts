// The profile's toasts, by key (machines/profile/profile-toasts.ts): the settings' words are the spec's; the trial,
// export and erasure ones are ours. A file of their own: src/copy/toasts.ts is in the app shell.
import type { ProfileToastKey } from '../../machines/profile/profile-toasts';
import type { ToastCopy } from './toasts';

const SAVED = 'Настройки сохранены';

export const profileToasts = {
  // The spec's «Стиль общения обновлен» read as a mistake in agreement (issue 24): «обновлено» with what changed.
  styleUpdated: { title: SAVED, description: 'Обновлено: стиль общения', variant: 'success' },
  addressUpdated: { title: SAVED, description: 'Обновлено: обращение', variant: 'success' },
  remindersOff: { title: SAVED, description: 'Напоминания отключены', variant: 'success' },
  reminderTimeUpdated: { title: SAVED, description: 'Время напоминаний обновлено', variant: 'success' },
  aboutUpdated: { title: SAVED, description: 'Информация обновлена', variant: 'success' },
  settingsSaveFailed: { title: 'Ошибка', description: 'Не удалось сохранить настройки', variant: 'destructive' },
  trialActivated: { title: 'Пробный период активирован', description: 'PREMIUM открыт на 7 дней', variant: 'success' },
  exportFailed: { title: 'Ошибка', description: 'Не удалось подготовить файл с данными', variant: 'destructive' },
  eraseFailed: {
    title: 'Ошибка',
    description: 'Не удалось удалить данные, попробуйте ещё раз',
    variant: 'destructive',
  },
} satisfies Record<ProfileToastKey, ToastCopy>;
