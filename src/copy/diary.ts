// Every user-facing string of the diary, verbatim from the product spec; mood labels are
// shared with home in src/copy/moods.ts.
import { diaryToasts } from './diaryToasts';

export type DiaryFilter = 'all' | 'week' | 'month' | 'favorites';

export const diaryCopy = {
  title: 'Дневник',
  filters: {
    all: 'Все записи',
    week: 'За неделю',
    month: 'За месяц',
    favorites: 'Избранное',
  } satisfies Record<DiaryFilter, string>,
  filtersLabel: 'Фильтр записей',
  newEntry: 'Новая запись',
  /** A check-in among the entries (home's one tap): «Настроение дня: Хорошее». */
  moodMark: 'Настроение дня',
  emptyTitle: 'Дневник пуст',
  emptyAction: 'Создать первую запись',
  listError: 'Не удалось загрузить записи',
  retry: 'Повторить',
  loadMoreError: 'Не удалось загрузить записи',
  entryTitleFallback: 'Запись',
  justNow: 'Только что',
  entryNotFound: 'Запись не найдена',
  entryError: 'Не удалось загрузить запись',
  backToList: 'К дневнику',
  // Editing an entry (ours: the spec has no editing).
  editEntry: 'Изменить',
  editHeading: 'Изменить запись',
  cancelEdit: 'Отмена',
  // Deleting an entry (ours: the spec has no delete).
  deleteEntry: 'Удалить запись',
  deleteSheet: {
    title: 'Удалить запись?',
    text: 'Запись будет удалена навсегда, восстановить её не получится.',
    confirm: 'Удалить',
    deleting: 'Удаляем…',
    cancel: 'Отмена',
  },
  addToFavorites: 'Добавить в избранное',
  removeFromFavorites: 'Убрать из избранного',
  moodLabel: 'Настроение',
  form: {
    titleLabel: 'Заголовок',
    titlePlaceholder: 'Заголовок (опционально)',
    contentLabel: 'Содержание',
    contentPlaceholder: 'Что вы чувствуете?',
    moodLabel: 'Настроение',
    favoriteLabel: 'Избранное',
    save: 'Сохранить',
    saving: 'Сохранение...',
    /** Counters 'n/2000' and 'n/100'. */
    counter: (n: number, max: number) => `${n}/${max}`,
  },
  toasts: diaryToasts,
} as const;
