// Reads the answer to the screening question the chat asks on the concern tier — «Иногда, когда так тяжело,
// появляются мысли о том, чтобы не жить. У вас бывают такие мысли?» (the Columbia screener's first question) — as
// yes, no or unclear. Pure, on the safety net's normalised spelling (normalize.ts), so «Дааа», «бывают…», «канешно»
// and «lf» (да typed in the Latin layout) read as what they are.
//
// It leans towards yes, as a screener should: any sign of yes wins over a no in the same answer («нет… хотя иногда
// бывает»), and a hedge («наверное», «может быть», «не часто») is a yes — a crisis reply someone did not need costs
// them a moment; a missed yes costs far more. Only a plain «не знаю» is unclear. Risk signs in the answer are the
// detector's to read (server/chat/service.ts asks it too): this module knows answers, not risk.
import { normalizeMessage, plainSpelling } from './normalize';

export type ScreeningAnswer = 'yes' | 'no' | 'unclear';

const words = (list: string) => list.split(' ').map(plainSpelling);

/** A yes by itself: «да», «ага», «конечно», a hedge. */
const YES = words(
  'да ага агась угу угум ес конечно канешно канешна разумеется естественно наверное наверно возможно пожалуй',
);
/** Words that say the thoughts exist; a «не» / «ни» before them makes them a no («не бывает»). */
const EXIST = words(
  'бывают бывали бывало было были есть случается случалось случаются появляются появлялись появляется возникают ' +
    'возникали возникает приходят приходили приходит посещают задумывался задумывалась думал думала мелькают мелькали бывает',
);
/** How often — any frequency at all is a yes, negated or not («не часто» still means sometimes). */
const OFTEN = words(
  'иногда часто редко временами периодически постоянно всегда регулярно порой изредка ежедневно каждый каждую каждое',
);
/** A no by itself. */
const NO = words('нет неа нету никогда никада ниразу');
/** English, on the Latin view. */
const YES_EN = ['yes', 'yeah', 'yep', 'sometimes', 'often', 'always', 'maybe'];
const NO_EN = ['no', 'nope', 'never', 'nah'];

const NEGATIONS = new Set(['не', 'ни']);
/** Idioms whose words mislead: «да нет» is a no; «не знаю» says nothing either way; «может быть» is a hedge. */
const PHRASES: Array<[RegExp, 'yes' | 'no' | 'neutral']> = [
  [/(^| )да нет( |$)/g, 'no'],
  [/(^| )ни разу( |$)/g, 'no'],
  [/(^| )уже нет( |$)|(^| )больше нет( |$)/g, 'no'],
  [/(^| )(не знаю|незнаю|хз|не уверен[а]?)( |$)/g, 'neutral'],
  [/(^| )может быть?( |$)|(^| )еще как( |$)|(^| )есть? такое( |$)/g, 'yes'],
];

/** One edit (replace, insert, delete) apart. */
function oneEditApart(a: string, b: string): boolean {
  if (Math.abs(a.length - b.length) > 1) return false;
  let i = 0;
  let j = 0;
  let edits = 0;
  while (i < a.length && j < b.length) {
    if (a[i] === b[j]) {
      i++;
      j++;
      continue;
    }
    if (++edits > 1) return false;
    if (a.length > b.length) i++;
    else if (b.length > a.length) j++;
    else {
      i++;
      j++;
    }
  }
  return edits + (a.length - i) + (b.length - j) <= 1;
}

/** The word is one of `list`, or a misspelling of one (one edit, on words of five letters or more). */
const isOneOf = (word: string, list: readonly string[]) =>
  list.includes(word) || (word.length >= 5 && list.some((w) => w.length >= 5 && oneEditApart(word, w)));

// The ЙЦУКЕН layout over QWERTY: «lf» typed with the wrong layout is «да».
const QWERTY = "qwertyuiop[]asdfghjkl;'zxcvbnm,.`";
const JCUKEN = 'йцукенгшщзхъфывапролджэячсмитьбюё';
const swapLayout = (text: string) => [...text.toLowerCase()].map((ch) => JCUKEN[QWERTY.indexOf(ch)] ?? ch).join('');

function readRussian(text: string): { yes: boolean; no: boolean } {
  let rest = ` ${text} `;
  let yes = false;
  let no = false;
  for (const [pattern, says] of PHRASES) {
    rest = rest.replace(pattern, () => {
      if (says === 'yes') yes = true;
      if (says === 'no') no = true;
      return ' ';
    });
  }
  const list = rest.split(' ').filter(Boolean);
  list.forEach((word, i) => {
    const negated = NEGATIONS.has(list[i - 1] ?? '');
    if (isOneOf(word, OFTEN)) yes = true;
    else if (isOneOf(word, EXIST)) {
      if (negated) no = true;
      else yes = true;
    } else if (isOneOf(word, NO) || (word === 'не' && list.length === 1)) no = true;
    else if (isOneOf(word, YES) && !negated) yes = true;
  });
  return { yes, no };
}

function readEnglish(latin: string): { yes: boolean; no: boolean } {
  const list = latin.split(/[^a-z]+/).filter(Boolean);
  return { yes: list.some((w) => YES_EN.includes(w)), no: list.some((w) => NO_EN.includes(w)) };
}

/** The answer to the screening question: yes (any sign of it), no, or unclear. */
export function readScreeningAnswer(answer: string): ScreeningAnswer {
  const { russian, latin } = normalizeMessage(answer);
  const views = [readRussian(russian), readEnglish(latin)];
  // Typed in the Latin layout by mistake («lf», «ytn»): read it as the Cyrillic keys it meant.
  if (!/\p{Script=Cyrillic}/u.test(answer) && /[a-z]/i.test(answer))
    views.push(readRussian(normalizeMessage(swapLayout(answer)).russian));
  if (views.some((v) => v.yes)) return 'yes';
  if (views.some((v) => v.no)) return 'no';
  return 'unclear';
}
