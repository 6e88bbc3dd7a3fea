// The user's own data on the settings page: the download and the erasure — ours where the spec gives no words.
import { ERASE_WORD } from '../../machines/privacy/erase-confirmation';

export const myDataCopy = {
  heading: 'Мои данные',
  export: 'Скачать мои данные',
  exportHint: 'Всё, что хранится о вас: профиль, настройки, дневник, чаты, практики и оплаты — одним файлом JSON.',
  preparing: 'Готовим файл…',
  ready: 'Файл готов',
  download: 'Скачать файл',
  erase: 'Удалить все мои данные',
  eraseHint: 'Навсегда, без возможности восстановления.',
  // A short goodbye once everything is erased, before the app starts again (issue 24).
  farewell: {
    title: 'Ваши данные удалены',
    text: 'Спасибо, что были здесь. Берегите себя — и возвращайтесь, когда захотите.',
  },
  sheet: {
    title: 'Удалить все данные?',
    gone: 'Будут удалены навсегда: дневник, чаты, практики, «Обо мне» и другие настройки, подписка и история оплат в приложении. Отменить это нельзя.',
    paid: 'Оплаченная подписка закончится без возврата денег.',
    stays:
      'Останется только то, без чего нельзя: записи о платежах (номер платежа, ваш Telegram ID, сумма и дата — их требует учёт, и по ним поддержка найдёт платёж, если будет вопрос об оплате); отметка, что пробный период уже был, и расход сегодняшних лимитов — чтобы удаление их не обнуляло.',
    prompt: `Чтобы подтвердить, введите слово ${ERASE_WORD}`,
    confirm: 'Удалить навсегда',
    erasing: 'Удаляем…',
    cancel: 'Отмена',
  },
} as const;
