// The safety net's detector. It reads a message the way a person would rather than looking for listed phrases:
//   1. normalize.ts brings it to one spelling (look-alike letters, translit, spaced letters, the wrong keyboard
//      layout, emoji kept as words);
//   2. figures-of-speech.ts blanks everyday figures of speech and denials, and rewrites idioms to plain words;
//   3. each word gets the concepts it carries (lexicon.ts) through its stem, folded vowels and one edit (words.ts);
//      «не» marks the next word NEG, a past-tense form is marked PAST;
//   4. the warning signs (signals.ts) are rules over those concepts; each sign found has a weight, and the weights
//      of different signs add up — over this message and the person's last few messages (`context`).
// Runs before the model on every chat message (server/chat/service.ts) and on the device over what someone writes in
// the diary, a step practice or a practice's rating: pure TypeScript, one small stemmer its only dependency.
import { FIGURES_OF_SPEECH, IDIOMS } from './figures-of-speech';
import { CONCEPTS } from './lexicon';
import { headScore, modelFeatures, shippedModel, type ConceptWords, type Model } from './model';
import { normalizeMessage, plainSpelling, type NormalizedText } from './normalize';
import { compileRule, requiredTags } from './rules';
import { REAL_WORD_KEYS } from './real-words';
import { readScreeningAnswer } from './screener';
import { settles } from './settled';
import { CONCERN, CRISIS, ENGLISH, SIGNALS, type Signal, type SignalKind } from './signals';
import { Lexicon } from './words';

/**
 * The detector's three verdicts: `crisis` answers with the crisis reply, `concern` with the screening question
 * («…У вас бывают такие мысли?»), `none` with an ordinary reply.
 */
export type RiskTier = 'none' | 'concern' | 'crisis';

export interface RiskAssessment {
  tier: RiskTier;
  /** `tier === 'crisis'`: the crisis reply is due. */
  risk: boolean;
  /** The strongest signal found (its id and kind), for the log and the tests; never shown to the user. */
  signal?: { id: string; kind: SignalKind };
  /** The weights of the signs found, added up (CONCERN = 4 and more asks, CRISIS = 10 and more is a crisis). */
  score: number;
  /** The warning signs found (signals.ts `sign`), strongest first. */
  signs: string[];
}

// ---- the text patterns of figures-of-speech.ts ------------------------------------------------------------------

/**
 * The reading is lower-case Cyrillic (normalize.ts), so a letter is `[а-я]` here: a plain class, not the Unicode
 * property `\\p{L}`, whose regular expressions cost V8 ≈ 100 ms to compile to machine code on first use.
 */
const LETTER = '[а-яё]';

function compileText(source: string): RegExp {
  const expanded = plainSpelling(source)
    .replace(/\\p\{L\}/g, LETTER)
    .replace(/(?<=[а-яё])\*/g, `${LETTER}*`)
    .replace(/ ~ /g, `(?:\\s+${LETTER}+){0,2}\\s*`)
    .replace(/ /g, '\\s*');
  return new RegExp(`(?<!${LETTER})(?:${expanded})(?!${LETTER})`, 'g');
}

const figures = FIGURES_OF_SPEECH.map(compileText);
const idioms = IDIOMS.map(([source, word]) => [compileText(source), ` ${word} `] as const);

// ---- words to concepts ------------------------------------------------------------------------------------------

/** Each concept's entries as the lexicon takes them (also read by scripts/safety-real-words.ts). */
export const CONCEPT_ENTRIES: Readonly<Record<string, readonly string[]>> = Object.fromEntries(
  Object.entries(CONCEPTS).map(([tag, words]) => [tag, plainSpelling(words).split(/\s+/)]),
);

const lexicon = new Lexicon(CONCEPT_ENTRIES, new Set(REAL_WORD_KEYS.split(' ')));

/** Words «не» reaches across to the word it negates: «не очень хочу», «не буду беспокоить», «не в шутку». */
const NEGATION_SKIPS = new Set(
  'очень совсем особо слишком сильно вообще просто то уж так буду будем стану стала стал в на о за с по'.split(' '),
);
/** «не» reaches past a skipped word to the next one; past «буду», «стала» only to a verb («не буду беспокоить»). */
const skippable = (token: string, next: string | undefined) =>
  next !== undefined && next !== '.' && (!AUXILIARIES.has(token) || /(?:ть|ться|чь)$/.test(next));
