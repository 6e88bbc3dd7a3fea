/** Bottom navigation tabs (spec §2 «Gates and layout»), verbatim. */
export const navCopy = {
  home: 'Главная',
  chat: 'Чат',
  diary: 'Дневник',
  practices: 'Практики',
  profile: 'Профиль',
  label: 'Основная навигация',
} as const;
