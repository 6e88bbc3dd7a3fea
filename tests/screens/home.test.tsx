import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { HomeSummary } from '../../contract/home';
import { getHomeSummary, takeHomeSummary } from '../../src/api/home';
import { getUsage } from '../../src/api/usage';
import { dayPart, greeting } from '../../src/lib/greeting';
import HomeScreen from '../../src/screens/home/HomeScreen';
import { currentPath, currentState, renderWithProviders, signedIn } from './render-app';

vi.mock('../../src/api/usage', () => ({ getUsage: vi.fn() }));
vi.mock('../../src/api/home', () => ({ getHomeSummary: vi.fn(), takeHomeSummary: vi.fn() }));
const usage = vi.mocked(getUsage);
const loadSummary = vi.mocked(getHomeSummary);
const earlySummary = vi.mocked(takeHomeSummary);

const WEEK = ['2030-01-14', '2030-01-15', '2030-01-16', '2030-01-17', '2030-01-18', '2030-01-19', '2030-01-20'];
const summaryOf = (over: Partial<HomeSummary> = {}): HomeSummary => ({
  today: '2030-01-16',
  streak: { days: 3, active_today: true, active_days_30: 12 },
  week: WEEK.map((date, i) => ({ date, mood: [4.5, null, 2, null, null, null, null][i]! })),
  insight: { kind: 'best_practice', text: 'Больше всего вам помогает практика «Квадратное дыхание».' },
  ...over,
});
const diaryUsage = (limit: number | null, used: number) =>
  ({ diary_entries_limit: limit, diary_entries_used: used }) as never;

const at = (hour: number, minute = 0) => new Date(2026, 0, 15, hour, minute);

describe('greeting by hour', () => {
  it.each([
    [0, 0, 'Доброй ночи'],
    [5, 59, 'Доброй ночи'],
    [6, 0, 'Доброе утро'],
    [11, 59, 'Доброе утро'],
    [12, 0, 'Добрый день'],
    [17, 59, 'Добрый день'],
    [18, 0, 'Добрый вечер'],
    [23, 59, 'Добрый вечер'],
  ])('%i:%i → %s', (hour, minute, expected) => {
    expect(greeting(at(hour, minute), 'Анна')).toBe(`${expected}, Анна`);
  });

  it('falls back to «Друг» when first_name is absent or blank', () => {
    expect(greeting(at(9), undefined)).toBe('Доброе утро, Друг');
    expect(greeting(at(9), null)).toBe('Доброе утро, Друг');
    expect(greeting(at(9), '  ')).toBe('Доброе утро, Друг');
    expect(dayPart(at(3))).toBe('night');
  });
});

