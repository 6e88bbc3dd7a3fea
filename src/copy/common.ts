/** Strings shared across the app (verbatim from the spec where the spec gives them). */
export const commonCopy = {
  productTitle: 'Мой помощник',
  productTagline: 'Поддержка для эмоционального состояния',
  retry: 'Повторить',
  loading: 'Загрузка…',
  back: 'Назад',
  loadErrorTitle: 'Ошибка загрузки',
  loadErrorText: 'Не удалось загрузить данные',
  /** The version line at the foot of the profile and of help. */
  version: 'Версия 1.0.0',
} as const;
