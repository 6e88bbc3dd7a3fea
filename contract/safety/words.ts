// How the detector reads a word: its key, so every form and most misspellings of a word meet one entry.
//
//   1. the Snowball Russian stemmer (@orama/stemmers; docs/decisions/0101) takes the ending off:
//      «таблетками», «таблетки» → «таблетк»; a reflexive ending is kept as a mark («повеситься» ≠ «повесить»);
//   2. the stem is folded the way people misspell unstressed vowels and soft signs: о → а; е, э, ы, ё → и; я → а;
//      ю → у; й → и; ь and ъ dropped; a doubled letter squeezed. «хачу» and «хочу», «умиреть» and «умереть» meet;
//   3. a word of five letters or more that finds no entry gets one edit (a letter dropped, added, changed or two
//      swapped: «умерть», «пкончить», «самоубийтсве») through a table of each entry's deletions — unless it is a real
//      word the edit would misread: «поменять» is not «помереть», «онлайн» not «анлайв» (real-words.ts).
// Words of three letters or fewer (pronouns, prepositions, «не») are matched as they are written, apart from stems;
// only the few core words marked `+` in lexicon.ts («хочу», «убить», «жить», «умру») take one slip in three to five
// letters («хчу», «хоуч», «убть»).

import { stemmer } from '@orama/stemmers/russian';

const REFLEXIVE = /(?:ся|сь)$/;

/** ё → е, жы/шы → жи/ши, runs of one letter squeezed: before stemming, so the stemmer sees a plain spelling. */
const plain = (word: string) =>
  word
    .replace(/ё/g, 'е')
    .replace(/([жш])ы/g, '$1и')
    .replace(/(\p{L})\1+/gu, '$1');

const vowels = (text: string) =>
  text
    .replace(/[ьъ]/g, '')
    .replace(/[оя]/g, 'а')
    .replace(/[еэыё]/g, 'и')
    .replace(/ю/g, 'у')
    .replace(/й/g, 'и');
const fold = (stem: string) => vowels(stem).replace(/(\p{L})\1+/gu, '$1');

/** The key of a lower-case Cyrillic word: exact for short words, folded stem (with a reflexive mark) otherwise. */
export function wordKey(word: string): string {
  const p = plain(word);
  if (p.length <= 3) return `=${p}`; // its own namespace: «вид» is not the stem of «выйду»
  return fold(stemmer(p)) + (REFLEXIVE.test(p) ? '~' : '');
}

/**
 * The whole word folded, without the stemmer, «тс» read as «ц»: meets a misspelt ending the stemmer would cut
 * differently («покончеть», «хочится», «повесица»).
 */
const surfaceKey = (word: string) => {
  const p = plain(word);
  return p.length < 3 ? '' : `#${vowels(p).replace(/[тд]с/g, 'ц')}`;
};

/** The keys one deletion away, with the place of the deleted letter (the reflexive mark stays). */
function deletions(key: string): Array<[string, number]> {
  const mark = key.endsWith('~') ? '~' : '';
  const body = mark ? key.slice(0, -1) : key;
  const out: Array<[string, number]> = [];
  for (let i = 0; i < body.length; i++) out.push([body.slice(0, i) + body.slice(i + 1) + mark, i]);
  return out;
}

const bodyLength = (key: string) => key.length - (key.endsWith('~') ? 1 : 0);

/**
 * An entry allows a letter dropped or added when its key has at least EDIT_KEY_MIN letters, a letter changed or
 * two neighbours swapped at SWAP_KEY_MIN: shorter stems are one edit from too many other words («план» and
 * «плач»). Short words' misspellings are mostly vowels, which the folding already meets.
 */
const EDIT_KEY_MIN = 5;
/** How many words' readings are kept. */
const SEEN_MAX = 4096;
const SWAP_KEY_MIN = 6;

interface Deleted {
  tag: string;
  /** The entry's key and the place of the letter deleted from it. */
  key: string;
  at: number;
}

/** Letters next to each other on the ЙЦУКЕН keyboard, folded like keys: a slip of the finger («хлчется»). */
const NEIGHBOURS = new Set(
  ['йцукенгшщзхъ', 'фывапролджэ', 'ячсмитьбю'].flatMap((row) =>
    [...row].slice(1).flatMap((ch, i) => {
      const [a, b] = [vowels(row[i]!), vowels(ch)];
      return a && b && a !== b ? [a + b, b + a] : [];
    }),
  ),
);

/** `a` and `b` are the same but for the neighbours at `i` and `i + 1`, swapped. */
const swapped = (a: string, b: string, i: number) =>
  a.length === b.length &&
  a[i] === b[i + 1] &&
  a[i + 1] === b[i] &&
  a.slice(0, i) + a.slice(i + 2) === b.slice(0, i) + b.slice(i + 2);

/** Word keys → the concept tags of their entries, with a one-edit index over the longer keys. */
export class Lexicon {
  private readonly exact = new Map<string, string[]>();
  /** The keys that allow one edit → tags; and each of their deletions. */
  private readonly long = new Map<string, string[]>();
  private readonly deleted = new Map<string, Deleted[]>();
  /** The entries as written, and the words read lately (a chat repeats its words; the diary is read per keystroke). */
  private readonly written = new Set<string>();
  private readonly seen = new Map<string, readonly string[]>();
  private readonly seenAsSpelled = new Map<string, readonly string[]>();