const AUXILIARIES = new Set('буду будем стану стала стал'.split(' '));
const PAST = /(?:л|ла|ли|ло)(?:ся|сь)?$/;
const PREPOSITIONS = new Set(['в', 'на', 'о', 'за', 'к', 'с', 'у', 'для', 'от']);
/** A count of pills from which swallowing them is an overdose («выпила 20 таблеток»). */
const MANY_PILLS = 10;
/** Digits typed for letters, each read as the letters it may stand for: «ум3ру», «уб1ть», «4ерез». */
const DIGIT_LETTERS: Record<string, string[]> = { '3': ['е', 'з'], '4': ['ч', 'а'], '8': ['в'], '9': ['д'] };

/** The tags of a word, trying each reading of digits typed in it. */
function tagsOf(token: string): readonly string[] {
  if (!/\d/.test(token)) return lexicon.tags(token);
  let variants = [''];
  for (const ch of token) variants = variants.flatMap((v) => (DIGIT_LETTERS[ch] ?? [ch]).map((l) => v + l));
  for (const variant of variants.slice(0, 8)) {
    const tags = lexicon.tags(variant);
    if (tags.length) return tags;
  }
  return [];
}

/**
 * Words typed together without a space («нехочужить», «хочуумеретьпрямщас»), and how: `onto`, «не», «ни» or a word of
 * one letter typed onto a known word; `apart`, known words one after another, each after the first read as spelled
 * (no edit), the last one maybe unknown.
 */
function unglued(token: string): { way: 'onto' | 'apart'; parts: Array<Set<string>> } | null {
  // «яхочу», «исдохнуть»: a word of one letter typed onto a known word
  if (/^[яиа]/.test(token) && token.length >= 5) {
    const rest = lexicon.tags(token.slice(1), false);
    if (rest.length) return { way: 'onto', parts: [new Set(lexicon.tags(token[0]!, false)), new Set(rest)] };
  }
  if (token.length < 6) return null;
  if (/^н[еи]/.test(token)) {
    const rest = token.slice(2);
    const alone = lexicon.tags(rest, false);
    const parts = alone.length ? [new Set(alone)] : split(rest, 0);
    if (parts) {
      parts[0]!.add('NEG');
      return { way: 'onto', parts };
    }
  }
  const parts = split(token, 0);
  return parts && { way: 'apart', parts };
}

/** Whether a word no entry knows is read as known words one after another (scripts/safety-real-words.ts asks). */
export const readsApart = (token: string): boolean => unglued(token)?.way === 'apart';

/**
 * A word typed together's parts. A real word is not known words typed together: «поступал» is not «пост» + «упал»
 * (real-words.ts); «не», «ни» or a one-letter word typed onto the next («нежить», «ябы») are read so all the same.
 */
function unglue(token: string): Array<Set<string>> | null {
  const read = unglued(token);
  return read && !(read.way === 'apart' && lexicon.isReal(token)) ? read.parts : null;
}

/**
 * The shortest word read at the head of letters typed together: two letters are «вы», «на», «по», which start too
 * many words («вынашиваю» is not «вы» + «на» + …, someone else's).
 */
const GLUED_HEAD_MIN = 3;

/**
 * Known words one after another («хочу|умереть|прямщас»); null unless two of them are known. A letter the two words
 * shared at the seam was squeezed by the normaliser («хочуумереть» → «хочумереть»), so it is tried on both sides.
 */
function split(token: string, known: number): Array<Set<string>> | null {
  for (let at = token.length - 3; at >= GLUED_HEAD_MIN; at--) {
    const head = token.slice(0, at); // the longest known word first: «умереть», not «умер»
    if (!lexicon.isEntry(head)) continue;
    const first = new Set(lexicon.tags(head, false));
    for (const rest of [token.slice(at), token.slice(at - 1)]) {
      const restTags = lexicon.tags(rest, false);
      if (restTags.length) return [first, new Set(restTags)];
      const more = split(rest, known + 1);
      if (more) return [first, ...more];
    }
  }
  return known >= 2 ? [new Set()] : null;
}

/**
 * Letters typed apart in pieces («не хо чу жи ть», «вы пи лить ся», «сдо хнуть»): short pieces next to each other
 * that make a known word together, when one of them means nothing alone.
 */
