import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { activeTab } from '../../src/lib/tabs';
import { currentPath, renderApp, signedIn } from './render-app';

describe('active tab from the first two path segments', () => {
  it.each([
    ['/app/home', 'home'],
    ['/app/chat', 'chat'],
    ['/app/chat/new', 'chat'],
    ['/app/diary/new', 'diary'],
    ['/app/diary/123', 'diary'],
    ['/app/practices', 'practices'],
    ['/app/profile/subscription/checkout', 'profile'],
    ['/app', 'home'],
    ['/app/unknown', 'home'],
    ['/', 'home'],
    ['/chat', 'home'],
  ])('%s → %s', (path, tab) => expect(activeTab(path)).toBe(tab));
});

describe('bottom navigation', () => {
  beforeEach(() => {
    localStorage.clear();
    localStorage.setItem('onboarding_completed', 'true');
  });

  const tabs = ['Главная', 'Чат', 'Дневник', 'Практики', 'Профиль'];

  it('has five tabs and marks the one of the current path; switching tabs moves the mark', async () => {
    renderApp('/app/profile/settings', signedIn());
    const nav = await screen.findByRole('navigation');
    expect(Array.from(nav.querySelectorAll('a')).map((a) => a.textContent)).toEqual(tabs);
    expect(screen.getByRole('link', { name: 'Профиль' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('link', { name: 'Главная' })).not.toHaveAttribute('aria-current');

    await userEvent.click(screen.getByRole('link', { name: 'Дневник' }));
    await waitFor(() => expect(currentPath()).toBe('/app/diary'));
    expect(screen.getByRole('link', { name: 'Дневник' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('link', { name: 'Профиль' })).not.toHaveAttribute('aria-current');
  });

  it('is fixed to the bottom, 56 px high above the bottom inset (the spec height, as a minimum for enlarged text)', async () => {
    renderApp('/app/home', signedIn());
    const nav = await screen.findByRole('navigation');
    const bar = getComputedStyle(nav);
    expect(bar.position).toBe('fixed');
    expect(bar.bottom).toBe('0px');
    expect(bar.minHeight.replace(/\s+/g, ' ')).toMatch(
      /^calc\(56px \+ calc\(max\(var\(--tg-viewport-safe-area-inset-bottom/,
    );
    expect(nav.querySelectorAll('a')).toHaveLength(5);
    for (const link of nav.querySelectorAll('a')) expect(getComputedStyle(link).minHeight).toBe('56px');
  });

  it.each(['/app/chat/new', '/app/practices/box-breathing'])(
    '%s uses the full-height layout without the navigation',
    async (path) => {
      renderApp(path, signedIn());
      await waitFor(() => expect(currentPath()).toBe(path));
      expect(await screen.findByRole('heading', { level: 1 })).toBeInTheDocument();
      expect(screen.queryByRole('navigation')).not.toBeInTheDocument();
    },
  );

  it.each([
    ['/app/chat', 'Чаты', 'Чат'],
    ['/app/practices', 'Практики', 'Практики'],
    ['/app/profile', 'Профиль', 'Профиль'],
    ['/app/profile/settings', 'Настройки', 'Профиль'],
    ['/app/profile/subscription', 'Тарифы', 'Профиль'],
    ['/app/profile/subscription/checkout?tier=PRO&period=3', 'Оформление подписки', 'Профиль'],
    ['/app/profile/help', 'Помощь и поддержка', 'Профиль'],
  ])('%s renders «%s» with the navigation, tab «%s» active', async (path, title, tab) => {
    renderApp(path, signedIn());
    expect(await screen.findByRole('heading', { level: 1, name: title })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: tab })).toHaveAttribute('aria-current', 'page');
  });

  // The chat's own back («К чатам») is in tests/screens/chat-session.test.tsx.
  it.each([
    ['/app/profile/help', '/app/profile'],
    ['/app/profile/subscription/checkout', '/app/profile/subscription'],
  ])('%s: «Назад» (no native BackButton outside Telegram) goes to %s', async (path, back) => {
    renderApp(path, signedIn());
    await userEvent.click(await screen.findByRole('button', { name: /Назад/ }));
    await waitFor(() => expect(currentPath()).toBe(back));
  });

  it.each([
    ['/app/chat', 'Чаты'],
    ['/app/practices', 'Практики'],
    ['/app/profile', 'Профиль'],
  ])('tab %s («%s») has no back link', async (path, title) => {
    renderApp(path, signedIn());
    expect(await screen.findByRole('heading', { level: 1, name: title })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Назад/ })).not.toBeInTheDocument();
  });
});
