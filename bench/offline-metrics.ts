// What bench/offline-assistant.ts counts in a replayed conversation. The definitions are the bench's own, written
// from the words and not from the assistant's code or phrase lists (server/chat/offline/), so a responder that
// games its own lists does not pass by construction.
//
// - repeated reply: the same reply (letters and digits, lower case) as an earlier reply in the conversation;
// - repeated opening: the same first sentence as an earlier reply's first sentence;
// - verbatim quote: four or more words in a row from the user's message in the reply to it;
// - question: a user message that asks — it has a «?», or begins with a question word or asks for advice
//   («как», «что», «почему», «можно ли», «стоит ли», «подскажи», «посоветуй», «что делать»…);
// - answered with a suggestion: the reply's text before its first «?» holds an advice cue — a verb of doing in the
//   imperative or a word that recommends («помогает», «попробуй», «стоит», «полезно», «лучше», «можно»…);
// - «вы» forms and «ты» forms: personal pronouns and the verb endings of each;
// - a recall: the reply names a thing of the person's life (work, study, family…) said in a user message at least three
//   messages before it (two or more user messages back) and not in the message it answers nor the one before.

const words = (text: string) =>
  text
    .toLowerCase()
    .replace(/ё/g, 'е')
    .match(/[а-яa-z0-9-]+/g) ?? [];
const normal = (text: string) => words(text).join(' ');
const firstSentence = (text: string) => text.split(/(?<=[.!?…])\s+/)[0] ?? '';

export function isRepeat(reply: string, earlier: readonly string[]): boolean {
  return earlier.some((r) => normal(r) === normal(reply));
}

export function isRepeatedOpening(reply: string, earlier: readonly string[]): boolean {
  const opening = normal(firstSentence(reply));
  return earlier.some((r) => normal(firstSentence(r)) === opening);
}

export function quotesMessage(reply: string, message: string, run = 4): boolean {
  const said = ` ${words(reply).join(' ')} `;
  const w = words(message);
  for (let i = 0; i + run <= w.length; i++) if (said.includes(` ${w.slice(i, i + run).join(' ')} `)) return true;
  return false;
}

const ASKS =
  /\?|^(как|что|почему|зачем|можно ли|стоит ли|есть ли|нормально ли|подскаж|посовет)|(что (мне )?делать|подскажи|посоветуй|посоветуйте|как быть)/;

export const isQuestion = (message: string) => ASKS.test(message.toLowerCase().replace(/ё/g, 'е').trim());

/** Words that recommend, and imperative endings of the verbs of doing (both forms of address). */
const ADVICE =
  /(помога|поможет|попробу|стоит |полезно|лучше |можно |советую|рекоменд|обратит|обратись|(?<![а-я])(дыши|дышите|встава|вставай|ложи|запиш|выпиш|назови|назовите|убери|уберите|начни|начните|выдели|выделите|раздели|разделите|возьми|возьмите|напиши|напишите|скажи|скажите|поговори|поговорите|выбери|выберите|запланир|отложи|отложите|работай|работайте|сформулир|договор|свяжи|свяжите|замечай|замечайте|следи|следите|дай|дайте|положи|положите|поделись|поделитесь))/;

export function answersWithSuggestion(reply: string): boolean {
  const before = reply.includes('?') ? reply.slice(0, reply.indexOf('?')) : reply;
  return ADVICE.test(before.toLowerCase().replace(/ё/g, 'е'));
}

export const FORMAL = /(?<![а-яё])(вы|вас|вам|вами|ваш[а-яё]*)(?![а-яё])|[а-яё]{3,}(ите|йте|итесь|йтесь)(?![а-яё])/i;
export const INFORMAL =
  /(?<![а-яё])(ты|тебя|тебе|тобой|тво[йеёияю][а-яё]*)(?![а-яё])|[а-яё]{2,}(ешь|ёшь|ишь|ешься|ишься)(?![а-яё])/i;

/** Things of a life a person mentions, as word stems. */
const LIFE = [
  'работ',
  'начальник',
  'коллег',
  'учеб',
  'экзамен',
  'зачет',
  'диплом',
  'мам',
  'пап',
  'родител',
  'муж',
  'жен',
  'сестр',
  'брат',
  'друз',
  'подруг',
  'дет',
  'сын',
  'деньг',
  'переезд',
];
const stemsIn = (text: string) => {
  const w = words(text);
  return new Set(LIFE.filter((stem) => w.some((x) => x.startsWith(stem))));
};

/** The reply brings back something from two or more user messages before the one it answers. */
export function recalls(reply: string, userMessages: readonly string[], index: number): boolean {
  if (index < 2) return false;
  const now = new Set([...stemsIn(userMessages[index]!), ...stemsIn(userMessages[index - 1]!)]);
  const before = new Set(userMessages.slice(0, index - 1).flatMap((m) => [...stemsIn(m)]));
  return [...stemsIn(reply)].some((stem) => before.has(stem) && !now.has(stem));
}
