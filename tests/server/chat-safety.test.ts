// The safety net's detector on its test sets (tests/server/chat-safety-sets.ts): every direct message caught,
// vague and coded ones at least 90 %, false alarms on benign look-alikes under 5 %; the normaliser's tricks one by
// one. (The replies' words are in safety-replies.test.ts; the API behaviour — no model, no tokens, the flag, the
// check-in, the concern tier — in chat-model.test.ts, chat-offline.test.ts and chat-safety-routes.test.ts.)
import { describe, expect, it } from 'vitest';
import { assessRisk } from '../../contract/safety/detect';
import { normalizeMessage } from '../../contract/safety/normalize';
import { SIGNALS } from '../../contract/safety/signals';
import { BENIGN, CODED, DIRECT, VAGUE } from './chat-safety-sets';

const missed = (set: readonly string[]) => set.filter((m) => !assessRisk(m).risk);
const rate = (set: readonly string[], hits: number) => hits / set.length;

describe('chat safety net: the test sets', () => {
  it('has dozens of messages in every set', () => {
    for (const set of [DIRECT, VAGUE, CODED, BENIGN]) expect(set.length).toBeGreaterThanOrEqual(36);
  });

  it('catches every direct message', () => {
    expect(missed(DIRECT)).toEqual([]);
  });

  it('catches at least 90 % of vague messages', () => {
    const miss = missed(VAGUE);
    expect(rate(VAGUE, VAGUE.length - miss.length), JSON.stringify(miss)).toBeGreaterThanOrEqual(0.9);
  });

  it('catches at least 90 % of coded messages (slang, look-alike letters, spacing, translit, English)', () => {
    const miss = missed(CODED);
    expect(rate(CODED, CODED.length - miss.length), JSON.stringify(miss)).toBeGreaterThanOrEqual(0.9);
  });

  it('raises false alarms on under 5 % of benign look-alikes', () => {
    const alarms = BENIGN.filter((m) => assessRisk(m).risk);
    expect(rate(BENIGN, alarms.length), JSON.stringify(alarms.map((m) => [m, assessRisk(m).signal?.id]))).toBeLessThan(
      0.05,
    );
  });

  it("names the signal it found, and that signal's kind", () => {
    // Slang for killing oneself is read as the word it stands for: a direct statement.
    expect(assessRisk('хочу выпилиться').signal).toEqual({ id: 'suicide-named', kind: 'direct' });
    expect(assessRisk('всем будет лучше без меня').signal?.kind).toBe('vague');
    expect(assessRisk('какая доза парацетамола смертельна').signal).toEqual({ id: 'method-seeking', kind: 'direct' });
    expect(assessRisk('Добрый вечер').signal).toBeUndefined();
    expect(new Set(SIGNALS.map((s) => s.id)).size).toBe(SIGNALS.length);
  });

  it('still reads the rest of a message after a figure of speech', () => {
    expect(assessRisk('убиваю время, пока не решусь покончить с собой').risk).toBe(true);
    expect(assessRisk('умираю со смеху. а вообще не хочу жить').risk).toBe(true);
  });
});

describe('chat safety net: the normaliser', () => {
  const russian = (text: string) => normalizeMessage(text).russian;

  it('folds Latin look-alikes and digits inside Cyrillic words', () => {
    expect(russian('yмepeть')).toBe(russian('умереть'));
    expect(russian('c0бой')).toBe(russian('собой'));
    expect(russian('ХOЧУ')).toBe('хочу');
  });

  it('transliterates words written wholly in Latin letters', () => {
    // Letter by letter (no soft sign comes back: «zhit» → «жит»); the detector's fuzzy match reads the rest.
    expect(russian('ne hochu zhit')).toBe('не хочу жит');
    expect(assessRisk('ne hochu zhit').tier).toBe('crisis');
    expect(russian('pokonchit s soboy')).toBe('покончит с собой');
    expect(assessRisk('pokonchit s soboy').tier).toBe('crisis');
  });

  it('joins spaced-out letters and letters split by punctuation; drops invisible characters', () => {
    expect(russian('у м е р е т ь')).toBe(russian('умереть'));
    expect(russian('с.у.и.ц.и.д')).toBe('суицид');
    expect(russian('с-у-и-ц-и-д')).toBe('суицид');
    expect(russian('су\u200bи\u00adцид')).toBe('суицид');
    expect(russian('я и в')).toBe('я и в'); // three single letters stay words
  });

  it('folds ё, й, ь, жы/шы and repeated letters; punctuation between words becomes a space', () => {
    expect(russian('Умерееееть')).toBe(russian('умереть'));
    expect(russian('жыть')).toBe(russian('жить'));
    expect(russian('счёты')).toBe(russian('счеты'));
    expect(russian('исчезну, никто')).toBe('исчезну никто');
  });
});
