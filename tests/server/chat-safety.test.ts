// The safety net's detector on its test sets (tests/server/chat-safety-sets.ts): every direct message caught,
// vague and coded ones at least 90 %, false alarms on benign look-alikes under 5 %; the normaliser's tricks one by
// one; and the crisis reply's content. (The API behaviour — no model, no tokens, the flag and the check-in — is in
// chat-model.test.ts and chat-offline.test.ts.)
import { describe, expect, it } from 'vitest';
import { assessRisk } from '../../contract/safety/detect';
import { normalizeMessage } from '../../contract/safety/normalize';
import { CRISIS_LINES } from '../../contract/safety/crisis-lines';
import { crisisReply, needsCheckIn, RISK_CHECK_IN_MS } from '../../server/chat/safety/crisis-reply';
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
    expect(assessRisk('хочу выпилиться').signal).toEqual({ id: 'vypil', kind: 'coded' });
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
    expect(russian('ne hochu zhit')).toBe(russian('не хочу жить'));
    expect(russian('pokonchit s soboy')).toBe(russian('покончить с собой'));
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

describe('chat safety net: the crisis reply', () => {
  it('gives the crisis lines, invites to keep talking, varies by turn, and never names a method', () => {
    const replies = [0, 1, 2, 3].map(crisisReply);
    for (const text of replies) {
      expect(text).toContain(CRISIS_LINES);
      for (const line of ['8-800-2000-122', 'бесплатно и анонимно', '051', '+7 495 051', '112'])
        expect(text).toContain(line);
      expect(text).toMatch(/\?/); // asks, so the conversation goes on
      expect(text).not.toMatch(/таблет|верёв|веревк|вены|окн|крыш|мост|петл|(^|[^а-я])яд([^а-я]|$)/i);
    }
    expect(new Set(replies).size).toBeGreaterThan(1);
  });

  it('keeps the check-in for 72 hours after the last signal', () => {
    const now = new Date('2026-03-10T12:00:00Z');
    expect(needsCheckIn(null, now)).toBe(false);
    expect(needsCheckIn(new Date(now.getTime() - RISK_CHECK_IN_MS + 1000), now)).toBe(true);
    expect(needsCheckIn(new Date(now.getTime() - RISK_CHECK_IN_MS), now)).toBe(false);
    expect(RISK_CHECK_IN_MS).toBe(72 * 3_600_000);
  });
});
