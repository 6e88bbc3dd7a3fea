// Brings a message to one plain spelling, so a disguised phrase reads like the plain one:
//   1. Unicode compatibility forms (full-width letters…), zero-width characters, soft hyphens, stress marks, emoji
//      variation selectors and skin tones;
//   2. Latin look-alike letters and digits inside a Cyrillic word: «yмepeть», «c0бой», «жиzнь» → Cyrillic;
//      a word written wholly in Latin letters is transliterated instead: «ne hochu zhit» → «не хочу жит»;
//   3. punctuation between letters: «с.у.и.ц.и.д», «ум.ереть» (a full stop beside a piece of one or two letters),
//      «у-м-е-р-е-т-ь», «уб*ить»;
//   4. letters spaced apart: «у м е р е т ь», «ж и т ь» (runs of four or more single letters are joined);
//   5. spelling noise: ё → е, жы/шы → жи/ши, repeated letters squeezed («умерееееть»);
//   6. a message typed in the wrong keyboard layout («[jxe evthtnm» = «хочу умереть») is also read through the
//      ЙЦУКЕН layout, when its Latin words look like no language (layout keys inside words, no vowels).
// The rest of a word's spelling (unstressed vowels, ь, a letter dropped) is words.ts's work. The Latin view (lower
// case, steps 1 and 3 only) is kept beside it for English phrasings («kill myself»).

// Combining marks (stress marks) get a class of their own: inside the other class they would read as combined.
const INVISIBLE = /[\u00AD\u200B-\u200F\u2060-\u2064\uFEFF]|\uFE0E|\uFE0F|[\u0300-\u036F]|[\u{1F3FB}-\u{1F3FF}]/gu;

/** Latin letters and digits that look like Cyrillic ones, by their look (upper case first: «B» is в, «b» is ь). */
const LOOK_ALIKES: Record<string, string> = {
  A: 'а',
  B: 'в',
  C: 'с',
  E: 'е',
  H: 'н',
  K: 'к',
  M: 'м',
  O: 'о',
  P: 'р',
  T: 'т',
  X: 'х',
  Y: 'у',
  a: 'а',
  b: 'ь',
  c: 'с',
  e: 'е',
  k: 'к',
  m: 'м',
  n: 'п',
  o: 'о',
  p: 'р',
  r: 'г',
  t: 'т',
  u: 'и',
  x: 'х',
  y: 'у',
  '0': 'о',
  '1': 'и',
  '6': 'б',
  '@': 'а',
};

/** Common Russian transliteration, longest spellings first. */
const TRANSLIT: Array<[string, string]> = [
  ['shch', 'щ'],
  ['sch', 'щ'],
  ['zh', 'ж'],
  ['kh', 'х'],
  ['ch', 'ч'],
  ['sh', 'ш'],
  ['ts', 'ц'],
  ['yu', 'ю'],
  ['ya', 'я'],
  ['yo', 'е'],
  ['ye', 'е'],
  ['ju', 'ю'],
  ['ja', 'я'],
  ['iy', 'ий'],
  ['oy', 'ой'],
  ['ey', 'ей'],
  ['ay', 'ай'],
  ['uy', 'уй'],
  ['a', 'а'],
  ['b', 'б'],
  ['v', 'в'],
  ['w', 'в'],
  ['g', 'г'],
  ['d', 'д'],
  ['e', 'е'],
  ['z', 'з'],
  ['i', 'и'],
  ['j', 'й'],
  ['k', 'к'],
  ['l', 'л'],
  ['m', 'м'],
  ['n', 'н'],
  ['o', 'о'],
  ['p', 'п'],
  ['r', 'р'],
  ['s', 'с'],
  ['t', 'т'],
  ['u', 'у'],
  ['f', 'ф'],
  ['h', 'х'],
  ['c', 'к'],
  ['q', 'к'],
  ['x', 'кс'],
  ['y', 'ы'],
  ["'", 'ь'],
];

