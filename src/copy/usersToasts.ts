// The users domain's toasts, by key (machines/users/users-toasts.ts): the settings' words are the spec's. A file of
// their own: src/copy/toasts.ts is in the app shell.
import type { UsersToastKey } from '../../machines/users/users-toasts';
import type { ToastCopy } from './toasts';

const SAVED = 'Настройки сохранены';

export const usersToasts = {
  // The spec's «Стиль общения обновлен» read as a mistake in agreement (issue 24): «обновлено» with what changed.
  styleUpdated: { title: SAVED, description: 'Обновлено: стиль общения', variant: 'success' },
  addressUpdated: { title: SAVED, description: 'Обновлено: обращение', variant: 'success' },
  remindersOff: { title: SAVED, description: 'Напоминания отключены', variant: 'success' },
  reminderTimeUpdated: { title: SAVED, description: 'Время напоминаний обновлено', variant: 'success' },
  aboutUpdated: { title: SAVED, description: 'Информация обновлена', variant: 'success' },
  settingsSaveFailed: { title: 'Ошибка', description: 'Не удалось сохранить настройки', variant: 'destructive' },
} satisfies Record<UsersToastKey, ToastCopy>;
