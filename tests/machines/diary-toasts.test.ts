// The diary machines name their toasts by key; the words for each key are the spec's, verbatim, except that a
// success's title says what happened instead of «Успешно» (issue 24); deleting, editing and saving from a chat are
// ours (the spec has none of them).
import { describe, expect, it } from 'vitest';
import type { DiaryToastKey } from '../../machines/diary/diary-toasts';
import { diaryCopy } from '../../src/copy/diary';

const spec: Record<DiaryToastKey, { title: string; description: string; variant: string }> = {
  blankContent: { title: 'Внимание', description: 'Содержание записи не может быть пустым', variant: 'warning' },
  created: { title: 'Запись сохранена', description: 'Запись добавлена в дневник', variant: 'success' },
  createdFromChat: {
    title: 'Сохранено в дневник',
    description: 'Запись из разговора — в дневнике. Можно продолжать',
    variant: 'success',
  },
  createFailed: { title: 'Ошибка', description: 'Не удалось создать запись', variant: 'destructive' },
  favoriteFailed: { title: 'Ошибка', description: 'Не удалось изменить статус избранного', variant: 'destructive' },
  entryDeleted: { title: 'Запись удалена', description: 'Её больше нет в дневнике', variant: 'success' },
  entryDeleteFailed: { title: 'Ошибка', description: 'Не удалось удалить запись', variant: 'destructive' },
  entryUpdated: { title: 'Изменения сохранены', description: 'Запись обновлена', variant: 'success' },
  updateFailed: {
    title: 'Ошибка',
    description: 'Не удалось сохранить изменения. Всё написанное осталось в форме',
    variant: 'destructive',
  },
};
/** No toast of the app has a title that says nothing of what happened. */
it('no «Успешно» or «Готово» as a title', async () => {
  const { toastCopy } = await import('../../src/copy/toasts');
  for (const [key, copy] of Object.entries(toastCopy)) expect(['Успешно', 'Готово'], key).not.toContain(copy.title);
});

describe('diary toast copy', () => {
  it.each(Object.entries(spec))('%s shows the spec text', (key, text) => {
    expect(diaryCopy.toasts[key as DiaryToastKey]).toEqual(text);
  });
});