const CYRILLIC = /[а-яё]/i;
const LATIN_WORD = /^[a-z']+$/;

function transliterate(word: string): string {
  let out = '';
  for (let i = 0; i < word.length;) {
    const hit = TRANSLIT.find(([latin]) => word.startsWith(latin, i));
    if (!hit) {
      out += word[i++];
      continue;
    }
    out += hit[1];
    i += hit[0].length;
  }
  return out;
}

/** Short words that stand alone after a full stop typed without a space («себя.не отговаривайте», «ладно.я»). */
const SHORT_WORDS = new Set('не ни я а и в с к у о на по за до из от но же ты мы он'.split(' '));

/**
 * Pieces joined by full stops: a piece of one or two letters is part of a word («с.у.и.ц.и.д», «ум.ереть»), unless it
 * is a short word beside a longer one; between longer words a full stop is a sentence's end typed in a hurry («хочу
 * убить себя.серьезно.не отговаривайте»).
 */
function joinDotted(chain: string): string {
  const pieces = chain.split('.');
  const short = (piece: string, other: string) =>
    piece.length <= 2 && !(SHORT_WORDS.has(piece.toLowerCase()) && other.length >= 3);
  let out = pieces[0]!;
  for (let i = 1; i < pieces.length; i++) {
    const [before, after] = [pieces[i - 1]!, pieces[i]!];
    out += (short(before, after) || short(after, before) ? '' : '. ') + after;
  }
  return out;
}

/** Steps 1 and 3: invisible characters gone, letters separated by punctuation joined. Case is kept. */
function unmask(text: string): string {
  return (
    text
      .normalize('NFKC')
      .replace(INVISIBLE, '')
      // «с/у», suicide abbreviated: read before the slash is dropped, where «су» alone is «су-шеф» or a surname
      .replace(/(?<!\p{L})[сc]\/[уy](?!\p{L})/giu, 'суицид')
      .replace(/[\p{L}\d]+(?:\.[\p{L}\d]+)+/gu, joinDotted)
      .replace(/(?<=[\p{L}\d@])[-_*·•'’`~|/\\+]+(?=[\p{L}\d@])/gu, (sep) => (sep === "'" ? sep : ''))
  );
}

/** Step 4: «у м е р е т ь» → «умереть» (four or more single letters in a row; a wider gap parts two words). */
function joinSpacedLetters(text: string): string {
  return text.replace(/(?<!\p{L})\p{L}(?:[ \t]+\p{L}(?!\p{L})){3,}/gu, (run) =>
    run
      .split(/[ \t]{2,}/)
      .map((word) => word.replace(/[ \t]+/g, ''))
      .join(' '),
  );
}

/** Step 5, on lower-case text (also applied to the figures' patterns, figures-of-speech.ts). */
export const plainSpelling = (text: string): string =>
  text
    .replace(/ё/g, 'е')
    .replace(/([жш])ы/g, '$1и')
    .replace(/(\p{L})\1+/gu, '$1');

/** Ends of sentences, kept as ` . ` so a rule does not read across them; an ellipsis goes on («навсегда... из»). */
const SENTENCE_END = /\.{2,}|…|([.!?;\n]+)/g;

export interface NormalizedText {
  /** Lower-case Cyrillic words, numbers, emoji and ` . ` between sentences, one space apart: what the rules read. */
  russian: string;
  /** Lower case with invisible characters and inner punctuation removed: for English phrasings. */
  latin: string;
  /** The message read through the ЙЦУКЕН layout (step 6), or null when it does not look mistyped. */
  layout: string | null;
}

/** A Latin word made only of look-alike letters («c», «co» typed in a Cyrillic message). */
const LOOK_ALIKE_WORD = /^[ACEHKMOPTXYaceokmpxy]+$/;

function read(unmasked: string): string {
  const cyrillic = CYRILLIC.test(unmasked);
  const words = unmasked.split(/(\s+)/).map((word) => {
    if (/^\s*$/.test(word)) return word;
    if (CYRILLIC.test(word) || (cyrillic && LOOK_ALIKE_WORD.test(word)))
      return [...word]
        .map((ch) => LOOK_ALIKES[ch] ?? ch)
        .join('')
        .toLowerCase();
    const lower = word.toLowerCase();
    // A Latin word with trailing punctuation («zhit,»): transliterate the letters, keep the rest.
    return lower.replace(/[a-z']+/g, (letters) => (LATIN_WORD.test(letters) ? transliterate(letters) : letters));
  });
  return plainSpelling(
    words
      .join('')
      .replace(SENTENCE_END, (_, end?: string) => (end ? ' . ' : ' '))
      .replace(/[^\p{L}\p{N}\p{Extended_Pictographic}.\s]+/gu, ' ')
      // an emoji is a word of its own, also when typed against one: «хочу💀»
      .replace(/\p{Extended_Pictographic}/gu, (emoji) => ` ${emoji} `)
      .replace(/\s+/g, ' ')
      .trim(),
  );
}

export function normalizeMessage(text: string): NormalizedText {
  const unmasked = joinSpacedLetters(unmask(text));
  return {
    russian: read(unmasked),
    latin: unmasked.toLowerCase().replace(/\s+/g, ' ').trim(),
    layout: mistypedLayout(text),
  };
}

// ---- step 6: the wrong keyboard layout ---------------------------------------------------------------------------

const QWERTY = "qwertyuiop[]asdfghjkl;'zxcvbnm,.`";
const JCUKEN = 'йцукенгшщзхъфывапролджэячсмитьбюё';
const LAYOUT = new Map([...QWERTY].map((key, i) => [key, JCUKEN[i]!]));
// Shifted keys, and the Russian layout's own punctuation keys («/» is its full stop, «?» its comma).
const SHIFTED: Record<string, string> = {
  '{': 'х',
  '}': 'ъ',
  ':': 'ж',
  '"': 'э',
  '<': 'б',
  '>': 'ю',
  '~': 'ё',
  '/': '.',
  '?': ',',
  '&': '?',
};
for (const [key, letter] of Object.entries(SHIFTED)) LAYOUT.set(key, letter);

/**
 * Step 6: a message in Latin keys with no Cyrillic letter, read through ЙЦУКЕН as well. Read so, an English or a
 * transliterated message is gibberish that carries no concept; a mistyped Russian one reads as itself.
 */
function mistypedLayout(text: string): string | null {
  const clean = text.normalize('NFKC').replace(INVISIBLE, '');
  if (CYRILLIC.test(clean) || !/[a-z]/i.test(clean)) return null;
  const typed = [...clean].map((ch) => LAYOUT.get(ch.toLowerCase()) ?? ch).join('');
  return read(joinSpacedLetters(unmask(typed)));
}
