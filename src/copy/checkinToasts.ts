// The check-in's toasts, by key (machines/checkin/checkin-toasts.ts): titles that say what happened.
import type { CheckInToastKey } from '../../machines/checkin/checkin-toasts';
import type { ToastCopy } from './toasts';

export const checkInToasts = {
  checkInFailed: {
    title: 'Настроение не сохранено',
    description: 'Проверьте соединение и коснитесь ещё раз',
    variant: 'destructive',
  },
  noteSaved: { title: 'Заметка сохранена', description: 'Она осталась с сегодняшним настроением', variant: 'success' },
  noteFailed: {
    title: 'Заметка не сохранена',
    description: 'Текст остался в поле — попробуйте ещё раз',
    variant: 'destructive',
  },
} satisfies Record<CheckInToastKey, ToastCopy>;
