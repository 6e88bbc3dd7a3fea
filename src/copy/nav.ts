/** Bottom navigation tabs, verbatim from the spec. */
export const navCopy = {
  home: 'Главная',
  chat: 'Чат',
  diary: 'Дневник',
  practices: 'Практики',
  profile: 'Профиль',
  label: 'Основная навигация',
} as const;
