// Brings a message to the one spelling the safety signals are written against, so a disguised phrase reads like
// the plain one. `canonical` is used on both sides: on the message, and on every signal's pattern source when it
// is compiled (compileSignals), so patterns are written in ordinary Russian.
//
// What it undoes (each step is a trick people use to get past filters, or a plain slip):
//   1. Unicode compatibility forms (full-width letters…), zero-width characters, soft hyphens, stress marks;
//   2. Latin look-alike letters and digits inside a Cyrillic word: «yмepeть», «c0бой», «жиzнь» → Cyrillic;
//      a word written wholly in Latin letters is transliterated instead: «ne hochu zhit» → «не хочу жит»;
//   3. punctuation between letters: «с.у.и.ц.и.д», «у-м-е-р-е-т-ь», «уб*ить»;
//   4. letters spaced apart: «у м е р е т ь», «ж и т ь» (runs of four or more single letters are joined);
//   5. spelling noise: ё → е, й → и, жы/шы → жи/ши, ь and ъ dropped, repeated letters squeezed («умерееееть»).
// The Latin view (lower case, steps 1 and 3 only) is kept beside it for English phrasings («kill myself»).

// Combining marks (stress marks) get a class of their own: inside the other class they would read as combined.
const INVISIBLE = /[\u00AD\u200B-\u200F\u2060-\u2064\uFEFF]|[\u0300-\u036F]/g;

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
  '3': 'з',
  '4': 'ч',
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

/** Steps 1 and 3: invisible characters gone, letters separated by punctuation joined. Case is kept. */
function unmask(text: string): string {
  return text
    .normalize('NFKC')
    .replace(INVISIBLE, '')
    .replace(/(?<=[\p{L}\d@])[.\-_*·•'’`~|/\\+]+(?=[\p{L}\d@])/gu, (sep) => (sep === "'" ? sep : ''));
}

/** Step 4: «у м е р е т ь» → «умереть» (four or more single letters in a row). */
function joinSpacedLetters(text: string): string {
  return text.replace(/(?<!\p{L})\p{L}(?:[ \t]+\p{L}(?!\p{L})){3,}/gu, (run) => run.replace(/[ \t]+/g, ''));
}

/** Step 5 on text that is already lower case and Cyrillic (also applied to pattern sources). */
export function canonical(text: string): string {
  return text
    .replace(/ё/g, 'е')
    .replace(/([жш])ы/g, '$1и')
    .replace(/й/g, 'и')
    .replace(/[ьъ]/g, '')
    .replace(/([а-я])\1+/g, '$1');
}

export interface NormalizedText {
  /** Cyrillic, canonical: what the Russian signals are matched against. */
  russian: string;
  /** Lower case with invisible characters and inner punctuation removed: for English phrasings. */
  latin: string;
}

export function normalizeMessage(text: string): NormalizedText {
  const unmasked = joinSpacedLetters(unmask(text));
  const words = unmasked.split(/(\s+)/).map((word) => {
    if (/^\s*$/.test(word)) return word;
    if (CYRILLIC.test(word))
      return [...word]
        .map((ch) => LOOK_ALIKES[ch] ?? ch)
        .join('')
        .toLowerCase();
    const lower = word.toLowerCase();
    // A Latin word with trailing punctuation («zhit,»): transliterate the letters, keep the rest.
    return lower.replace(/[a-z']+/g, (letters) => (LATIN_WORD.test(letters) ? transliterate(letters) : letters));
  });
  // Punctuation left between words («исчезну, никто») would stand between a signal's words: it becomes a space.
  const russian = canonical(
    words
      .join('')
      .replace(/[^\p{L}\d\s]+/gu, ' ')
      .replace(/\s+/g, ' ')
      .trim(),
  );
  const latin = unmasked.toLowerCase().replace(/\s+/g, ' ').trim();
  return { russian, latin };
}
