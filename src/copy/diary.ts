// Every user-facing string of the diary, verbatim from the product spec; mood labels are
// shared with home in src/copy/moods.ts.
import type { DiaryToastKey } from '../../machines/diary/diary-toasts';
import type { ToastCopy } from './toasts';

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
  untitled: 'Без заголовка',
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
  addToFavorites: 'Добавить в избранное',
  removeFromFavorites: 'Убрать из избранного',
  moodLabel: 'Настроение',
  form: {
    titleLabel: 'Заголовок',
    titlePlaceholder: 'Заголовок (необязательно)',
    contentLabel: 'Содержание',
    contentPlaceholder: 'Что вы чувствуете?',
    moodLabel: 'Настроение',
    favoriteLabel: 'Избранное',
    save: 'Сохранить',
    saving: 'Сохранение...',
    /** Counters 'n/2000' and 'n/100'. */
    counter: (n: number, max: number) => `${n}/${max}`,
  },
  toasts: {
    created: { title: 'Успешно', description: 'Запись добавлена в дневник', variant: 'success' },
    createFailed: { title: 'Ошибка', description: 'Не удалось создать запись', variant: 'destructive' },
    blankContent: { title: 'Внимание', description: 'Содержание записи не может быть пустым', variant: 'warning' },
    favoriteFailed: { title: 'Ошибка', description: 'Не удалось изменить статус избранного', variant: 'destructive' },
  } satisfies Record<DiaryToastKey, ToastCopy>,
} as const;
