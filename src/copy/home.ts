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
  cards: {
    chat: { title: 'Чат с помощником', text: 'Поговорите о том, что волнует' },
    practices: { title: 'Практики', text: 'Дыхание, заземление и другие' },
    diary: { title: 'Дневник', text: 'Записывайте чувства и мысли' },
  },
  /** While the user's week (streak, chart, insight) is on its way. */
  weekLoading: 'Загружаем вашу неделю…',
} as const;