describe('home screen', () => {
  beforeEach(() => {
    localStorage.clear();
    usage.mockReset().mockResolvedValue(diaryUsage(10, 0));
    loadSummary.mockReset().mockResolvedValue(summaryOf());
    earlySummary.mockReset().mockReturnValue(null);
  });

  async function renderHome(user: { first_name?: string | null }, now = at(14)) {
    const actor = signedIn(user);
    actor.start();
    await waitFor(() => expect(actor.getSnapshot().matches('authenticated')).toBe(true));
    return renderWithProviders(<HomeScreen now={now} />, { path: '/app/home', actor });
  }

  it('greets the signed-in user by first name for the given hour, with the prompt', async () => {
    await renderHome({ first_name: 'Анна' }, at(7));
    expect(screen.getByRole('heading', { name: 'Доброе утро, Анна' })).toBeInTheDocument();
    expect(screen.getByText('Как вы себя чувствуете сегодня?')).toBeInTheDocument();
  });

  it('says «Друг» when the user has no first name', async () => {
    await renderHome({ first_name: null }, at(20));
    expect(screen.getByRole('heading', { name: 'Добрый вечер, Друг' })).toBeInTheDocument();
  });

  it('quick mood card: choosing a mood and «Записать» opens the new entry with that mood', async () => {
    await renderHome({ first_name: 'Анна' });
    expect(screen.getAllByRole('radio')).toHaveLength(5);
    await userEvent.click(screen.getByRole('radio', { name: 'Хорошее' }));
    expect(screen.getByRole('radio', { name: 'Хорошее' })).toHaveAttribute('aria-checked', 'true');
    await userEvent.click(screen.getByRole('button', { name: 'Записать' }));
    await waitFor(() => expect(currentPath()).toBe('/app/diary/new'));
    expect(currentState()).toEqual({ mood: 'good' });
    expect(usage).toHaveBeenCalledTimes(1); // the same plan and limit check as «Новая запись»
  });

  it.each([
    ['without diary on the plan (START)', diaryUsage(null, 0), 'Дневник недоступен', 'Улучшить тариф'],
    ['with today’s limit spent', diaryUsage(10, 10), 'Дневной лимит исчерпан', 'Посмотреть тарифы'],
  ])('quick mood card %s: «Записать» opens the upgrade dialog, not the form', async (_name, u, dialogTitle, button) => {
    usage.mockResolvedValue(u);
    await renderHome({ first_name: 'Анна' });
    await userEvent.click(screen.getByRole('radio', { name: 'Хорошее' }));
    await userEvent.click(screen.getByRole('button', { name: 'Записать' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(dialogTitle)).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: button }));
    expect(currentPath()).toBe('/app/profile/subscription');
  });

  it('quick mood card: usage unavailable does not block', async () => {
    usage.mockRejectedValue(new Error('offline'));
    await renderHome({ first_name: 'Анна' });
    await userEvent.click(screen.getByRole('button', { name: 'Записать' }));
    await waitFor(() => expect(currentPath()).toBe('/app/diary/new'));
  });

  it('quick mood card: tapping the chosen mood again clears it; «Записать» then opens without a mood', async () => {
    await renderHome({ first_name: 'Анна' });
    expect(screen.getByRole('radiogroup', { name: 'Быстрая запись настроения' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('radio', { name: 'Плохое' }));
    await userEvent.click(screen.getByRole('radio', { name: 'Плохое' }));
    expect(screen.getByRole('radio', { name: 'Плохое' })).toHaveAttribute('aria-checked', 'false');
    await userEvent.click(screen.getByRole('button', { name: 'Записать' }));
    await waitFor(() => expect(currentPath()).toBe('/app/diary/new'));
    expect(currentState()).toBeNull();
  });

  it('shows the chat, practices and diary cards, and the user’s streak, week and insight from the server', async () => {
    await renderHome({ first_name: 'Анна' });
    expect(screen.getByRole('link', { name: /Чат с помощником/ })).toHaveAttribute('href', '/app/chat');
    expect(screen.getByRole('link', { name: /Практики/ })).toHaveAttribute('href', '/app/practices');
    expect(screen.getByRole('link', { name: /Дневник/ })).toHaveAttribute('href', '/app/diary');
    expect(await screen.findByLabelText('Дней подряд')).toHaveTextContent('3');
    expect(screen.getByLabelText('Дней подряд')).toHaveTextContent('Вы заботитесь о себе каждый день');
    for (const day of ['Пн', 'Вт', 'Ср', 'Чт', 'Пт', 'Сб', 'Вс']) expect(screen.getByText(day)).toBeInTheDocument();
    // A day without a mood is an empty bar, not a 0; the text alternative says so.
    expect(screen.getAllByTestId('mood-bar').map((b) => b.dataset.mood)).toEqual(['4.5', '', '2', '', '', '', '']);
    expect(screen.getByRole('img', { name: /Пн: 4,5 из 5, Вт: нет записи, Ср: 2 из 5/ })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Мысль дня' })).toBeInTheDocument();
    expect(screen.getByText('Больше всего вам помогает практика «Квадратное дыхание».')).toBeInTheDocument();
    expect(loadSummary).toHaveBeenCalledTimes(1);
  });

  it('takes the entry’s early answer instead of asking again', async () => {
    earlySummary.mockReturnValueOnce(
      Promise.resolve(summaryOf({ streak: { days: 9, active_today: true, active_days_30: 20 } })),
    );
    await renderHome({ first_name: 'Анна' });
    expect(await screen.findByLabelText('Дней подряд')).toHaveTextContent('9');
    expect(loadSummary).not.toHaveBeenCalled();
  });

  it('a streak not yet continued today invites; a broken one says what was kept; a new user sees the first step', async () => {
    loadSummary.mockResolvedValueOnce(summaryOf({ streak: { days: 4, active_today: false, active_days_30: 6 } }));
    const first = await renderHome({ first_name: 'Анна' });
    expect(await screen.findByLabelText('Дней подряд')).toHaveTextContent(
      'Серия продолжается — сегодняшний день ещё впереди',
    );
    first.unmount();

    loadSummary.mockResolvedValueOnce(summaryOf({ streak: { days: 0, active_today: false, active_days_30: 6 } }));
    const second = await renderHome({ first_name: 'Анна' });
    const kept = await screen.findByLabelText('Дней заботы за месяц');
    expect(kept).toHaveTextContent('6');
    expect(kept).toHaveTextContent('Каждый из них остаётся с вами');
    second.unmount();

    loadSummary.mockResolvedValueOnce(
      summaryOf({
        streak: { days: 0, active_today: false, active_days_30: 0 },
        week: WEEK.map((date) => ({ date, mood: null })),
      }),
    );
    await renderHome({ first_name: 'Анна' });
    expect(await screen.findByLabelText('Первый шаг')).not.toHaveTextContent(/\d/);
    expect(screen.getByText('Отметьте настроение в дневнике — и здесь появится ваша неделя')).toBeInTheDocument();
  });

  it('loading, then a failure with «Попробовать снова», which loads again', async () => {
    let fail!: (e: Error) => void;
    loadSummary.mockReturnValueOnce(new Promise((_, reject) => (fail = reject)));
    await renderHome({ first_name: 'Анна' });
    expect(screen.getByText('Загружаем вашу неделю…')).toHaveAttribute('role', 'status');
    // The rest of home does not wait for it.
    expect(screen.getByRole('button', { name: 'Записать' })).toBeInTheDocument();
    fail(new Error('offline'));
    expect(await screen.findByRole('alert')).toHaveTextContent('Не удалось загрузить данные');
    await userEvent.click(screen.getByRole('button', { name: 'Попробовать снова' }));
    expect(await screen.findByLabelText('Дней подряд')).toHaveTextContent('3');
    expect(loadSummary).toHaveBeenCalledTimes(2);
  });
});