function joinPieces(tokens: string[]): string[] {
  const out: string[] = [];
  for (let i = 0; i < tokens.length; i++) {
    let joined: string | null = null;
    for (let n = 4; n >= 2 && !joined; n--) {
      const pieces = tokens.slice(i, i + n);
      if (pieces.length < n || pieces.some((p) => p.length > 5 || /[.\d]/.test(p) || FUNCTION_WORDS.has(p))) continue;
      if (pieces.every((p) => lexicon.tags(p).length > 0)) continue;
      const word = pieces.join('');
      if (word.length < 4 || lexicon.tags(word, false).length === 0) continue;
      joined = word;
      i += n - 1;
    }
    // «по кончить со бой»: a preposition-like piece typed apart from the rest of its word
    const prefixed = joined ? null : prefixedWord(tokens.slice(i, i + 3));
    if (prefixed) i += prefixed.pieces - 1;
    out.push(joined ?? prefixed?.word ?? tokens[i]!);
  }
  return out;
}

/** Pieces that begin words as often as they stand alone: «со бой» → «собой», «на всегда» → «навсегда». */
const PREFIXES = new Set('в во на с со у о об от до по за из вы при'.split(' '));

/**
 * The piece and the one or two words after it as one word («на все гда» → «навсегда»): an entry that means more than
 * the words after the piece alone.
 */
function prefixedWord([piece, ...rest]: string[]): { word: string; pieces: number } | null {
  if (!piece || !PREFIXES.has(piece)) return null;
  for (let n = rest.length; n >= 1; n--) {
    const after = rest.slice(0, n);
    if (after.some((p) => /[.\d]/.test(p)) || (n > 1 && after.some((p) => p.length > 5))) continue;
    const word = piece + after.join('');
    // an entry as written, not a stem's neighbour («в этом» is no «выйти»)
    if (word.length < 5 || !lexicon.isEntry(word)) continue;
    const alone = new Set(after.flatMap((p) => lexicon.tags(p)));
    if (lexicon.tags(word, false).some((tag) => !alone.has(tag))) return { word, pieces: n + 1 };
  }
  return null;
}

/** Words that stay words of their own when typed apart: «не нужна» is not «ненужна». */
const FUNCTION_WORDS = new Set('не ни и а но да в во на с со к у о об от до по за из я мы он она'.split(' '));

interface Reading {
  /** `{ TAG TAG }` per word, `|` per sentence end: what the rules (rules.ts) match. */
  text: string;
  /** Each word's tags, in order (sentence ends are `null`). */
  words: Array<Set<string> | null>;
  /** Where each word's group starts in `text`. */
  offsets: number[];
  all: Set<string>;
  /**
   * The rules read a risk word and explained it away: a figure of speech («умереть от стыда»), a sign damped by
   * what surrounds it («жить в этом городе»), someone else's or a told story. The model does not overrule that,
   * nor a message with a concept that makes risk words ordinary (signals.ts `unless`: a hobby, a prescription…).
   */
  explained: boolean;
  /** A figure of speech was read and blanked («умираю со смеху», «всё закончилось хорошо»). */
  figured: boolean;
  laughs: Laughs;
}

/** The sentences (counted from 0) where the writer laughs, and those that are only a laugh. */
interface Laughs {
  in: Set<number>;
  only: Set<number>;
  /** The writer says it was a joke («шучу»): of the whole message. */
  takenBack: boolean;
}

function readWords(russian: string): Reading {
  let text = russian;
  for (const figure of figures) text = text.replace(figure, ' ');
  const figured = text !== russian;
  for (const [idiom, word] of idioms) text = text.replace(idiom, word);
  const words: Reading['words'] = [];
  let negate = false;
  const tokens = joinPieces(text.split(/\s+/).filter(Boolean));
  const negateLast = () => {
    // «писать не буду»: a «не» with nothing after it in the sentence negates the word before
    const last = words.at(-1);
    if (negate && last) last.add('NEG');
    negate = false;
  };
  for (const [i, token] of tokens.entries()) {
    if (token === '.') {
      negateLast();
      words.push(null);
      continue;
    }
    // «не», and «ни» misspelt for it («ни хачу»), but not in «ни в чём», «ни на что»
    if (token === 'не' || (token === 'ни' && !PREPOSITIONS.has(tokens[i + 1] ?? ''))) {
      negate = true;
      continue;
    }
    if (/^\d+$/.test(token)) {
      words.push(new Set(Number(token) >= MANY_PILLS ? ['NUMBER', 'MANY'] : ['NUMBER']));
      continue;
    }
    const own = tagsOf(token);
    const glued = own.length === 0 ? unglue(token) : null;
    if (glued) {
      for (const [n, part] of glued.entries()) {
        if (n === 0 && negate) part.add('NEG');
        words.push(part);
      }
      negate = false;
      continue;
    }
    const tags = new Set(own);
    if (negate) {
      if (NEGATION_SKIPS.has(token) && skippable(token, tokens[i + 1])) {
        words.push(tags);
        continue;
      }
      tags.add('NEG');
      negate = false;
    }
    if (token.length >= 4 && PAST.test(token)) tags.add('PAST');
    words.push(tags);
  }
  negateLast();
  let joined = '';
  const offsets: number[] = [];
  const all = new Set<string>();
  for (const tags of words) {
    offsets.push(joined.length);
    if (!tags) joined += '|';
    else {
      joined += `{ ${[...tags].join(' ')} }`;
      tags.forEach((t) => all.add(t));
    }
  }
  return { text: joined, words, offsets, all, explained: figured, figured, laughs: laughter(words) };
}

