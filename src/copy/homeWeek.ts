/**
 * Home's own week: the streak, the mood chart and the insight (the lazily loaded part of home, so its words travel
 * with it, not on the first load's path).
 */
export const homeWeekCopy = {
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
  loadError: 'Не удалось загрузить данные',
  retry: 'Попробовать снова',
} as const;