  /** The short core words that allow one edit all the same («хчу», «хоуч», «убть»), by their folded spelling. */
  private readonly core = new Map<string, string[]>();
  /** Keys of real words read as themselves: no slip or edit is tried on them. */
  private readonly real: ReadonlySet<string>;

  /**
   * Words are written plainly; `=word` is matched only as spelled, without the stemmer or an edit: «=вены» is
   * not «вина», «=друг» is not «другой». `+word`: a short word risk is said with so often that its one-letter
   * slips are read too (a letter dropped, two neighbours swapped). `real`: the keys of words spelled right that an
   * edit would misread (real-words.ts).
   */
  constructor(concepts: Readonly<Record<string, readonly string[]>>, real: ReadonlySet<string> = new Set()) {
    this.real = real;
    for (const [tag, words] of Object.entries(concepts))
      for (let entry of words) {
        if (entry.startsWith('+')) {
          entry = entry.slice(1);
          add(this.core, fold(plain(entry)), tag);
        }
        if (entry.startsWith('=')) {
          add(this.exact, `=${plain(entry.slice(1))}`, tag);
          continue;
        }
        this.written.add(plain(entry));
        const key = wordKey(entry);
        add(this.exact, key, tag);
        if (surfaceKey(entry)) add(this.exact, surfaceKey(entry), tag);
        if (key.startsWith('=')) continue;
        if (bodyLength(key) < EDIT_KEY_MIN) continue;
        add(this.long, key, tag);
        for (const [d, at] of deletions(key)) {
          const list = this.deleted.get(d) ?? [];
          list.push({ tag, key, at });
          this.deleted.set(d, list);
        }
      }
  }

  /**
   * The tags of a word: its entries as spelled, by its key and by its folded spelling; failing those, and when
   * `edits` allows, entries one edit away from a word of five letters or more.
   */
  tags(word: string, edits = true): readonly string[] {
    const seen = edits ? this.seen : this.seenAsSpelled;
    let tags = seen.get(word);
    if (!tags) {
      if (seen.size >= SEEN_MAX) seen.clear();
      seen.set(word, (tags = this.read(word, edits)));
    }
    return tags;
  }

  /** Whether a word is one of the entries as written (no stemmer: a cheap first test for glued words). */
  isEntry(word: string): boolean {
    return this.written.has(word);
  }

  /** Whether a word is a real word the detector reads as itself (real-words.ts): no edit, not two words glued. */
  isReal(word: string): boolean {
    return this.real.has(wordKey(word));
  }

  private read(word: string, edits: boolean): readonly string[] {
    const key = wordKey(word);
    const found = new Set<string>();
    const collect = (tags: readonly string[] | undefined) => tags?.forEach((tag) => found.add(tag));
    collect(this.exact.get(key));
    if (!key.startsWith('=')) collect(this.exact.get(`=${plain(word)}`));
    collect(this.exact.get(surfaceKey(word)));
    if (found.size || !edits || this.real.has(key)) return found.size ? [...found] : NONE;
    if (word.length >= 3 && word.length <= CORE_SLIP_MAX) this.coreSlips(word, collect);
    if (found.size || word.length < 5 || key.startsWith('=') || bodyLength(key) < EDIT_KEY_MIN - 1)
      return found.size ? [...found] : NONE;
    // A letter too many in the word; a letter missing; a letter changed (the same deletion from both, at the same
    // place) or two neighbours swapped — between shorter keys, a letter changed for its neighbour on the keyboard.
    for (const [d] of deletions(key)) collect(this.long.get(d));
    this.deleted.get(key)?.forEach((e) => found.add(e.tag));
    for (const [d, at] of deletions(key))
      for (const e of this.deleted.get(d) ?? []) {
        const typo = e.at === at && NEIGHBOURS.has(key[at]! + e.key[at]!);
        const long = bodyLength(key) >= SWAP_KEY_MIN && bodyLength(e.key) >= SWAP_KEY_MIN;
        if (typo || (long && (e.at === at || swapped(key, e.key, Math.min(at, e.at))))) found.add(e.tag);
      }
    return found.size ? [...found] : NONE;
  }

  /** A short word one slip from a core word: a letter dropped («хчу», «убть») or two neighbours swapped («хоуч»). */
  private coreSlips(word: string, collect: (tags: readonly string[] | undefined) => void) {
    const typed = fold(plain(word));
    for (const [core, tags] of this.core) {
      const dropped = typed.length === core.length - 1 && deletions(core).some(([d]) => d === typed);
      const swaps = typed.length === core.length && [...core].some((_, i) => i > 0 && swapped(typed, core, i - 1));
      if (dropped || swaps) collect(tags);
    }
  }
}

/** Words up to this length are read against the core words' slips (longer ones get the general one edit). */
const CORE_SLIP_MAX = 5;

const NONE: readonly string[] = [];

function add(map: Map<string, string[]>, key: string, tag: string) {
  const tags = map.get(key);
  if (!tags) map.set(key, [tag]);
  else if (!tags.includes(tag)) tags.push(tag);
}
