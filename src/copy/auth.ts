/** Auth error screens (spec §2 «Auth error screens», §8 «Startup»). Titles verbatim. */
export const authCopy = {
  retry: 'Повторить',
  errors: {
    noInitData: {
      title: 'Откройте в Telegram',
      text: 'Приложение работает только внутри Telegram. Откройте его через бота.',
    },
    network: {
      title: 'Нет соединения',
      text: 'Проверьте подключение к интернету и попробуйте ещё раз.',
    },
    auth: {
      title: 'Ошибка авторизации',
      text: 'Не удалось подтвердить вход через Telegram. Попробуйте ещё раз.',
    },
    other: {
      title: 'Что-то пошло не так',
      text: 'Произошла непредвиденная ошибка. Попробуйте ещё раз.',
    },
  },
} as const;

export type AuthErrorKind = keyof typeof authCopy.errors;
