// The plans and the checkout, verbatim where the product spec gives the words. Prices: stars first as '{amount} ⭐'
// (issue 24: a bare number read as nothing), roubles as '{amount} ₽', grouped the Russian way (docs/decisions/0225).
import { format, isValid, parseISO } from 'date-fns';
import { ru } from 'date-fns/locale/ru';
import { monthsPhrase } from '../../contract/months';
import { plural } from '../../contract/plural';
import type { PlanAction } from '../../contract/plan-choice';

const grouped = new Intl.NumberFormat('ru-RU');

/** '1 990 ₽' with no-break spaces (Russian grouping, and the sign never wraps away from its number). */
export const formatRub = (amount: number) => `${grouped.format(amount)}\u00a0₽`;
/** Stars: '1 000 ⭐', the unit kept with its number. */
export const formatStars = (amount: number) => `${grouped.format(amount)}\u00a0⭐`;
/** A price in the currency it is shown in. */
export const formatPrice = (currency: 'stars' | 'rub', amount: number) =>
  currency === 'stars' ? formatStars(amount) : formatRub(amount);
/** '15 января 2030'; '' when unparsable. */
export const formatDay = (iso: string | null | undefined) => {
  const date = iso ? parseISO(iso) : null;
  return date && isValid(date) ? format(date, 'd MMMM yyyy', { locale: ru }) : '';
};

export const billingCopy = {
  /** One way for the plans and the checkout to show a price, its discount and the other currency. */
  price: {
    /** 'Скидка 17% · экономия 200 ⭐': the percent and the amount saved, in the price's currency. */
    discount: (percent: number, saving: string) => `Скидка ${percent}% · экономия ${saving}`,
    /** The other currency, for reference: '≈ 1 990 ₽' under stars; 'или 1 000 ⭐' under roubles. */
    reference: (currency: 'stars' | 'rub', other: number) =>
      currency === 'stars' ? `≈ ${formatRub(other)}` : `или ${formatStars(other)}`,
  },
  plans: {
    title: 'Тарифы',
    featured: 'Лучший выбор',
    popular: 'Популярный',
    /** '1 месяц' or 'N мес'. */
    period: (months: number) => (months === 1 ? '1 месяц' : `${months} мес`),
    periodsLabel: 'Период подписки',
    discountBadge: (percent: number) => `-${percent}%`,
    /** 'в месяц' or 'за N месяцев' (in Russian agreement: за 3 месяца, за 12 месяцев). */
    per: (months: number) => (months === 1 ? 'в месяц' : `за ${monthsPhrase(months)}`),
    includes: 'Что входит:',
    actions: { current: 'Текущая подписка', select: 'Выбрать', unavailable: 'Недоступно' } satisfies Record<
      PlanAction,
      string
    >,
    /** Why «Недоступно»: only tiers above the one held are sold. */
    unavailableWhy: 'Ваш тариф уже выше',
    notes: ['Доступ открывается сразу после оплаты.', 'Продление — повторной оплатой: автоматических списаний нет.'],
    trial: (date: string) =>
      `Сейчас действует пробный период PREMIUM${date ? ` до ${date}` : ''}. Оплата PREMIUM продлит его.`,
    loadError: 'Не удалось загрузить тарифы',
    retry: 'Попробовать снова',
  },
  checkout: {
    title: 'Оформление подписки',
    notFound: 'Тариф не найден',
    unavailable: 'Недоступно',
    unavailableText: 'Этот тариф не выше вашей текущей подписки.',
    toPlans: 'К тарифам',
    summaryLabel: 'Ваш заказ',
    methodsTitle: 'Способ оплаты',
    methods: {
      stars: { name: 'Telegram Stars', hint: 'Оплата звёздами прямо в Telegram', badge: 'Рекомендуем' },
      card: { name: 'Банковская карта', hint: 'Visa, Mastercard, МИР', badge: '' },
    },
    cardOff: 'Оплата картой пока недоступна',
    /** 'Оплатить 1 000 ⭐' or 'Оплатить 1 990 ₽'; plain 'Оплатить' until a method is chosen. */
    pay: (method: 'stars' | 'card' | null, rub: number, stars: number) =>
      method === 'stars'
        ? `Оплатить ${formatStars(stars)}`
        : method === 'card'
          ? `Оплатить ${formatRub(rub)}`
          : 'Оплатить',
    chooseMethod: 'Выберите способ оплаты',
    /** The server's figures: a lower paid tier's whole days left and the days of the new tier they become. */
    credit: (c: { from: string; from_days: number; to: string; days: number }) =>
      c.days > 0
        ? `Оставшиеся дни ${c.from} (${c.from_days}) перейдут в ${c.to}: +${c.days} ${plural(c.days, ['день', 'дня', 'дней'])}.`
        : `Оставшиеся дни ${c.from} (${c.from_days}) не перейдут в ${c.to}: их не хватает даже на один день.`,
    endsTrial: (trial: string, tier: string) =>
      `Пробный период ${trial} закончится сразу после оплаты — начнётся ${tier}.`,
    opening: 'Открываем оплату…',
    /** When the server gave no reason of its own. */
    invoiceFailed: 'Не удалось создать счёт. Попробуйте ещё раз.',
    paid: 'Оплата прошла — подключаем подписку…',
    pending: 'Платёж обрабатывается, ждём подтверждения. Экран обновится сам.',
    delayed: 'Подтверждение задерживается. Доступ откроется сам, как только Telegram подтвердит платёж.',
    checkAgain: 'Проверить снова',
    thanksTitle: 'Спасибо!',
    thanks: (tier: string, date: string) => `Подписка ${tier} активна${date ? ` до ${date}` : ''}.`,
    done: 'Готово',
    cancelled: 'Оплата отменена. Деньги не списаны.',
    failed: 'Оплата не прошла. Деньги не списаны.',
    unsupported: 'Оплата в этой версии Telegram недоступна. Обновите приложение Telegram и попробуйте снова.',
    tryAgain: 'Попробовать снова',
    loadError: 'Не удалось загрузить тарифы',
    retry: 'Попробовать снова',
  },
} as const;

/** The free PREMIUM trial offered on the profile (machines/billing/trial.machine.ts). */
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

/** The subscription card on the profile: the plan, its renewal and today's usage. */
export const subscriptionCardCopy = {
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
} as const;