/**
 * Where the writer laughs: the sentences with a laugh («лол», «ахах», «😂», «шучу») and the sentences of laughs alone.
 * None when the message says it is serious («это не шутка», «без приколов», «серьёзно»): a joke denied is no joke.
 */
function laughter(words: Reading['words']): Laughs {
  const none = (): Laughs => ({ in: new Set(), only: new Set(), takenBack: false });
  const laughs = none();
  let sentence = 0;
  let others = 0;
  let laughed = false;
  const end = () => {
    if (laughed && others === 0) laughs.only.add(sentence);
    [sentence, others, laughed] = [sentence + 1, 0, false];
  };
  for (const [i, tags] of words.entries()) {
    if (!tags) {
      end();
      continue;
    }
    const denied = tags.has('NEG') || words[i - 1]?.has('WITHOUT');
    if (tags.has('SERIOUS') || ((tags.has('LAUGH') || tags.has('JOKE')) && denied)) return none();
    // «он решил, что я так шучу»: a joke someone else supposes, not one the writer makes
    const joke = tags.has('JOKE') && ![1, 2, 3].some((back) => words[i - back]?.has('WHAT'));
    if (joke) laughs.takenBack = true;
    if (tags.has('LAUGH') || joke) {
      laughs.in.add(sentence);
      laughed = true;
    } else others++;
  }
  end();
  return laughs;
}

// ---- signs and their weights ------------------------------------------------------------------------------------

const rules = SIGNALS.map((signal) => ({
  signal,
  patterns: signal.match.map((p) => ({ regex: new RegExp(compileRule(p).source, 'g'), needs: requiredTags(p) })),
  unless: signal.unless?.split(' ') ?? [],
}));

/** The concepts that make a sign's words ordinary (a hobby, a move, a doctor's prescription, a topic). */
const ORDINARY_CONCEPTS = [...new Set(rules.flatMap((rule) => rule.unless))];

/** How far back (in words, within the sentence) a subject is looked for: «подруга сказала, что хочет умереть». */
const SUBJECT_REACH = 5;

/**
 * The act starting at word `start` and ending before `end` is someone else's: another subject, and no «я». A person
 * after «с» is no subject («после ссоры с папой расковыряла шрамы»).
 */
function someoneElses(reading: Reading, start: number, end: number): boolean {
  for (let i = start - 1; i >= Math.max(0, start - SUBJECT_REACH); i--) {
    const tags = reading.words[i];
    if (!tags) return false;
    if (tags.has('I')) return false;
    if (tags.has('OTHER') && !reading.words[i - 1]?.has('WITH'))
      return !reading.words.slice(start, end).some((t) => t?.has('I'));
  }
  return false;
}

/**
 * A death told of someone close («брат», «сосед» before the act) is asked about gently (CONCERN); told of no one
 * named, it is a story or the news (nothing).
 */
const toldWeight = (reading: Reading, start: number) =>
  reading.words.slice(0, start).some((t) => t?.has('OTHER')) ? CONCERN : 0;

/** The verbs of an act, whose past tense tells of a death. */
const ACTS = ['END', 'METHOD', 'KILL', 'JUMP'];

/** The act between words `start` and `end` is a verb in the past tense, and its sentence has no «я». */
function toldOfAnother(reading: Reading, start: number, end: number): boolean {
  const told = (t: Set<string> | null) => !!t && t.has('PAST') && ACTS.some((act) => t.has(act));
  if (!reading.words.slice(start, end).some(told)) return false;
  let from = start;
  while (from > 0 && reading.words[from - 1]) from--;
  let to = end;
  while (to < reading.words.length && reading.words[to]) to++;
  return !reading.words.slice(from, to).some((t) => t?.has('I'));
}

const wordAt = (reading: Reading, offset: number) => {
  let lo = 0;
  let hi = reading.offsets.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (reading.offsets[mid]! <= offset) lo = mid;
    else hi = mid - 1;
  }
  return lo;
};

