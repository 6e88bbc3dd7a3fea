// Russian plural agreement: one rule (contract/plural.ts) for every counted word the app and the bot print.
import { describe, expect, it } from 'vitest';
import { monthsPhrase } from '../../contract/months';
import { plural } from '../../contract/plural';

describe('plural', () => {
  it('stars: 1 звезда, 2–4 звезды, 5+ звёзд, 11–14 звёзд, 21 звезда', () => {
    const said = (n: number) => `${n} ${plural(n, ['звезда', 'звезды', 'звёзд'])}`;
    expect([0, 1, 2, 3, 4, 5, 10, 11, 12, 14, 15, 21, 22, 25, 100, 101, 111, 112, 1000, 1001].map(said)).toEqual([
      '0 звёзд',
      '1 звезда',
      '2 звезды',
      '3 звезды',
      '4 звезды',
      '5 звёзд',
      '10 звёзд',
      '11 звёзд',
      '12 звёзд',
      '14 звёзд',
      '15 звёзд',
      '21 звезда',
      '22 звезды',
      '25 звёзд',
      '100 звёзд',
      '101 звезда',
      '111 звёзд',
      '112 звёзд',
      '1000 звёзд',
      '1001 звезда',
    ]);
  });

  it('the same rule names months and days', () => {
    expect([1, 3, 12, 21].map(monthsPhrase)).toEqual(['1 месяц', '3 месяца', '12 месяцев', '21 месяц']);
    expect([1, 2, 5, 11, 31].map((n) => plural(n, ['день', 'дня', 'дней']))).toEqual([
      'день',
      'дня',
      'дней',
      'дней',
      'день',
    ]);
  });
});
