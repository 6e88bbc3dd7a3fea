// The profile, the trial offer, the settings, the user's own data and help — verbatim from the product spec where it
// gives the words. The FAQ's answers must stay true of the product as built (docs/privacy.md says what is sealed).
import type { AddressForm, CommunicationStyle, ReminderTime } from '../../contract/settings';
import type { ProfilePart } from '../../machines/users/profile.machine';
import { ERASE_WORD } from '../../machines/privacy/erase-confirmation';
import { commonCopy } from './common';
import { formatDay } from './billing';

export { formatDay };

export const profileCopy = {
  title: 'Профиль',
  photoAlt: 'Фото профиля',
  username: (username: string) => `@${username}`,
  telegramId: (id: number) => `ID: ${id}`,
  /** 'С нами с {created date}' in Russian: 'С нами с 5 мая 2026'. */
  since: (iso: string) => `С нами с ${formatDay(iso)}`,
  loadError: 'Не удалось загрузить данные профиля',
  partErrors: {
    user: 'Не удалось загрузить данные пользователя',
    subscription: 'Не удалось загрузить данные подписки',
    tiers: 'Не удалось загрузить тарифы',
    usage: commonCopy.loadErrorText,
  } satisfies Record<ProfilePart, string>,
  retry: 'Попробовать снова',
  subscription: {
    label: 'Ваша подписка',
    trial: 'Пробный период',
    until: (iso: string) => `до ${formatDay(iso)}`,
    nextCharge: (iso: string) => `Следующее списание: ${formatDay(iso)}`,
    renewalOff: 'Автопродление отменено',
    cancelRenewal: 'Отменить автопродление',
    resumeRenewal: 'Возобновить',
    renewalSaving: 'Сохраняем...',
    renewalFailed: 'Не удалось изменить автопродление',
    upgrade: 'Улучшить тариф',
    today: 'Сегодня',
    messages: 'Сообщения с ИИ',
    /** Tokens: what is left of today's limit, as a share (a count of tokens means nothing to anyone). */
    messagesLeft: (limit: number | null, used: number) =>
      limit === null ? 'без ограничений' : `осталось ${Math.max(0, Math.round(100 - (used / limit) * 100))}%`,
    diary: 'Записи в дневнике',
    voice: 'Голосовые',
    /** 'N из M' or 'недоступно' (a null limit: not on this plan). */
    count: (limit: number | null, used: number) => (limit === null ? 'недоступно' : `${used} из ${limit}`),
    minutes: (limit: number | null, usedSeconds: number) =>
      limit === null ? 'недоступно' : `${Math.floor(usedSeconds / 60)} из ${Math.round(limit / 60)} мин`,
  },
  menu: { settings: 'Настройки', help: 'Помощь и поддержка', safetyPlan: 'План безопасности', label: 'Меню профиля' },
  version: `Версия ${commonCopy.version}`,
} as const;

export const trialCopy = {
  cardTitle: 'Попробуйте PREMIUM бесплатно',
  cardText: '7 дней полного доступа',
  activate: 'Активировать бесплатно',
  sheetTitle: 'PREMIUM на 7 дней бесплатно',
  benefits: ['Больше диалогов с ИИ', 'Голосовые сообщения', 'Больше записей в дневнике', 'Продвинутые практики'],
  note: 'Без оплаты и без автоматических списаний: через 7 дней вернётся тариф «Старт».',
  start: 'Начать пробный период',
  activating: 'Активация...',
  later: 'Позже',
  failed: 'Не удалось активировать триал',
  /** Logged, not shown: a failed check counts as unavailable and the card is simply not there. */
  checkFailed: 'Не удалось проверить доступность триала',
} as const;

export const settingsCopy = {
  title: 'Настройки',
  loadError: 'Не удалось загрузить настройки',
  retry: 'Попробовать снова',
  updateFailed: 'Не удалось обновить настройки',
  style: {
    heading: 'Стиль общения',
    options: {
      gentle: { label: 'Мягкий', description: 'Эмпатичный и поддерживающий' },
      direct: { label: 'Прямой', description: 'Чёткий и конкретный' },
      humorous: { label: 'С юмором', description: 'Лёгкий и позитивный' },
    } satisfies Record<CommunicationStyle, { label: string; description: string }>,
  },
  address: {
    heading: 'Обращение',
    options: {
      vy: { label: 'На «вы»', description: 'Вежливо и спокойно' },
      ty: { label: 'На «ты»', description: 'По-дружески' },
    } satisfies Record<AddressForm, { label: string; description: string }>,
  },
  reminders: {
    heading: 'Напоминания',
    options: {
      morning: '9:00',
      afternoon: '14:00',
      evening: '20:00',
      disabled: 'Выключены',
    } satisfies Record<ReminderTime, string>,
    /** A time is chosen, but the bot cannot write to the user (not allowed, or stopped in Telegram). */
    unreachable: 'Бот пока не может вам написать. Разрешите сообщения от бота — и напоминания начнут приходить.',
    /** Only Telegram lifts a block: the app cannot. */
    restartBot: 'Если вы остановили бота, откройте его чат и нажмите «Перезапустить».',
    allow: 'Разрешить сообщения',
  },
  about: {
    heading: 'Обо мне',
    placeholder: 'Расскажите о себе, что важно знать ассистенту: так ему будет проще вас понимать',
    /** The live 'N/500' counter. */
    counter: (length: number, max: number) => `${length}/${max}`,
    hint: 'Это учитывает ассистент в разговорах. Хранится в зашифрованном виде.',
    saving: 'Сохраняем…',
  },
  back: commonCopy.back,
} as const;

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

