/** Titles of screens that later issues build; shown alone until then. */
export const screenTitles = {
  practices: 'Практики',
  practice: 'Практика',
  session: 'Практика',
  profile: 'Профиль',
  settings: 'Настройки',
  subscription: 'Тарифы',
  checkout: 'Оформление подписки',
  help: 'Помощь и поддержка',
  soon: 'Раздел скоро появится',
} as const;
