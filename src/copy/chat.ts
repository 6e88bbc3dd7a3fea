// Every user-facing string of the chat list and the chat, verbatim from the product spec where it gives them. The
// toasts' words are in ./chatToasts.ts: the app shell holds every toast's words, and only those belong there.

/** The eight topic tiles of an empty chat; a tap sends the tile's text as the first message. */
export const CHAT_TOPICS = [
  'Стресс и тревожность',
  'Усталость и выгорание',
  'Прокрастинация и потеря фокуса',
  'Конфликты и обиды',
  'Нехватка мотивации',
  'Неуверенность и самокритика',
  'Внутренняя тревога',
  'Поиск смысла и целей',
] as const;

export const chatCopy = {
  list: {
    title: 'Чаты',
    newChat: 'Новый чат',
    /** A card of a chat without messages. */
    noPreview: 'Новый чат',
    emptyTitle: 'Нет активных чатов',
    emptyAction: 'Начать первый чат',
    errorTitle: 'Ошибка загрузки',
    errorText: 'Не удалось загрузить чаты',
    retry: 'Попробовать снова',
    loadMoreError: 'Не удалось загрузить чаты',
    delete: (topic: string) => `Удалить чат «${topic}»`,
    confirmTitle: 'Удалить чат?',
    confirmText: 'Переписка будет удалена навсегда, восстановить её будет нельзя.',
    confirm: 'Удалить',
    cancel: 'Отмена',
    deleting: 'Удаление...',
  },
  time: {
    yesterday: 'Вчера',
    daysAgo: (days: number) => `${days} дн. назад`,
  },
  session: {
    /** The page's heading of a chat without a topic yet. */
    newTitle: 'Новый чат',
    fallbackTitle: 'Чат',
    back: 'К чатам',
    greeting: 'Привет! Я ваш AI-помощник',
    prompt: 'Что вас беспокоит сейчас?',
    topicsLabel: 'Темы для разговора',
    messagesLabel: 'Сообщения',
    loadError: 'Не удалось загрузить сообщения',
    retry: 'Попробовать снова',
    notFound: 'Чат не найден',
    olderError: 'Не удалось загрузить сообщения',
    placeholder: 'Напишите сообщение...',
    inputLabel: 'Сообщение',
    you: 'Вы',
    assistant: 'ИИ-помощник',
    typing: 'ИИ-помощник печатает…',
    /** Reopened while the reply to the last message is still being written (not a failed send). */
    replyWriting: 'Ответ ещё пишется…',
    replied: 'Ответ ИИ-помощника',
    sendFailed: 'Сообщение не отправлено',
    resend: 'Отправить ещё раз',
    edit: 'Изменить',
    skip: 'Не отправлять',
    resendFirst: 'Сначала отправьте ещё раз неотправленное сообщение или измените его',
  },
  banner: {
    low: 'Лимит сообщений на сегодня почти исчерпан',
    exhausted: 'Лимит на сегодня исчерпан',
    upgrade: 'Улучшить тариф',
    /** The daily limits renew at the user's local midnight (quotas count in the user's time zone). */
    resets: 'Обновится в 00:00',
  },
  /** The after-crisis window: the header's button and its sheet (docs/safety.md). */
  helpNearby: {
    button: 'Помощь рядом',
    title: 'Помощь рядом',
  },
  /** The card under every crisis reply, and the sheet's way into the personal safety plan. */
  safetyPlan: {
    title: 'Мой план безопасности',
    text: 'Что помогает вам пережить трудные минуты, кому можно позвонить и что сделать самому — по шагам, в своём темпе.',
    open: 'Мой план безопасности',
    /** The card's button (its title already names the plan). */
    openCard: 'Открыть план',
  },
  /** A practice card in the after-crisis window: named honestly, nothing sold. */
  practiceLocked: 'Эта практика — на тарифах PRO и PREMIUM',
  practice: {
    label: 'Практика',
    minutes: (n: number) => `${n} мин`,
    pro: 'PRO',
    start: 'Начать',
    upgrade: 'Улучшить тариф',
  },
  diary: {
    title: 'Запись в дневник',
    subtitle: 'AI предлагает сохранить этот момент',
    create: 'Создать запись',
  },
} as const;
