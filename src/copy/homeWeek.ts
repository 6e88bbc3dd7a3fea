/**
 * Home's own week: the streak, the mood chart and the insight (the lazily loaded part of home, so its words travel
 * with it, not on the first load's path).
 */
import { plural } from '../../contract/plural';

export const homeWeekCopy = {
  streak: {
    /** The label of the number: consecutive days with something done («1 день подряд», «7 дней подряд»). */
    title: (n: number) => plural(n, ['день подряд', 'дня подряд', 'дней подряд']),
    today: 'Вы заботитесь о себе каждый день',
    /** The streak stands on yesterday; today has nothing yet — an invitation, never a warning. */
    notYetToday: 'Серия продолжается — сегодняшний день ещё впереди',
    /** A broken streak: what was kept, not what was lost. */
    keptTitle: (n: number) => plural(n, ['день заботы за месяц', 'дня заботы за месяц', 'дней заботы за месяц']),
    kept: 'Каждый из них остаётся с вами — продолжить можно в любой день',
    startTitle: 'Первый шаг',
    start: 'Отметьте настроение, поговорите в чате или сделайте практику — и серия начнётся',
  },
  weekTitle: 'Настроение за неделю',
  weekDays: ['Пн', 'Вт', 'Ср', 'Чт', 'Пт', 'Сб', 'Вс'],
  /** The chart's text alternative: «Пн: 4 из 5», «Вт: нет записи». */
  weekDay: (day: string, mood: number | null) =>
    mood === null ? `${day}: нет записи` : `${day}: ${mood.toLocaleString('ru-RU')} из 5`,
  /** Every plan can do it: the check-in above is free. */
  weekEmpty: 'Отметьте настроение выше — и здесь появится ваша неделя',
  insightTitle: 'Мысль дня',
  loadError: 'Не удалось загрузить данные',
  /** Under a week that could not be brought up to date (it stays on screen: known data is never taken away). */
  staleNote: 'Не удалось обновить — показаны последние данные',
  retry: 'Попробовать снова',
} as const;
