// A step practice's answers as one diary entry: the layout of each practice (labels, blank optional answers left
// out, the wheel's ratings with the average's decimal comma and the plan for weak areas only), the body (title,
// source = the session, the draft's client id) — and that every practice's answers at every field's limit still fit
// the diary's 2000 characters, so a save never loses words.
import { describe, expect, it } from 'vitest';
import { diaryCreateBodySchema } from '../../contract/diary';
import { DIARY_CONTENT_MAX } from '../../contract/constants';
import { PRACTICES } from '../../server/practices/catalogue';
import {
  STEP_PRACTICE_IDS,
  fieldMax,
  fieldsOf,
  freshProgress,
  type StepPracticeId,
  type StepProgress,
} from '../../machines/practices/steps/step-practices';
import { formatAverage } from '../../src/copy/steps';
import { stepDiaryContent, stepDiaryEntry } from '../../src/screens/practices/steps/stepDiaryEntry';

const CLIENT_ID = '44444444-4444-4444-8444-444444444444';

function progress<P extends StepPracticeId>(
  practice: P,
  answers: Record<string, string>,
  over: Partial<StepProgress<P>> = {},
) {
  const fresh = freshProgress(practice, CLIENT_ID);
  return { ...fresh, answers: { ...fresh.answers, ...answers }, ...over } as StepProgress<P>;
}

describe('a step practice as a diary entry', () => {
  it('if I wasn’t afraid: one line per answer, a blank line between steps', () => {
    expect(
      stepDiaryContent(
        'if_i_wasnt_afraid',
        progress('if_i_wasnt_afraid', {
          wish1: ' Петь на сцене ',
          wish2: 'Уехать к морю',
          wish3: 'Сказать «нет»',
          theme: 'Быть собой',
          action: 'Записаться на вокал',
          firstStep: 'Найти студию\nрядом с домом',
        }),
      ),
    ).toBe(
      [
        'Желание 1: Петь на сцене',
        '',
        'Желание 2: Уехать к морю',
        '',
        'Желание 3: Сказать «нет»',
        '',
        'Что их объединяет: Быть собой',
        '',
        'Действие: Записаться на вокал',
        'Первый шаг:',
        'Найти студию',
        'рядом с домом',
      ].join('\n'),
    );
  });

  it('goal shift names the state in words', () => {
    expect(
      stepDiaryContent('goal_shift', progress('goal_shift', { task: 'Отчёт', state: 'calm', action: 'Открыть файл' })),
    ).toBe('Задача: Отчёт\n\nСостояние: Спокойствие\n\nДействие: Открыть файл');
  });

  it('three questions: only the answered ones, each after its question', () => {
    expect(
      stepDiaryContent(
        'diary_three_questions',
        progress('diary_three_questions', { succeeded: 'Погуляла', thanks: ' ' }),
      ),
    ).toBe('Что у меня получилось? Погуляла');
  });

  it('a letter: to whom (when given), then the letter itself', () => {
    expect(
      stepDiaryContent(
        'letter_without_sending',
        progress('letter_without_sending', { to: 'Маме', letter: 'Спасибо.\nЛюблю.' }),
      ),
    ).toBe('Кому: Маме\n\nСпасибо.\nЛюблю.');
    expect(stepDiaryContent('letter_without_sending', progress('letter_without_sending', { letter: 'Прощай' }))).toBe(
      'Прощай',
    );
  });

  it('the wheel: every rating, the average with a decimal comma, the plan for the weak areas only', () => {
    const wheel = progress(
      'balance_wheel',
      { energy: 'Гулять после обеда', focus: 'Старый план, фокус уже 7' },
      { ratings: { energy: 4, focus: 7, emotions: 8, relationships: 6 } },
    );
    expect(stepDiaryContent('balance_wheel', wheel)).toBe(
      [
        'Энергия: 4 из 10',
        'Фокус: 7 из 10',
        'Эмоции: 8 из 10',
        'Отношения: 6 из 10',
        'Средняя оценка: 6,3',
        '',
        'План:',
        'Энергия: Гулять после обеда',
      ].join('\n'),
    );
    const strong = progress('balance_wheel', {}, { ratings: { energy: 6, focus: 6, emotions: 6, relationships: 6 } });
    expect(stepDiaryContent('balance_wheel', strong)).toBe(
      'Энергия: 6 из 10\nФокус: 6 из 10\nЭмоции: 6 из 10\nОтношения: 6 из 10\nСредняя оценка: 6,0',
    );
  });

  it('the average reads with one decimal and a comma', () => {
    expect([formatAverage(6.3), formatAverage(5), formatAverage(10)]).toEqual(['6,3', '5,0', '10,0']);
  });

  it('the body: the practice’s name, the session as the source, the draft’s client id — valid for the server', () => {
    const body = stepDiaryEntry(
      { id: 'diary_three_questions', name: 'Три вопроса дня' },
      '55555555-5555-4555-8555-555555555555',
      progress('diary_three_questions', { important: 'Сон' }),
    );
    expect(body).toEqual({
      title: 'Три вопроса дня',
      content: 'Что сегодня было важным? Сон',
      mood: null,
      is_favorite: false,
      source: { source_type: 'practice_session', source_id: '55555555-5555-4555-8555-555555555555' },
      client_id: CLIENT_ID,
    });
    expect(diaryCreateBodySchema.safeParse(body).success).toBe(true);
  });

  it.each(STEP_PRACTICE_IDS)('%s: every answer at its limit still fits one entry (2000 characters)', (practice) => {
    const answers = Object.fromEntries(
      fieldsOf(practice).map((field) => [
        field,
        practice === 'goal_shift' && field === 'state' ? 'confidence' : 'ж'.repeat(fieldMax(practice, field)),
      ]),
    );
    // The wheel at its longest: every area weak (each has a plan).
    const over =
      practice === 'balance_wheel' ? { ratings: { energy: 1, focus: 1, emotions: 1, relationships: 1 } } : {};
    const content = stepDiaryContent(practice, progress(practice, answers, over));
    expect(content.length).toBeLessThanOrEqual(DIARY_CONTENT_MAX);
    const name = PRACTICES.find((p) => p.id === practice)!.name;
    const body = stepDiaryEntry(
      { id: practice, name },
      '55555555-5555-4555-8555-555555555555',
      progress(practice, answers, over),
    );
    expect(diaryCreateBodySchema.safeParse(body).success).toBe(true);
  });
});
