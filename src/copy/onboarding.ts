/**
 * Onboarding slides. Button texts verbatim from the spec. The third slide's promise is kept by saying where the trial
 * is and what stays free (docs/decisions/0154): «Начать» starts the app, never a sale.
 */
export const onboardingCopy = {
  skip: 'Пропустить',
  next: 'Далее',
  start: 'Начать',
  slides: [
    {
      title: 'Ваш помощник для эмоционального состояния',
      text: 'Поддержка в любой момент: когда тревожно, грустно, нет сил или просто хочется выговориться.',
      points: [] as string[],
      note: null,
    },
    {
      title: 'Что вы найдёте внутри',
      text: 'Всё, чтобы лучше понимать себя:',
      points: [
        'Разберитесь в своём состоянии через диалог — текстом или голосом',
        'Подберите практики: дыхание, заземление, продуктивность',
        'Ведите дневник чувств и состояний',
      ],
      note: null,
    },
    {
      title: '7 дней Premium бесплатно',
      text: 'Когда захотите, включите пробный период в профиле — без оплаты:',
      points: ['Расширенные диалоги с ИИ', 'Больше записей в дневнике', 'Доступ к продвинутым практикам'],
      note: 'А отметка настроения, разговор в чате и базовые практики бесплатны всегда.',
    },
  ],
} as const;
