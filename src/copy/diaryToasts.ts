// The diary's toasts, by key (machines/diary/diary-toasts.ts). A file of their own: src/copy/toasts.ts, in the app
// shell, gathers every domain's toasts, and the rest of the diary's copy stays in the diary's lazy chunks.
import type { DiaryToastKey } from '../../machines/diary/diary-toasts';
import type { ToastCopy } from './toasts';

export const diaryToasts = {
  // The spec's title «Успешно» says nothing of what happened (issue 24): the title says it.
  created: { title: 'Запись сохранена', description: 'Запись добавлена в дневник', variant: 'success' },
  createdFromChat: {
    title: 'Сохранено в дневник',
    description: 'Запись из разговора — в дневнике. Можно продолжать',
    variant: 'success',
  },
  createFailed: { title: 'Ошибка', description: 'Не удалось создать запись', variant: 'destructive' },
  blankContent: { title: 'Внимание', description: 'Содержание записи не может быть пустым', variant: 'warning' },
  favoriteFailed: { title: 'Ошибка', description: 'Не удалось изменить статус избранного', variant: 'destructive' },
  // Ours: deleting an entry is not in the spec.
  entryDeleted: { title: 'Запись удалена', description: 'Её больше нет в дневнике', variant: 'success' },
  entryDeleteFailed: { title: 'Ошибка', description: 'Не удалось удалить запись', variant: 'destructive' },
  entryUpdated: { title: 'Изменения сохранены', description: 'Запись обновлена', variant: 'success' },
  updateFailed: {
    title: 'Ошибка',
    description: 'Не удалось сохранить изменения. Всё написанное осталось в форме',
    variant: 'destructive',
  },
} satisfies Record<DiaryToastKey, ToastCopy>;
