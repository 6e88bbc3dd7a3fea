/** Home screen. Greeting, prompt and button verbatim from the spec. */
export const homeCopy = {
  greetings: {
    night: 'Доброй ночи',
    morning: 'Доброе утро',
    day: 'Добрый день',
    evening: 'Добрый вечер',
  },
  fallbackName: 'Друг',
  prompt: 'Как вы себя чувствуете сегодня?',
  moodCardTitle: 'Быстрая запись настроения',
  moodCardHint: 'Выберите, как вы себя чувствуете',
  record: 'Записать',
  cards: {
    chat: { title: 'Чат с помощником', text: 'Поговорите о том, что волнует' },
    practices: { title: 'Практики', text: 'Дыхание, заземление и другие' },
    diary: { title: 'Дневник', text: 'Записывайте чувства и мысли' },
  },
  streak: {
    /** The label of the number: consecutive days with something done. */
    title: 'Дней подряд',
    today: 'Вы заботитесь о себе каждый день',
    /** The streak stands on yesterday; today has nothing yet — an invitation, never a warning. */
    notYetToday: 'Серия продолжается — сегодняшний день ещё впереди',
    /** A broken streak: what was kept, not what was lost. */
    keptTitle: 'Дней заботы за месяц',
    kept: 'Каждый из них остаётся с вами — продолжить можно в любой день',
    startTitle: 'Первый шаг',
    start: 'Запись в дневнике, разговор в чате или практика — и серия начнётся',
  },
  weekTitle: 'Настроение за неделю',
  weekDays: ['Пн', 'Вт', 'Ср', 'Чт', 'Пт', 'Сб', 'Вс'],
  /** The chart's text alternative: «Пн: 4 из 5», «Вт: нет записи». */
  weekDay: (day: string, mood: number | null) =>
    mood === null ? `${day}: нет записи` : `${day}: ${mood.toLocaleString('ru-RU')} из 5`,
  weekEmpty: 'Отметьте настроение в дневнике — и здесь появится ваша неделя',
  insightTitle: 'Мысль дня',
  loading: 'Загружаем вашу неделю…',
  loadError: 'Не удалось загрузить данные',
  retry: 'Попробовать снова',
} as const;