/** How many sentences on each side of a sign's own its `unless` words count in. */
const UNLESS_REACH = 1;

/**
 * The tags of the sentences around word `at`, but a negated word's: what makes a sign's words ordinary is said
 * beside them («купила снотворное. врач выписал»), not anywhere in a long message about a hard week.
 */
function around(reading: Reading, at: number, reach = UNLESS_REACH): Set<string> {
  let [from, to, ends] = [at, at, 0];
  while (from > 0 && (reading.words[from - 1] !== null || ends++ < reach)) from--;
  ends = 0;
  while (to < reading.words.length && (reading.words[to] !== null || ends++ < reach)) to++;
  const tags = new Set<string>();
  // a word denied does not make them ordinary: «мне уже не страшно с него прыгнуть» is no fear of heights
  for (const word of reading.words.slice(from, to)) if (!word?.has('NEG')) word?.forEach((tag) => tags.add(tag));
  return tags;
}

/** A sentence told of long ago: «когда-то», «в прошлом», «три года назад» (not «минут 20 назад»). */
const longAgo = (tags: Set<string>) => tags.has('LONGAGO') || (tags.has('AGO') && tags.has('YEARS'));

/** The sentence, counted from 0, of word `at`. */
const sentenceOf = (reading: Reading, at: number) => reading.words.slice(0, at).filter((tags) => tags === null).length;

interface Found {
  weight: number;
  signal: Signal;
  /** The sentence of its strongest match, counted from 0. */
  sentence: number;
}
/** The signs of one message: each at its strongest rule. */
type Signs = Map<string, Found>;

/** The signs of a reading, each at its strongest rule; with `from`, only matches that reach word `from` or past it. */
function weigh(reading: Reading, from = 0): Signs {
  const signs: Signs = new Map();
  const reach = reading.offsets[from] ?? 0;
  for (const { signal, patterns, unless } of rules) {
    let best = 0;
    let sentence = 0;
    for (const { regex, needs } of patterns) {
      if (!needs.every((heads) => heads.some((tag) => reading.all.has(tag)))) continue;
      regex.lastIndex = 0;
      for (const match of reading.text.matchAll(regex)) {
        if (match.index + match[0].length <= reach) continue;
        const start = wordAt(reading, match.index);
        const near = unless.length ? around(reading, start) : reading.all;
        let weight = unless.some((tag) => near.has(tag)) ? (signal.damped ?? 0) : signal.weight;
        if (signal.own) {
          const end = wordAt(reading, match.index + Math.max(0, match[0].length - 1)) + 1;
          if (someoneElses(reading, start, end)) weight = Math.min(weight, CONCERN);
          else if (signal.told && toldOfAnother(reading, start, end))
            weight = Math.min(weight, toldWeight(reading, start));
        }
        // told as the past («пять лет назад я думала о суициде»), and not come back («опять», «снова»): asked about
        if (!signal.boost && longAgo(around(reading, start, 0)) && !reading.all.has('AGAIN'))
          weight = Math.min(weight, CONCERN);
        if (weight < signal.weight) reading.explained = true;
        if (weight > best) [best, sentence] = [weight, sentenceOf(reading, start)];
      }
    }
    const held = signs.get(signal.sign);
    if (best > 0 && (!held || held.weight < best)) signs.set(signal.sign, { weight: best, signal, sentence });
  }
  return signs;
}

const total = (signs: Signs) => [...signs.values()].reduce((sum, found) => sum + found.weight, 0);

const ENGLISH_SIGNAL: Signal = { id: 'english', kind: 'coded', sign: 'death-wish', weight: CRISIS, match: [] };

/** The rules' reading of one message alone: its signs, and how they are to be taken. */
interface MessageSigns {
  signs: Signs;
  joking: boolean;
  explained: boolean;
  figured: boolean;
}

/** Every reading of one message (the plain one, and through the other keyboard layout when it looks mistyped). */
function signsOf(message: string): MessageSigns {
  const { russian, latin, layout } = normalizeMessage(message);
  let reading = readWords(russian);
  let signs = weigh(reading);
  if (layout !== null) {
    // Typed in the wrong layout, the message is its ЙЦУКЕН reading; else its Latin letters read as translit.
    const typed = readWords(layout);
    const typedSigns = weigh(typed);
    if (total(typedSigns) > total(signs)) [reading, signs] = [typed, typedSigns];
  }
  if (ENGLISH.test(latin)) signs.set('death-wish', { weight: CRISIS, signal: ENGLISH_SIGNAL, sentence: 0 });
  const explained = reading.explained || ORDINARY_CONCEPTS.some((tag) => reading.all.has(tag));
  return { signs, joking: laughing(reading.laughs, signs), explained, figured: reading.figured };
}

