import { greetingCopy } from './greeting';

/** Home screen. Greeting, prompt and button verbatim from the spec. */
export const homeCopy = {
  ...greetingCopy,
  prompt: 'Как вы себя чувствуете сегодня?',
  cards: {
    chat: { title: 'Чат с помощником', text: 'Поговорите о том, что волнует' },
    practices: { title: 'Практики', text: 'Дыхание, заземление и другие' },
    diary: { title: 'Дневник', text: 'Записывайте чувства и мысли' },
  },
  /** While the user's week (streak, chart, insight) is on its way. */
  weekLoading: 'Загружаем вашу неделю…',
} as const;
