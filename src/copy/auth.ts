// The auth error screens, one per error of the auth machine (AuthErrorKind); titles verbatim from the spec.
import type { AuthErrorKind } from '../../machines/app/auth.machine';

export type { AuthErrorKind };

export const authCopy = {
  retry: 'Повторить',
  /** Without the server the safety plan still opens from the device (and shows the crisis lines). */
  safetyPlan: 'Открыть план безопасности',
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
  } satisfies Record<AuthErrorKind, { title: string; text: string }>,
} as const;
