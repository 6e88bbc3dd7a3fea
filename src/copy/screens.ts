/** Titles of screens that later issues build; shown alone until then. */
export const screenTitles = {
  chatList: 'Чаты',
  chat: 'Чат',
  practices: 'Практики',
  practice: 'Практика',
  session: 'Практика',
  profile: 'Профиль',
  settings: 'Настройки',
  help: 'Помощь и поддержка',
  soon: 'Раздел скоро появится',
} as const;
