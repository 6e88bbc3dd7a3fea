import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { dayPart, greeting } from '../../src/lib/greeting';
import HomeScreen from '../../src/screens/home/HomeScreen';
import { currentPath, currentState, renderWithProviders, signedIn } from './render-app';

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
  beforeEach(() => localStorage.clear());

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
    expect(currentPath()).toBe('/app/diary/new');
    expect(currentState()).toEqual({ mood: 'good' });
  });

  it('quick mood card: tapping the chosen mood again clears it; «Записать» then opens without a mood', async () => {
    await renderHome({ first_name: 'Анна' });
    expect(screen.getByRole('radiogroup', { name: 'Быстрая запись настроения' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('radio', { name: 'Плохое' }));
    await userEvent.click(screen.getByRole('radio', { name: 'Плохое' }));
    expect(screen.getByRole('radio', { name: 'Плохое' })).toHaveAttribute('aria-checked', 'false');
    await userEvent.click(screen.getByRole('button', { name: 'Записать' }));
    expect(currentPath()).toBe('/app/diary/new');
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
