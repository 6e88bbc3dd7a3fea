// The diary machines name their toasts by key; the words for each key are the spec's, verbatim (deleting an entry
// is ours: the spec has no delete).
import { describe, expect, it } from 'vitest';
import type { DiaryToastKey } from '../../machines/diary/diary-toasts';
import { diaryCopy } from '../../src/copy/diary';

const spec: Record<DiaryToastKey, { title: string; description: string; variant: string }> = {
  blankContent: { title: 'Внимание', description: 'Содержание записи не может быть пустым', variant: 'warning' },
  created: { title: 'Успешно', description: 'Запись добавлена в дневник', variant: 'success' },
  createFailed: { title: 'Ошибка', description: 'Не удалось создать запись', variant: 'destructive' },
  favoriteFailed: { title: 'Ошибка', description: 'Не удалось изменить статус избранного', variant: 'destructive' },
  entryDeleted: { title: 'Готово', description: 'Запись удалена', variant: 'success' },
  entryDeleteFailed: { title: 'Ошибка', description: 'Не удалось удалить запись', variant: 'destructive' },
};

describe('diary toast copy', () => {
  it.each(Object.entries(spec))('%s shows the spec text', (key, text) => {
    expect(diaryCopy.toasts[key as DiaryToastKey]).toEqual(text);
  });
});
