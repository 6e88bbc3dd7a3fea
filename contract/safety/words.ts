// How the detector reads a word: its key, so every form and most misspellings of a word meet one entry.
//
//   1. the Snowball Russian stemmer (@orama/stemmers; docs/decisions/0101) takes the ending off:
//      «таблетками», «таблетки» → «таблетк»; a reflexive ending is kept as a mark («повеситься» ≠ «повесить»);
//   2. the stem is folded the way people misspell unstressed vowels and soft signs: о → а; е, э, ы, ё → и; я → а;
//      ю → у; й → и; ь and ъ dropped; a doubled letter squeezed. «хачу» and «хочу», «умиреть» and «умереть» meet;
//   3. a word of five letters or more that finds no entry gets one edit (a letter dropped, added, changed or two
//      swapped: «умерть», «пкончить», «самоубийтсве») through a table of each entry's deletions.
// Words of three letters or fewer (pronouns, prepositions, «не») are matched as they are written, apart from stems.

import { stemmer } from '@orama/stemmers/russian';

const REFLEXIVE = /(?:ся|сь)$/;

/** ё → е, жы/шы → жи/ши, runs of one letter squeezed: before stemming, so the stemmer sees a plain spelling. */
const plain = (word: string) =>
  word
    .replace(/ё/g, 'е')
    .replace(/([жш])ы/g, '$1и')
    .replace(/(\p{L})\1+/gu, '$1');

const fold = (stem: string) =>
  stem
    .replace(/[ьъ]/g, '')
    .replace(/[оя]/g, 'а')
    .replace(/[еэыё]/g, 'и')
    .replace(/ю/g, 'у')
    .replace(/й/g, 'и')
    .replace(/(\p{L})\1+/gu, '$1');

/** The key of a lower-case Cyrillic word: exact for short words, folded stem (with a reflexive mark) otherwise. */
export function wordKey(word: string): string {
  const p = plain(word);
  if (p.length <= 3) return `=${p}`; // its own namespace: «вид» is not the stem of «выйду»
  return fold(stemmer(p)) + (REFLEXIVE.test(p) ? '~' : '');
}

/** The keys one deletion away (the reflexive mark stays). */
function deletions(key: string): string[] {
  const mark = key.endsWith('~') ? '~' : '';
  const body = mark ? key.slice(0, -1) : key;
  const out: string[] = [];
  for (let i = 0; i < body.length; i++) out.push(body.slice(0, i) + body.slice(i + 1) + mark);
  return out;
}

const bodyLength = (key: string) => key.length - (key.endsWith('~') ? 1 : 0);

/**
 * An entry allows a letter dropped or added when its key has at least EDIT_KEY_MIN letters, a letter changed or
 * two swapped at SWAP_KEY_MIN: shorter stems are one edit from too many other words («план» and «плач»; «праща»
 * (прощай) and «прапа» (пропали)). Short words' misspellings are mostly vowels, which the folding already meets.
 */
const EDIT_KEY_MIN = 5;
const SWAP_KEY_MIN = 6;

/** Word keys → the concept tags of their entries, with a one-edit index over the longer keys. */
export class Lexicon {
  private readonly exact = new Map<string, string[]>();
  /** The keys that allow one edit → tags; and each of their deletions → tags with the entry's key length. */
  private readonly long = new Map<string, string[]>();
  private readonly deleted = new Map<string, Array<{ tag: string; length: number }>>();

  /**
   * Words are written plainly; `=word` is matched only as spelled, without the stemmer or an edit: «=вены» is
   * not «вина», «=друг» is not «другой».
   */
  constructor(concepts: Readonly<Record<string, readonly string[]>>) {
    for (const [tag, words] of Object.entries(concepts))
      for (const entry of words) {
        if (entry.startsWith('=')) {
          add(this.exact, `=${plain(entry.slice(1))}`, tag);
          continue;
        }
        const key = wordKey(entry);
        add(this.exact, key, tag);
        if (key.startsWith('=') || bodyLength(key) < EDIT_KEY_MIN) continue;
        add(this.long, key, tag);
        for (const d of deletions(key)) {
          const list = this.deleted.get(d) ?? [];
          if (!list.some((e) => e.tag === tag)) list.push({ tag, length: bodyLength(key) });
          this.deleted.set(d, list);
        }
      }
  }

  /**
   * The tags of a word: its entries as spelled and by its key; failing those, and when `edits` allows, entries one
   * edit away from a word of five letters or more.
   */
  tags(word: string, edits = true): readonly string[] {
    const key = wordKey(word);
    const spelled = key.startsWith('=') ? undefined : this.exact.get(`=${plain(word)}`);
    const own = this.exact.get(key);
    if (own || spelled) return own && spelled ? [...new Set([...own, ...spelled])] : (own ?? spelled)!;
    if (!edits || word.length < 5 || key.startsWith('=') || bodyLength(key) < EDIT_KEY_MIN - 1) return NONE;
    const found = new Set<string>();
    // A letter too many in the word; a letter missing; a letter changed or two swapped (a shared deletion).
    for (const d of deletions(key)) this.long.get(d)?.forEach((tag) => found.add(tag));
    this.deleted.get(key)?.forEach((e) => found.add(e.tag));
    if (bodyLength(key) >= SWAP_KEY_MIN)
      for (const d of deletions(key))
        this.deleted.get(d)?.forEach((e) => e.length >= SWAP_KEY_MIN && found.add(e.tag));
    return found.size ? [...found] : NONE;
  }
}

const NONE: readonly string[] = [];

function add(map: Map<string, string[]>, key: string, tag: string) {
  const tags = map.get(key);
  if (!tags) map.set(key, [tag]);
  else if (!tags.includes(tag)) tags.push(tag);
}
