import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { getUsage } from '../../src/api/usage';
import { dayPart, greeting } from '../../src/lib/greeting';
import HomeScreen from '../../src/screens/home/HomeScreen';
import { currentPath, currentState, renderWithProviders, signedIn } from './render-app';

vi.mock('../../src/api/usage', () => ({ getUsage: vi.fn() }));
const usage = vi.mocked(getUsage);
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

  it('shows the chat, practices and diary cards, streak 7, the Пн–Вс chart and the insight', async () => {
    await renderHome({ first_name: 'Анна' });
    expect(screen.getByRole('link', { name: /Чат с помощником/ })).toHaveAttribute('href', '/app/chat');
    expect(screen.getByRole('link', { name: /Практики/ })).toHaveAttribute('href', '/app/practices');
    expect(screen.getByRole('link', { name: /Дневник/ })).toHaveAttribute('href', '/app/diary');
    expect(screen.getByLabelText('Дней подряд')).toHaveTextContent('7');
    for (const day of ['Пн', 'Вт', 'Ср', 'Чт', 'Пт', 'Сб', 'Вс']) expect(screen.getByText(day)).toBeInTheDocument();
    expect(screen.getAllByTestId('mood-bar')).toHaveLength(7);
    expect(screen.getByRole('heading', { name: 'Мысль дня' })).toBeInTheDocument();
  });
});
