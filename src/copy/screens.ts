/** Titles of screens that later issues build; shown alone until then. */
export const screenTitles = {
  profile: 'Профиль',
  settings: 'Настройки',
  help: 'Помощь и поддержка',
  soon: 'Раздел скоро появится',
} as const;
