// The pattern syntax of signals.ts, compiled to regular expressions over a message read as tagged tokens.
//
// A message is read (detect.ts) into a string with one `{ TAG TAG }` group per word and `|` between sentences, e.g.
// «не хочу жить.» → `{ WANT NEG }{ LIVE }|`. A pattern is a sequence of slots separated by spaces:
//   WANT          a word carrying the tag
//   WANT+NEG      …carrying both tags;  DIE-NEG  …carrying DIE and not NEG
//   DIE/DEATH     either (each alternative takes its own +/- marks)
//   *             any word
//   slot?         the slot may be absent
//   ~3            up to three words of any kind in between (never across a sentence's end)
//   ~3-WITH-INTO  …none of which carries these tags («жить … не хочу», but not «жить с ним не хочу»)
//   ~~9           up to nine words, across sentences («стою на крыше. внизу так тихо»)
//   |             a sentence ends here;  ^  a sentence (or the message) starts here
//   $             the sentence (or message) ends here
//   !slot         the next word (if any) is not this slot
// Words are never named here: a rule holds for every word of its concepts (lexicon.ts), in any form or misspelling.

function alternative(source: string): string {
  const [head, ...marks] = source.split(/(?=[+-])/);
  if (!head) throw new Error(`safety rule: empty slot in "${source}"`);
  let checks = head === '*' ? '' : `(?=[^}]* ${head} )`;
  for (const mark of marks) checks += mark[0] === '+' ? `(?=[^}]* ${mark.slice(1)} )` : `(?![^}]* ${mark.slice(1)} )`;
  return String.raw`\{${checks}[^}]*\}`;
}

const slot = (source: string) => `(?:${source.split('/').map(alternative).join('|')})`;

/**
 * The tags a message must carry for the pattern to match: one of each required slot's alternatives. A rule whose
 * tags are not all there is not run (most messages carry a few tags, so most rules are skipped).
 */
export function requiredTags(pattern: string): string[][] {
  return pattern
    .trim()
    .split(/\s+/)
    .filter((part) => !'$|^'.includes(part) && !part.startsWith('~') && !part.startsWith('!') && !part.endsWith('?'))
    .map((part) => part.split('/').map((alt) => alt.split(/[+-]/)[0]!))
    .filter((heads) => !heads.includes('*'));
}

/** Compiles one pattern into a regular expression over the tagged reading of a message. */
export function compileRule(pattern: string): RegExp {
  const parts = pattern
    .trim()
    .split(/\s+/)
    .map((part) => {
      if (part === '$') return String.raw`(?=\||$)`;
      if (part === '|') return String.raw`\|`;
      if (part === '^') return String.raw`(?:^|(?<=\|))`;
      const wide = /^~~(\d+)$/.exec(part);
      if (wide) return `(?:\\{[^}]*\\}|\\|){0,${wide[1]}}`;
      const gap = /^~(\d+)((?:-[A-Z_]+)*)$/.exec(part);
      if (gap) return `(?:${alternative(`*${gap[2]}`)}){0,${gap[1]}}`;
      if (part.startsWith('!')) return `(?!${slot(part.slice(1))})`;
      if (part.endsWith('?')) return `${slot(part.slice(0, -1))}?`;
      return slot(part);
    });
  return new RegExp(parts.join(''));
}
