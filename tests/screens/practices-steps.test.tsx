// The seven step practices in the session screen: each walked through with its words, «Далее» disabled (and saying
// why) until the step's texts are non-blank, «Назад» keeping everything, «Завершить» on the last step; the wishes
// beside the theme, the states as a radio group, the wheel's sliders, average and weak areas and its skip; the
// drafts (kept per user, offered back with «Продолжить» / «Начать заново», gone when the session completes unless a
// diary save may still go through); «Завершить без сохранения»; and «Сохранить в дневник» — the body sent, the
// upgrade dialog on a refusal (the limit's keeps the answers, the plan's lets them go with the session), a failure
// kept to try again with the same client id.
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { DiaryCreateBody } from '../../contract/diary';
import { createDiaryEntry } from '../../src/api/diary';
import { completePractice, listPractices } from '../../src/api/practices';
import { stepDraftStorageKey } from '../../src/screens/practices/steps/stepDraftStorage';
import { toast } from '../../src/ui/toast';
import { catalogue, renderAt, sessionState } from './practices-helpers';
import { currentPath } from './render-app';

vi.mock('../../src/api/practices'); // automocked: every call is a vi.fn() the tests program
vi.mock('../../src/api/diary');
vi.mock('../../src/ui/toast', () => ({ toast: vi.fn() }));

const USER = { first_name: 'Анна', telegram_id: 77 };
const KEY = stepDraftStorageKey(USER.telegram_id);
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
const create = vi.mocked(createDiaryEntry);
const complete = vi.mocked(completePractice);

const stored = () => JSON.parse(localStorage.getItem(KEY) ?? '[]') as Array<Record<string, unknown>>;
const next = (name: 'Далее' | 'Завершить' = 'Далее') => screen.getByRole('button', { name });
const field = (label: string) => screen.getByLabelText(label);
const type = (label: string, text: string) => userEvent.type(field(label), text);

/** Opens the practice's session (as `user`) and waits for its first step or the offer of a draft. */
async function open(id: string, ready: string, user: { first_name: string; telegram_id: number } = USER) {
  const view = await renderAt(`/app/practices/${id}/session`, sessionState(id), user);
  await screen.findByText(ready);
  return view;
}

/** The letter written and finished: the render (to close the app with) and «Сохранить в дневник». */
async function finishLetter(text = 'Я скучаю') {
  const view = await open('letter_without_sending', 'Письмо, которое никто не прочтёт');
  await type('Письмо', text);
  await userEvent.click(next('Завершить'));
  return { view, save: await screen.findByRole('button', { name: 'Сохранить в дневник' }) };
}

/** The letter's draft reopened (`offered` checks the offer), «Продолжить», `more` added, finished and saved again. */
async function continueLetterAndSave(more = '', offered?: () => void) {
  await open('letter_without_sending', 'Продолжим?');
  offered?.();
  await userEvent.click(screen.getByRole('button', { name: 'Продолжить' }));
  if (more) await type('Письмо', more);
  await userEvent.click(next('Завершить'));
  await userEvent.click(await screen.findByRole('button', { name: 'Сохранить в дневник' }));
}

/** «Далее» is disabled and says why; `fill` makes it enabled. */
async function expectNeeds(reason: string, fill: () => Promise<void>, name: 'Далее' | 'Завершить' = 'Далее') {
  expect(next(name)).toBeDisabled();
  expect(next(name)).toHaveAccessibleDescription(reason);
  await fill();
  expect(next(name)).toBeEnabled();
}

/** Rates the session and sends it (the session then completes). */
async function rateAndComplete() {
  await userEvent.click(screen.getByRole('radio', { name: '4 из 5' }));
  await userEvent.click(screen.getByRole('button', { name: 'Завершить' }));
  await waitFor(() => expect(currentPath()).toBe('/app/practices'));
}

