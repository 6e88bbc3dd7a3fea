// The screening question's answers, read as yes / no / unclear (contract/safety/screener.ts). The table was written
// from how people answer «У вас бывают такие мысли?» — plainly, in slang, misspelt, hedging, in the wrong keyboard
// layout — not from the module's word lists. A yes anywhere in the answer wins: a screener errs towards help.
import { describe, expect, it } from 'vitest';
import { readScreeningAnswer, type ScreeningAnswer } from '../../contract/safety/screener';

const TABLE: Array<[string, ScreeningAnswer]> = [
  // yes, plainly
  ['Да', 'yes'],
  ['да.', 'yes'],
  ['Дааа', 'yes'],
  ['ДА', 'yes'],
  ['ну да', 'yes'],
  ['Да, бывают', 'yes'],
  ['бывают', 'yes'],
  ['Бывают...', 'yes'],
  ['бывает', 'yes'],
  ['бывало', 'yes'],
  ['были раньше', 'yes'],
  ['ага', 'yes'],
  ['угу', 'yes'],
  ['иногда', 'yes'],
  ['Иногда, особенно по ночам', 'yes'],
  ['часто', 'yes'],
  ['постоянно', 'yes'],
  ['каждый день', 'yes'],
  ['конечно', 'yes'],
  ['есть такое', 'yes'],
  ['ещё как', 'yes'],
  ['появляются', 'yes'],
  ['думала об этом', 'yes'],
  // yes, hedged or half-denied: still a yes
  ['наверное', 'yes'],
  ['может быть', 'yes'],
  ['не часто, но бывает', 'yes'],
  ['не всегда', 'yes'],
  ['нет… хотя иногда бывает', 'yes'],
  ['редко', 'yes'],
  // yes, misspelt or typed carelessly
  ['бываюут', 'yes'],
  ['быват', 'yes'],
  ['иногдо', 'yes'],
  ['канешно', 'yes'],
  ['конешно', 'yes'],
  ['пастоянно', 'yes'],
  ['lf', 'yes'], // «да» in the Latin layout
  [',sdf.n', 'yes'], // «бывают» in the Latin layout
  ['da', 'yes'],
  ['yes', 'yes'],
  // no
  ['Нет', 'no'],
  ['нет.', 'no'],
  ['Нееет', 'no'],
  ['неа', 'no'],
  ['Не-а', 'no'],
  ['не', 'no'],
  ['нет, что вы', 'no'],
  ['Нет, такого не бывает', 'no'],
  ['не бывает', 'no'],
  ['не было', 'no'],
  ['никогда', 'no'],
  ['ни разу', 'no'],
  ['да нет, просто устала', 'no'],
  ['уже нет', 'no'],
  ['ytn', 'no'], // «нет» in the Latin layout
  ['net', 'no'],
  ['no', 'no'],
  // neither
  ['не знаю', 'unclear'],
  ['Сложно сказать', 'unclear'],
  ['а почему вы спрашиваете?', 'unclear'],
  ['мне просто очень грустно', 'unclear'],
  ['хз', 'unclear'],
  ['🙁', 'unclear'],
];

describe('the screening answer reader', () => {
  it.each(TABLE)('«%s» → %s', (answer, expected) => {
    expect(readScreeningAnswer(answer)).toBe(expected);
  });
});
