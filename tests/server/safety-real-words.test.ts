// Real words read as themselves (contract/safety/real-words.ts, scripts/safety-real-words.ts, decision 0283): everyday
// messages whose words the one-edit reading took for another word's misspelling («поменять» for «помирать», «онлайн»
// for «анлайв») or for known words typed together («поступал» for «пост» + «упал»), each a crisis before the list;
// the slips people make in crisis words, and crisis words typed together, still read; and the list generated from
// the files it depends on as they are now.
import { describe, expect, it } from 'vitest';
import { assessRisk } from '../../contract/safety/detect';
import { REAL_WORD_KEYS, REAL_WORDS_INPUTS } from '../../contract/safety/real-words';
import { Lexicon, wordKey } from '../../contract/safety/words';
import { realWordsInputs } from '../../scripts/safety-real-words';

describe('real words are read as themselves', () => {
  it.each([
    'поехали',
    'сдано! последний экзамен позади',
    'записалась онлайн к стоматологу',
    'хочу поменять работу',
    'мне надо поменять резину на машине',
  ])('«%s» is ordinary', (message) => {
    expect(assessRisk(message).tier).toBe('none');
  });

  it.each(['хочу умерть', 'я хочу сдхнуть', 'хочу повеситса', 'не хочу жыть', 'хачу умиреть'])(
    '«%s», a slip in a crisis word, is still a crisis',
    (message) => {
      expect(assessRisk(message).tier).toBe('crisis');
    },
  );

  // Read as known words typed together before: «поступал» as «пост» + «упал» (a wish that I fall).
  it.each(['родители хотят, чтобы я поступал на юриста, а мне интересна биология', 'хочу поступать в этом году'])(
    '«%s», a real word that two known words spell, is ordinary',
    (message) => {
      expect(assessRisk(message).tier).toBe('none');
    },
  );

  it.each(['нехочужить', 'хочуумеретьпрямщас', 'не хочу нежить', 'ябы исчезла навсегда'])(
    '«%s», words of a crisis typed together, is still a crisis',
    (message) => {
      expect(assessRisk(message).tier).toBe('crisis');
    },
  );

  it('the lexicon tries no edit on a listed key, and still on a misspelling of the entry', () => {
    const entries = { DIE: ['помирать'] };
    const listed = new Lexicon(entries, new Set([wordKey('поменять')]));
    expect(new Lexicon(entries).tags('поменять')).toEqual(['DIE']);
    expect(listed.tags('поменять')).toEqual([]);
    expect(listed.tags('поменяю')).toEqual([]);
    expect(listed.tags('померать')).toEqual(['DIE']);
    expect(listed.tags('помират')).toEqual(['DIE']);
  });

  it('lists the misread words, not other forms of an entry nor the likeliest slips of a crisis word', () => {
    const listed = new Set(REAL_WORD_KEYS.split(' '));
    for (const word of ['поменять', 'онлайн', 'поехали', 'сдано', 'поступал'])
      expect(listed.has(wordKey(word)), word).toBe(true);
    // «прыгнул» is «прыгнуть»'s (and has «пригнул»'s key); «закрывают» is «закрываю»'s; «умерть» is a slip of «умереть».
    for (const word of ['прыгнул', 'прыгнет', 'закрывают', 'умерть'])
      expect(listed.has(wordKey(word)), word).toBe(false);
  });

  it('was generated from the lexicon, rules and reader as they are (else: npm run train:safety:words)', () => {
    expect(REAL_WORDS_INPUTS).toBe(realWordsInputs());
  });
});