/**
 * Said laughing: a laugh in the sentence of a sign, or a laugh alone right before or after it («хочу умереть. лол»),
 * or the whole taken back («шучу»). A laugh elsewhere in a long message («зарплата смешная», «в чате ржут») is not
 * about the sign.
 */
function laughing(laughs: Laughs, signs: Signs): boolean {
  if (laughs.takenBack && signs.size > 0) return true;
  for (const { sentence } of signs.values())
    if (laughs.in.has(sentence) || laughs.only.has(sentence - 1) || laughs.only.has(sentence + 1)) return true;
  return false;
}

/** Said laughing («хочу умереть, лол»), a message is asked about, never answered with the crisis reply. */
const JOKING_MAX = CRISIS - 1;

function verdict(signs: Signs, joking: boolean): RiskAssessment {
  const found = [...signs.values()].sort((a, b) => b.weight - a.weight);
  const base = found.filter((f) => !f.signal.boost).reduce((sum, f) => sum + f.weight, 0);
  const boosts = found.filter((f) => f.signal.boost).reduce((sum, f) => sum + f.weight, 0);
  // A boost (a date, «спасибо за всё») counts beside a sign, never alone.
  const score = Math.min(base >= CONCERN ? base + boosts : base, joking ? JOKING_MAX : Infinity);
  const tier: RiskTier = score >= CRISIS ? 'crisis' : score >= CONCERN ? 'concern' : 'none';
  const strongest = found.find((f) => !f.signal.boost)?.signal;
  return {
    tier,
    risk: tier === 'crisis',
    ...(tier !== 'none' && strongest ? { signal: { id: strongest.id, kind: strongest.kind } } : {}),
    score,
    signs: score > 0 ? found.map((f) => f.signal.sign) : [],
  };
}

/** How many earlier messages of the person count with the new one. */
export const CONTEXT_MESSAGES = 4;

/**
 * The rules' reading of one message; `context` holds the same person's few earlier messages of the conversation,
 * oldest first. Different signs over the last CONTEXT_MESSAGES of them and this one add up («не вижу смысла» …
 * «план уже есть» is a crisis), when this message has a sign of its own; a message alone never loses its own verdict.
 */
export const assessByRules = (message: string, context: readonly string[] = []): RiskAssessment =>
  inContext(message, signsOf(message), context);

/** assessByRules with the message's own signs already read (the model's input reads them once, not four times). */
function inContext(message: string, own: MessageSigns, context: readonly string[]): RiskAssessment {
  const alone = verdict(own.signs, own.joking);
  if (context.length === 0) return alone;
  const earlier = context.slice(-CONTEXT_MESSAGES);
  // The messages read as one text, for what spans them («таблетки я не пью» … «собрала их все в одну баночку»):
  // only what reaches into this message counts.
  const window = readWords([...earlier, message].map((text) => normalizeMessage(text).russian).join(' . '));
  const spanning = weigh(window, window.words.length - readWords(normalizeMessage(message).russian).words.length);
  // Context counts when this message has a sign of its own (a boost included: «в пятницу» after «у меня есть
  // план») or one spanning into it — or, with none, when the earlier messages show a crisis only together, none of
  // them a crisis or a joke alone: a risk never answered stays live («стою на мосту» … «вода внизу чёрная» … «ещё
  // немного посижу»). After a crisis alone the rules keep this message's own verdict: that the conversation stays in
  // it is assessRisk's to say (crisisOpen), which reads the model too.
  const before = earlier.map(signsOf);
  const unanswered = own.signs.size === 0 && spanning.size === 0;
  if (unanswered && before.some((read) => read.joking || verdict(read.signs, false).tier === 'crisis')) return alone;
  const together: Signs = new Map();
  const keep = (signs: Signs) => {
    for (const [sign, found] of signs) if ((together.get(sign)?.weight ?? 0) < found.weight) together.set(sign, found);
  };
  for (const read of before) keep(read.signs);
  keep(weigh(window));
  keep(spanning);
  keep(own.signs);
  const joint = verdict(together, own.joking);
  if (unanswered && joint.tier !== 'crisis') return alone;
  return joint.score > alone.score ? joint : alone;
}

/** The concepts of a text's words, as the model reads them: the plain reading, and the other layout's if mistyped. */
const conceptsOf = ({ russian, layout }: NormalizedText): ConceptWords[] =>
  [russian, ...(layout === null ? [] : [layout])].map((reading) => readWords(reading).words);