beforeEach(() => {
  vi.clearAllMocks();
  localStorage.clear();
  vi.mocked(listPractices).mockResolvedValue(catalogue());
  complete.mockResolvedValue(undefined);
  create.mockImplementation(async (body: DiaryCreateBody) => ({
    id: 'entry-1',
    title: body.title ?? null,
    content: body.content,
    mood: null,
    is_favorite: false,
    source_type: 'practice_session',
    source_id: 'session-1',
    created_at: '2026-01-01T10:00:00.000Z',
  }));
});

// The first session of a run transforms the runner chunks: allow for it on a busy machine.
describe('step practices', { timeout: 30_000 }, () => {
  it('if I wasn’t afraid: three wishes, the theme beside them, action and first step; saved to the diary', async () => {
    await open('if_i_wasnt_afraid', 'Если бы вы не боялись, чего бы вам хотелось?');
    expect(screen.getByText('Шаг 1 из 5')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Назад' })).not.toBeInTheDocument();
    await expectNeeds('Чтобы продолжить, напишите желание', async () => {
      await type('Первое желание', '  \n ');
      expect(next()).toBeDisabled();
      await userEvent.clear(field('Первое желание'));
      await type('Первое желание', 'Петь на сцене');
    });
    await userEvent.click(next());
    expect(screen.getByRole('heading', { name: 'А чего ещё?' })).toHaveFocus();
    await type('Второе желание', 'Уехать к морю');
    // «Назад» keeps what was written on both steps.
    await userEvent.click(screen.getByRole('button', { name: 'Назад' }));
    expect(field('Первое желание')).toHaveValue('Петь на сцене');
    await userEvent.click(next());
    expect(field('Второе желание')).toHaveValue('Уехать к морю');
    await userEvent.click(next());
    await type('Третье желание', 'Сказать «нет»');
    await userEvent.click(next());
    expect(screen.getByText('Шаг 4 из 5')).toBeInTheDocument();
    const wishes = screen.getByRole('region', { name: 'Ваши желания' });
    expect(
      within(wishes)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Петь на сцене', 'Уехать к морю', 'Сказать «нет»']);
    await expectNeeds('Чтобы продолжить, напишите, что объединяет желания', () => type('Общая тема', 'Быть собой'));
    await userEvent.click(next());
    await expectNeeds(
      'Чтобы завершить, напишите действие и первый шаг',
      async () => {
        await type('Действие', 'Записаться на вокал');
        expect(next('Завершить')).toBeDisabled();
        await type('Самый маленький первый шаг', 'Найти студию');
      },
      'Завершить',
    );
    await userEvent.click(next('Завершить'));

    expect(await screen.findByRole('heading', { name: 'Отлично!' })).toBeInTheDocument();
    await userEvent.click(await screen.findByRole('button', { name: 'Сохранить в дневник' }));
    expect(await screen.findByText('Сохранено в дневнике')).toHaveAttribute('role', 'status');
    expect(screen.queryByRole('button', { name: 'Сохранить в дневник' })).not.toBeInTheDocument();
    expect(create).toHaveBeenCalledTimes(1);
    const body = create.mock.calls[0]![0];
    expect(body).toMatchObject({
      title: 'Если бы не страх',
      mood: null,
      is_favorite: false,
      source: { source_type: 'practice_session', source_id: 'session-1' },
    });
    expect(body.content).toBe(
      'Желание 1: Петь на сцене\n\nЖелание 2: Уехать к морю\n\nЖелание 3: Сказать «нет»\n\nЧто их объединяет: Быть собой\n\nДействие: Записаться на вокал\nПервый шаг: Найти студию',
    );
    expect(body.client_id).toMatch(UUID);
    expect(toast).toHaveBeenCalledWith(expect.objectContaining({ description: 'Запись добавлена в дневник' }));
    // Saved: the draft is gone.
    expect(stored()).toEqual([]);
  });

  it('stop, think, act: both texts of the first step, all three alternatives, the choice and when', async () => {
    await open('stop_think_act', 'Стоп. Что произошло?');
    await expectNeeds('Чтобы продолжить, опишите ситуацию и свою реакцию', async () => {
      await type('Ситуация', 'Перебили на встрече');
      expect(next()).toBeDisabled();
      await type('Моя реакция', 'Замолчал');
    });
    await userEvent.click(next());
    await expectNeeds('Чтобы продолжить, запишите все три варианта', async () => {
      await type('Вариант 1', 'Сказать');
      await type('Вариант 2', 'Написать');
      expect(next()).toBeDisabled();
      await type('Вариант 3', 'Подождать');
    });
    await userEvent.click(next());
    expect(screen.getByText('Шаг 3 из 3')).toBeInTheDocument();
    await expectNeeds(
      'Чтобы завершить, напишите, что вы сделаете и когда',
      async () => {
        await type('Что я сделаю', 'Скажу спокойно');
        await type('Когда', 'Завтра');
      },
      'Завершить',
    );
    await userEvent.click(next('Завершить'));
    expect(await screen.findByRole('button', { name: 'Сохранить в дневник' })).toBeInTheDocument();
  });

  it('goal shift: the states are a radio group (arrow keys choose); the action step names the chosen one', async () => {
    await open('goal_shift', 'Какая задача даётся с трудом?');
    await type('Задача', 'Отчёт');
    await userEvent.click(next());
    const states = screen.getByRole('radiogroup', { name: 'Состояние' });
    expect(
      within(states)
        .getAllByRole('radio')
        .map((r) => r.textContent),
    ).toEqual(['Спокойствие', 'Уверенность', 'Интерес', 'Лёгкость', 'Бодрость', 'Радость']);
    expect(screen.queryByRole('textbox')).not.toBeInTheDocument();
    await expectNeeds('Чтобы продолжить, выберите состояние', () =>
      userEvent.click(within(states).getByRole('radio', { name: 'Интерес' })),
    );
    within(states).getByRole('radio', { name: 'Интерес' }).focus();
    await userEvent.keyboard('{ArrowRight}');
    expect(within(states).getByRole('radio', { name: 'Лёгкость' })).toHaveAttribute('aria-checked', 'true');
    await userEvent.click(next());
    expect(screen.getByText('Выбранное состояние: Лёгкость')).toBeInTheDocument();
    await expectNeeds('Чтобы завершить, напишите действие', () => type('Действие', 'Открыть файл'), 'Завершить');
    await userEvent.click(next('Завершить'));
    await userEvent.click(await screen.findByRole('button', { name: 'Сохранить в дневник' }));
    await waitFor(() => expect(create).toHaveBeenCalled());
    expect(create.mock.calls[0]![0].content).toBe('Задача: Отчёт\n\nСостояние: Лёгкость\n\nДействие: Открыть файл');
  });

  it('paradoxical step: the situation; reaction and result; the opposite and when', async () => {
    await open('paradoxical_step', 'Какая ситуация повторяется?');
    await expectNeeds('Чтобы продолжить, опишите ситуацию', () => type('Ситуация', 'Откладываю звонок'));
    await userEvent.click(next());
    await expectNeeds('Чтобы продолжить, опишите реакцию и её результат', async () => {
      await type('Привычная реакция', 'Жду');
      await type('К чему это приводит', 'Тревога растёт');
    });
    await userEvent.click(next());
    await expectNeeds(
      'Чтобы завершить, напишите действие и когда вы его попробуете',
      async () => {
        await type('Противоположное действие', 'Позвонить сразу');
        await type('Когда попробую', 'Сегодня');
      },
      'Завершить',
    );
    await userEvent.click(next('Завершить'));
    expect(await screen.findByRole('heading', { name: 'Отлично!' })).toBeInTheDocument();
  });

  it('balance wheel with one weak area: sliders at 5, the wheel, the average 6,3, a plan for energy alone', async () => {
    await open('balance_wheel', 'Как вы сейчас?');
    const sliders = screen.getAllByRole('slider');
    expect(
      sliders.map((s) => [s.getAttribute('aria-valuetext'), (s as HTMLInputElement).min, (s as HTMLInputElement).max]),
    ).toEqual(Array.from({ length: 4 }, () => ['5 из 10', '1', '10']));
    expect(screen.getByRole('img', { name: /Колесо баланса/ })).toHaveAccessibleName(
      'Колесо баланса. Оценки по зонам: Энергия 5 из 10, Фокус 5 из 10, Эмоции 5 из 10, Отношения 5 из 10.',
    );
    // Never disabled: the sliders always hold a rating.
    expect(next()).toBeEnabled();
    const rate = (label: string, value: number) =>
      fireEvent.change(screen.getByRole('slider', { name: label }), { target: { value: String(value) } });
    rate('Энергия', 4);
    rate('Фокус', 7);
    rate('Эмоции', 8);
    rate('Отношения', 6);
    expect(screen.getByRole('slider', { name: 'Энергия' })).toHaveAttribute('aria-valuetext', '4 из 10');
    expect(screen.getByTestId('balance-wheel').querySelector('[data-area="focus"]')).toHaveAttribute(
      'data-rating',
      '7',
    );
    await userEvent.click(next());
    expect(screen.getByText('Шаг 2 из 3')).toBeInTheDocument();
    expect(screen.getByText('Средняя оценка: 6,3')).toBeInTheDocument();
    const weak = screen.getByRole('region', { name: 'Зоны ниже 6' });
    expect(
      within(weak)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Энергия — 4 из 10']);
    await userEvent.click(next());
    expect(screen.getAllByRole('textbox')).toHaveLength(1);
    await expectNeeds(
      'Чтобы завершить, напишите план для каждой зоны ниже 6',
      () => type('Энергия: что поможет?', 'Гулять после обеда'),
      'Завершить',
    );
    await userEvent.click(next('Завершить'));
    await userEvent.click(await screen.findByRole('button', { name: 'Сохранить в дневник' }));
    await waitFor(() => expect(create).toHaveBeenCalled());
    expect(create.mock.calls[0]![0].content).toBe(
      'Энергия: 4 из 10\nФокус: 7 из 10\nЭмоции: 8 из 10\nОтношения: 6 из 10\nСредняя оценка: 6,3\n\nПлан:\nЭнергия: Гулять после обеда',
    );
  });

  it('balance wheel with every area 6 or more: «Завершить» right after the review, the plan skipped', async () => {
    await open('balance_wheel', 'Как вы сейчас?');
    for (const slider of screen.getAllByRole('slider')) fireEvent.change(slider, { target: { value: '8' } });
    await userEvent.click(next());
    expect(screen.getByText('Шаг 2 из 2')).toBeInTheDocument();
    expect(screen.getByText('Средняя оценка: 8,0')).toBeInTheDocument();
    expect(screen.getByText(/Все зоны на 6 и выше/)).toBeInTheDocument();
    await userEvent.click(next('Завершить'));
    expect(await screen.findByRole('heading', { name: 'Отлично!' })).toBeInTheDocument();
  });

  it('letter without sending: one screen; «Завершить» needs the letter, not whom it is to', async () => {
    await open('letter_without_sending', 'Письмо, которое никто не прочтёт');
    expect(screen.queryByText(/Шаг/)).not.toBeInTheDocument();
    await expectNeeds(
      'Чтобы завершить, напишите письмо',
      async () => {
        await type('Кому (опционально)', 'Маме');
        expect(next('Завершить')).toBeDisabled();
        await type('Письмо', 'Спасибо за всё.');
      },
      'Завершить',
    );
    await userEvent.click(next('Завершить'));
    expect(await screen.findByRole('heading', { name: 'Отлично!' })).toBeInTheDocument();
  });

  it('three questions of the day: one screen; any one answer is enough', async () => {
    await open('diary_three_questions', 'Три вопроса о сегодняшнем дне');
    await expectNeeds(
      'Чтобы завершить, ответьте хотя бы на один вопрос',
      () => type('За что я могу себя поблагодарить?', 'За отдых'),
      'Завершить',
    );
    await userEvent.click(next('Завершить'));
    expect(await screen.findByRole('heading', { name: 'Отлично!' })).toBeInTheDocument();
  });

  it('words that signal a risk of suicide bring the helplines, as tap-to-call links, beside the step and the finish', async () => {
    await open('letter_without_sending', 'Письмо, которое никто не прочтёт');
    await type('Письмо', 'Мне тяжело, но я справлюсь. Убиваю время до вечера.');
    expect(screen.queryByText('Вы не одни')).not.toBeInTheDocument();
    await type('Письмо', ' Я больше не хочу жить.');
    const help = (await screen.findByRole('heading', { name: 'Вы не одни' })).closest('section')!;
    expect(help.parentElement).toHaveAttribute('aria-live', 'polite');
    expect(within(help).getByRole('link', { name: '8-800-2000-122' })).toHaveAttribute('href', 'tel:88002000122');
    expect(within(help).getByRole('link', { name: '112' })).toHaveAttribute('href', 'tel:112');
    await userEvent.click(next('Завершить'));
    await screen.findByRole('heading', { name: 'Отлично!' });
    expect(screen.getByRole('heading', { name: 'Вы не одни' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Сохранить в дневник' })).toBeInTheDocument();
  });

  it('a field near its limit shows its count and stops at the limit', async () => {
    await open('letter_without_sending', 'Письмо, которое никто не прочтёт');
    fireEvent.change(field('Кому (опционально)'), { target: { value: 'я'.repeat(85) } });
    expect(screen.getByText('85/100')).toBeInTheDocument();
    expect(field('Кому (опционально)')).toHaveAttribute('maxlength', '100');
    expect(field('Кому (опционально)')).toHaveAccessibleDescription('85/100');
    expect(screen.queryByText(/\/1800/)).not.toBeInTheDocument();
  });
});

describe('step practice drafts', { timeout: 30_000 }, () => {
  it('what is written is kept per user and offered back: «Продолжить» where it was left, with everything', async () => {
    const first = await open('stop_think_act', 'Стоп. Что произошло?');
    await type('Ситуация', 'Перебили');
    await type('Моя реакция', 'Замолчал');
    await userEvent.click(next());
    await type('Вариант 1', 'Сказать');
    expect(stored()).toEqual([
      expect.objectContaining({
        practice: 'stop_think_act',
        step: 'think',
        answers: expect.objectContaining({ situation: 'Перебили', alternative1: 'Сказать' }),
        submitted: false,
      }),
    ]);
    first.unmount(); // the app is closed mid-practice

    // Another account on this device sees nothing of it.
    const other = await open('stop_think_act', 'Стоп. Что произошло?', { first_name: 'Борис', telegram_id: 78 });
    expect(field('Ситуация')).toHaveValue('');
    other.unmount();

    await open('stop_think_act', 'Продолжим?');
    expect(screen.getByRole('heading', { name: 'Продолжим?' })).toHaveFocus();
    expect(screen.getByText('«Начать заново» удалит прежние ответы.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Продолжить' }));
    expect(screen.getByText('Шаг 2 из 3')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Подумайте: как ещё можно поступить?' })).toHaveFocus();
    expect(field('Вариант 1')).toHaveValue('Сказать');
    await userEvent.click(screen.getByRole('button', { name: 'Назад' }));
    expect(field('Ситуация')).toHaveValue('Перебили');
  });

  it('«Начать заново» starts blank and forgets the draft', async () => {
    localStorage.setItem(
      KEY,
      JSON.stringify([
        {
          practice: 'letter_without_sending',
          step: 'write',
          answers: { to: 'Папе', letter: 'Привет' },
          submitted: false,
        },
      ]),
    );
    await open('letter_without_sending', 'Продолжим?');
    await userEvent.click(screen.getByRole('button', { name: 'Начать заново' }));
    expect(field('Письмо')).toHaveValue('');
    expect(field('Кому (опционально)')).toHaveValue('');
    expect(stored()).toEqual([]);
  });

  it('«Назад» keeps the draft; «Завершить без сохранения» asks, and only «Удалить» lets it go', async () => {
    const first = await open('paradoxical_step', 'Какая ситуация повторяется?');
    await type('Ситуация', 'Молчу, когда обидно');
    await userEvent.click(screen.getByRole('button', { name: /К описанию практики/ }));
    await waitFor(() => expect(currentPath()).toBe('/app/practices/paradoxical_step'));
    expect(stored()).toEqual([expect.objectContaining({ practice: 'paradoxical_step' })]);
    first.unmount();

    const second = await open('paradoxical_step', 'Продолжим?');
    await userEvent.click(screen.getByRole('button', { name: 'Продолжить' }));
    // The timers' menu (⋯), with this practice's way out.
    const menu = screen.getByRole('button', { name: 'Меню практики' });
    await userEvent.click(menu);
    expect(menu).toHaveAttribute('aria-expanded', 'true');
    const quit = screen.getByRole('button', { name: 'Завершить без сохранения' });
    await userEvent.click(quit);
    let dialog = await screen.findByRole('dialog', { name: 'Удалить записанное в этой практике?' });
    expect(within(dialog).getByRole('button', { name: 'Закрыть' })).toHaveFocus();
    // Tab stays inside; Escape keeps everything and gives focus back to the item that opened it.
    await userEvent.tab({ shift: true });
    expect(within(dialog).getByRole('button', { name: 'Оставить' })).toHaveFocus();
    await userEvent.tab();
    expect(within(dialog).getByRole('button', { name: 'Закрыть' })).toHaveFocus();
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(quit).toHaveFocus();
    expect(field('Ситуация')).toHaveValue('Молчу, когда обидно');
    // «Оставить» keeps it too.
    await userEvent.click(quit);
    dialog = await screen.findByRole('dialog');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Оставить' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(stored()).toHaveLength(1);
    // «Удалить»: the draft goes, and the session leaves as «Назад» does; next time it starts blank.
    await userEvent.click(quit);
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Удалить' }));
    await waitFor(() => expect(currentPath()).toBe('/app/practices/paradoxical_step'));
    expect(stored()).toEqual([]);
    expect(complete).not.toHaveBeenCalled();
    second.unmount();
    await open('paradoxical_step', 'Какая ситуация повторяется?');
    expect(field('Ситуация')).toHaveValue('');
  });

  it('completing the session clears the draft of a practice that was not saved to the diary', async () => {
    await open('diary_three_questions', 'Три вопроса о сегодняшнем дне');
    await type('Что у меня получилось?', 'Выспалась');
    await userEvent.click(next('Завершить'));
    await screen.findByRole('heading', { name: 'Отлично!' });
    // Still kept on the finish screen: closing the app here loses nothing.
    expect(stored()).toHaveLength(1);
    await rateAndComplete();
    await waitFor(() => expect(stored()).toEqual([]));
  });
});

describe('saving a step practice to the diary', { timeout: 30_000 }, () => {
  it('limit_reached → the «Дневной лимит исчерпан» dialog; the answers stay on the device, even after the session completes', async () => {
    create.mockRejectedValue(Object.assign(new Error('402'), { refusal: 'limit_reached' }));
    await userEvent.click((await finishLetter()).save);
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Дневной лимит исчерпан')).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Позже' }));
    expect(screen.getByText(/Ответы остались на этом устройстве/)).toBeInTheDocument();
    expect(stored()).toEqual([expect.objectContaining({ answers: { to: '', letter: 'Я скучаю' }, submitted: true })]);
    await rateAndComplete();
    expect(stored()).toEqual([expect.objectContaining({ submitted: true })]);
  });

  it('not_available → the «Дневник недоступен» dialog; the plan cannot save them, so they go with the session', async () => {
    create.mockRejectedValueOnce(new Error('offline'));
    create.mockRejectedValueOnce(Object.assign(new Error('402'), { refusal: 'not_available' }));
    const { view, save } = await finishLetter();
    // A failure first: kept, to try again.
    await userEvent.click(save);
    await screen.findByText(/Ответы остались на этом устройстве/);
    await userEvent.click(screen.getByRole('button', { name: 'Сохранить в дневник' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Дневник недоступен')).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Позже' }));
    // Still on the device through the finish screen (closing the app here loses nothing), but not promised back.
    expect(screen.queryByText(/Ответы остались на этом устройстве/)).not.toBeInTheDocument();
    expect(stored()).toEqual([expect.objectContaining({ answers: { to: '', letter: 'Я скучаю' }, submitted: false })]);
    await rateAndComplete();
    await waitFor(() => expect(stored()).toEqual([]));
    view.unmount();
    // The next visit starts afresh: no offer of answers that could never be saved.
    await open('letter_without_sending', 'Письмо, которое никто не прочтёт');
  });

  it('a draft whose save did not go through is offered back saying so; saved again with the same client id', async () => {
    create.mockRejectedValueOnce(Object.assign(new Error('402'), { refusal: 'limit_reached' }));
    const { view, save } = await finishLetter('Прости');
    await userEvent.click(save);
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Позже' }));
    const firstId = create.mock.calls[0]![0].client_id;
    view.unmount();

    await continueLetterAndSave('', () =>
      expect(screen.getByText(/не сохранились в дневник, но остались на этом устройстве/)).toBeInTheDocument(),
    );
    await screen.findByText('Сохранено в дневнике');
    expect(create.mock.calls[1]![0].content).toBe('Прости');
    // The same answers, the same id: had the first try reached the server, this returns that entry.
    expect(create.mock.calls[1]![0].client_id).toBe(firstId);
    expect(stored()).toEqual([]);
  });

  it('an edit after a save attempt takes a new client id (the edited text is never answered with the old entry)', async () => {
    create.mockRejectedValueOnce(new Error('offline'));
    const { view, save } = await finishLetter('Прости');
    await userEvent.click(save);
    await waitFor(() =>
      expect(toast).toHaveBeenCalledWith(expect.objectContaining({ description: 'Не удалось создать запись' })),
    );
    const firstId = create.mock.calls[0]![0].client_id;
    view.unmount();
    await continueLetterAndSave(' меня');
    await waitFor(() => expect(create).toHaveBeenCalledTimes(2));
    expect(create.mock.calls[1]![0]).toMatchObject({ content: 'Прости меня' });
    expect(create.mock.calls[1]![0].client_id).not.toBe(firstId);
  });

  it('a failed save says so and keeps the button: trying again sends the same client id', async () => {
    create.mockRejectedValueOnce(new Error('offline'));
    await userEvent.click((await finishLetter()).save);
    await waitFor(() =>
      expect(toast).toHaveBeenCalledWith(
        expect.objectContaining({ title: 'Ошибка', description: 'Не удалось создать запись' }),
      ),
    );
    expect(screen.getByText(/Ответы остались на этом устройстве/)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Сохранить в дневник' }));
    await screen.findByText('Сохранено в дневнике');
    expect(create.mock.calls[1]![0].client_id).toBe(create.mock.calls[0]![0].client_id);
  });

  it('the button is busy while saving; a second tap sends nothing', async () => {
    let resolve!: () => void;
    create.mockImplementationOnce(
      () =>
        new Promise((r) => {
          resolve = () => r({} as never);
        }),
    );
    await userEvent.click((await finishLetter()).save);
    const busy = screen.getByRole('button', { name: 'Сохраняем…' });
    expect(busy).toHaveAttribute('aria-busy', 'true');
    await userEvent.click(busy);
    expect(create).toHaveBeenCalledTimes(1);
    await act(async () => resolve());
    expect(await screen.findByText('Сохранено в дневнике')).toBeInTheDocument();
  });
});
