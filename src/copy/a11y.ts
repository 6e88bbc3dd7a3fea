/**
 * Accessible names and descriptions that have no visible text of their own: icon-only buttons, regions, loaders.
 * (Words the spec gives stay in their domain's copy file; these are ours, for screen readers.)
 */
export const a11yCopy = {
  loading: 'Загрузка',
  close: 'Закрыть',
  back: 'Назад',
  send: 'Отправить',
  mic: 'Записать голосовое сообщение',
  stopRecording: 'Остановить запись',
} as const;