/**
 * What the model reads of a message after its context (none: the message alone): the letters, words and concepts of
 * the text, and the signs the rules found — in the message alone (`o…`) and with its context — so it learns how weak
 * signs add up in phrasings no rule weighs.
 */
export const modelInput = (message: string, context: readonly string[], bits: number): Int32Array =>
  inputOf(message, signsOf(message), context, bits);

/** modelInput with the message's own signs already read. */
function inputOf(message: string, read: MessageSigns, context: readonly string[], bits: number): Int32Array {
  const earlier = context.slice(-CONTEXT_MESSAGES);
  const text = normalizeMessage([...earlier, message].join('. '));
  const own = verdict(read.signs, read.joking);
  const all = earlier.length === 0 ? own : inContext(message, read, earlier);
  const signs = [...own.signs.map((sign) => `o${sign}`), `o${own.tier}`, ...all.signs, all.tier];
  if (read.explained) signs.push('explained');
  return modelFeatures(text, bits, conceptsOf(text), signs);
}

/**
 * The model reads a message of at least MODEL_MIN_WORDS words alone: a few words carry too little phrasing for it
 * (it would read «хочу спать» by its letters), and they are what the rules read best (docs/decisions/0108).
 */
export const MODEL_MIN_WORDS = 5;

/**
 * The concern head reads a message of at least this many words alone: in fewer, its reading leans on the bias its
 * training gave it (most training messages carry some risk), and «Сегодня всё получилось, я так рада!» was asked.
 */
export const CONCERN_MIN_WORDS = 7;

const wordCount = (text: string) =>
  normalizeMessage(text)
    .russian.split(' ')
    .filter((w) => w !== '.').length;

/** Each head's log-odds for a message (-Infinity when it has nothing to read). */
export interface Evidence {
  crisis: number;
  concern: number;
}

const NOTHING: Evidence = { crisis: -Infinity, concern: -Infinity };

/**
 * What the model's heads read in this message: the message alone, and the message after its context — the context
 * only when this message leans that way itself (a sign the rules found, or the head's own reading above even odds),
 * as the rules count context only beside a sign of its own. What the rules explained away (a figure of speech,
 * someone else's story) is one of its features, not a veto: it learned from the training data how far that counts
 * (docs/decisions/0270).
 *
 * `inputAfter` gives modelInput(message, earlier, model.bits): the training script passes the inputs it has already
 * computed.
 */
export function modelEvidence(
  message: string,
  context: readonly string[],
  rules: RiskAssessment,
  model: Model = shippedModel(),
  inputAfter?: (earlier: readonly string[]) => Int32Array,
): Evidence {
  // Said laughing («хочу умереть, лол»), a message is asked about, never answered with the crisis reply
  // (JOKING_MAX); a figure of speech («умираю со смеху») is ordinary, whatever its letters look like.
  const own = signsOf(message);
  if (own.joking || own.figured) return NOTHING;
  const words = wordCount(message);
  const read = (earlier: readonly string[]): Evidence => {
    const input = inputAfter ? inputAfter(earlier) : inputOf(message, own, earlier, model.bits);
    return {
      crisis: headScore(model.head, input),
      concern: words >= CONCERN_MIN_WORDS ? headScore(model.concern.head, input) : -Infinity,
    };
  };
  const whole = words >= MODEL_MIN_WORDS ? read([]) : NOTHING;
  const alone = { ...whole, crisis: Math.max(whole.crisis, passagesScore(message, model)) };
  const earlier = context.slice(-CONTEXT_MESSAGES);
  // A message too short to read alone is read as the end of its context when that context showed a sign, none of its
  // messages a crisis or a joke alone (after one, the person has had the crisis help: «ок», «спасибо» are no new
  // crisis; «хочу умереть, лол» stays a joke), and it is no yes or no (an answer — «нет», «да, всё хорошо» — is the
  // screener's to read: screener.ts). The rules read context the same way (inContext).
  const short =
    words < MODEL_MIN_WORDS &&
    readScreeningAnswer(message) === 'unclear' &&
    earlier.some((text) => signsOf(text).signs.size > 0) &&
    earlier.every((text) => !signsOf(text).joking && assessRisk(text, [], model).tier !== 'crisis');
  const leans = (score: number) => rules.signs.length > 0 || score >= 0 || short;
  if (earlier.length === 0 || !(leans(alone.crisis) || leans(alone.concern))) return alone;
  const joined = read(earlier);
  return {
    crisis: leans(alone.crisis) ? Math.max(alone.crisis, joined.crisis) : alone.crisis,
    concern: leans(alone.concern) ? Math.max(alone.concern, joined.concern) : alone.concern,
  };
}

