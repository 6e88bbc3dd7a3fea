/** Home's greeting, verbatim from the spec: apart from the rest of home's copy, because index.html's early paint of
 * the kept home carries it (src/earlyPaint.ts) and nothing else of home's words. */
export const greetingCopy = {
  greetings: {
    night: 'Доброй ночи',
    morning: 'Доброе утро',
    day: 'Добрый день',
    evening: 'Добрый вечер',
  },
  fallbackName: 'Друг',
} as const;
