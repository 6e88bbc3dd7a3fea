// What the app says beside words of suicide or self-harm, wherever they are written outside the chat, and in the
// chat when its own crisis reply could not arrive: a heading, a line for the place, and the crisis lines as
// tap-to-call links (the operator's list: src/api/safety.ts).

export const crisisCopy = {
  title: 'Вы не одни',
  /** The step practices: the answers stay where they are. */
  steps:
    'Похоже, сейчас вам очень тяжело. Спасибо, что написали об этом. Ответы останутся здесь, а сейчас важнее вы сами.',
  /** A diary entry: it is saved as usual. */
  diary: 'Похоже, сейчас вам очень тяжело. Спасибо, что написали об этом. Запись сохранится, а сейчас важнее вы сами.',
  /** A chat message that has not reached the assistant (the server's crisis reply could not come). */
  chat: 'Похоже, сейчас вам очень тяжело. Сообщение пока не дошло до ассистента, а живые люди ответят прямо сейчас.',
  /** A practice's comment. */
  comment:
    'Похоже, сейчас вам очень тяжело. Спасибо, что поделились. Ассистент в чате рядом, а живые люди помогут прямо сейчас.',
} as const;