/**
 * A long message is also read by the crisis head a passage at a time — two sentences, each pair in turn — and counts
 * at its strongest: one sentence of risk among many of an ordinary day («…и думаю, что проще всего было бы завтра не
 * проснуться. ладно, пойду посуду домою») is diluted in the whole message's features (scaled by 1/√count), not in
 * its own. The passage is read alone, its own signs with it, as a message of its own is.
 */
export function passagesScore(message: string, model: Model): number {
  const sentences = message.split(SENTENCE_END).filter((s) => s.trim() !== '');
  if (sentences.length < LONG_MESSAGE_SENTENCES) return -Infinity;
  let best = -Infinity;
  for (let at = 0; at + 1 < sentences.length && at < MAX_PASSAGES; at++) {
    const passage = `${sentences[at]} ${sentences[at + 1]}`;
    const own = signsOf(passage);
    if (own.joking || own.figured || wordCount(passage) < MODEL_MIN_WORDS) continue;
    best = Math.max(best, headScore(model.head, inputOf(passage, own, [], model.bits)));
  }
  return best;
}

/** A message of this many sentences or more is also read a passage at a time (passagesScore). */
export const LONG_MESSAGE_SENTENCES = 4;
/** Passages read of one message at most: the detector's time stays within its budget on a wall of text. */
const MAX_PASSAGES = 12;
/** Where a sentence ends in the raw text: after . ! ? … and a space, or at a line break. */
const SENTENCE_END = /(?<=[.!?…])\s+|\n+/;

/** The sign of a crisis still open in the conversation (crisisOpen): the chat answers it as a conversation goes on. */
export const CRISIS_OPEN_SIGN = 'crisis-open';

/** What raises the verdict above the rules' (the model's heads, a crisis still open): its sign, for the log and tests. */
const MODEL_SIGN = { crisis: 'model', concern: 'model-concern', open: CRISIS_OPEN_SIGN } as const;

/**
 * The rules' verdict raised to `tier` by the model (or by a crisis still open in the conversation): the rules'
 * signal, score and signs stay, the raising sign added.
 */
const raised = (
  rules: RiskAssessment,
  tier: 'crisis' | 'concern',
  by: keyof typeof MODEL_SIGN = tier,
): RiskAssessment => ({
  ...rules,
  tier,
  risk: tier === 'crisis',
  signal: rules.signal ?? { id: MODEL_SIGN[by], kind: 'vague' },
  signs: [...rules.signs, MODEL_SIGN[by]],
});

/**
 * The detector's verdict: the rules' (assessByRules), raised to crisis when the model's crisis head (model.ts) reads
 * one — its evidence at or over the threshold chosen by cross-validation — and an ordinary one raised to concern when
 * its concern head does (the screening question, docs/decisions/0271).
 */
export function assessRisk(
  message: string,
  context: readonly string[] = [],
  model: Model = shippedModel(),
): RiskAssessment {
  const rules = assessByRules(message, context);
  if (rules.tier === 'crisis') return rules;
  const evidence = modelEvidence(message, context, rules, model);
  if (evidence.crisis >= model.threshold) return raised(rules, 'crisis');
  if (crisisOpen(context, model) && !settles(message, rules.signs.length > 0)) return raised(rules, 'crisis', 'open');
  if (rules.tier === 'none' && evidence.concern >= model.concern.threshold) return raised(rules, 'concern');
  return rules;
}

/**
 * A crisis read in one of the earlier messages alone (not said laughing) and not settled by a later one: the
 * conversation is still in it, and the next message is read as its continuation — «тут красиво» after «я стою на
 * мосту» gets the crisis help (in the chat: the reply, then the short line; docs/decisions/0288), not an ordinary
 * reply alone. Only a message that settles it (settled.ts: «мне уже легче», «ок», «шучу») is read as itself.
 */
function crisisOpen(context: readonly string[], model: Model): boolean {
  let open = false;
  for (const text of context.slice(-CONTEXT_MESSAGES)) {
    const read = signsOf(text);
    if (settles(text, read.signs.size > 0)) open = false;
    else if (!read.joking && assessRisk(text, [], model).tier === 'crisis') open = true;
  }
  return open;
}

/** True when any of the texts (a diary entry's title and content, a practice's answers or comment) signals a risk. */
export const signalsRisk = (...texts: Array<string | null | undefined>): boolean =>
  texts.some((text) => !!text && text.trim() !== '' && assessRisk(text).risk);