export interface FaqItem {
  id: string;
  question: string;
  /** Paragraphs; phone numbers in them become tap-to-call links. */
  answer: string[];
}

/** Seven questions, in the spec's order. Every answer describes the product as it is built. */
export const faq: FaqItem[] = [
  {
    id: 'what',
    question: 'Что это за приложение?',
    answer: [
      'Помощник для эмоционального состояния внутри Telegram. Можно поговорить с ИИ-ассистентом, вести дневник настроения и проходить практики: дыхательные, заземление, дневниковые и другие упражнения.',
      'Это поддержка в повседневных трудностях, а не замена психологу, психотерапевту или врачу.',
    ],
  },
  {
    id: 'storage',
    question: 'Как хранятся и защищаются мои данные?',
    answer: [
      'Данные хранятся на сервере приложения. Записи дневника, переписка с ассистентом, «Обо мне» и комментарии к практикам хранятся зашифрованными (AES-256-GCM): в базе данных и в её копиях их текст без ключа шифрования не прочитать.',
      'Вход — только через Telegram: приложение не знает ни вашего номера телефона, ни пароля.',
      'В настройках можно скачать всё, что о вас хранится, одним файлом или удалить все свои данные.',
    ],
  },
  {
    id: 'who-sees',
    question: 'Кто видит мои диалоги?',
    answer: [
      'Только вы. В приложении нет способа читать чужие разговоры, а в базе данных они зашифрованы.',
      'Чтобы ответить, ассистент передаёт текст разговора ИИ-модели — только для ответа.',
    ],
  },
  {
    id: 'history',
    question: 'Зачем хранится история?',
    answer: [
      'Чтобы ассистент помнил, о чём вы говорили в этом чате, и отвечал по существу, а вы могли вернуться к прошлым разговорам и записям дневника. Ещё ассистент учитывает то, что вы написали в «Обо мне».',
    ],
  },
  {
    id: 'delete',
    question: 'Можно ли удалить историю?',
    answer: [
      'Да, вручную: чат — в списке чатов, запись дневника — кнопкой «Удалить запись» на её странице, а всё сразу — «Удалить все мои данные» в настройках. Удалённое не восстановить.',
      'Отключить сохранение истории насовсем нельзя: без неё ассистент не сможет продолжать разговор.',
    ],
  },
  {
    id: 'subscriptions',
    question: 'Как работают подписки?',
    answer: [
      '«Старт» — бесплатно. PRO и PREMIUM дают больше диалогов с ИИ, голосовые сообщения, дневник настроения и продвинутые практики.',
      'Оплата — звёздами Telegram (Telegram Stars), а где доступно — и банковской картой, в окне оплаты Telegram, на 1, 3, 6 или 12 месяцев. Доступ открывается сразу после оплаты. Автоматических списаний нет: чтобы продлить, оплатите снова.',
      'На тарифе «Старт» можно один раз бесплатно попробовать PREMIUM на 7 дней. Вопросы об оплате — команда /paysupport в чате с ботом.',
    ],
  },
  {
    id: 'safety',
    question: 'Что делать, если совсем плохо?',
    answer: [
      'Если вы думаете о том, чтобы причинить себе вред, или чувствуете, что не справляетесь, — не оставайтесь с этим одни: позвоните по одному из номеров в начале этой страницы, там ответят живые люди.',
      'Ассистент может поддержать, но он не служба экстренной помощи.',
    ],
  },
];

export const helpCopy = {
  title: 'Помощь и поддержка',
  /** First on the page: the crisis lines, not folded inside the last answer. */
  linesHeading: 'Если очень тяжело прямо сейчас',
  faqHeading: 'Частые вопросы',
  supportHeading: 'Поддержка',
  /** The personal safety plan's entry (docs/safety-plan.md). */
  safetyPlan: {
    title: 'План безопасности',
    text: 'Ваши шаги на трудный момент: что помогает, к кому обратиться. Открывается даже без интернета.',
    open: 'Мой план безопасности',
  },
  supportText: 'Не нашли ответа? Напишите нам — ответит человек.',
  contact: 'Написать в поддержку',
  /**
   * Without SUPPORT_URL no person can be named (the server warns the operator at start): say so, and what still
   * helps — /paysupport lists the user's payments with their numbers.
   */
  noLink:
    'Контакт поддержки пока не указан. Если вопрос об оплате, отправьте боту команду /paysupport в чате, из которого открыли приложение: он покажет ваши платежи и их номера.',
  version: profileCopy.version,
  back: commonCopy.back,
} as const;
