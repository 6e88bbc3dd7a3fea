// The profile screen (the real route table) against mocked API calls: header, subscription card, menu and version;
// each failed load named; the trial offer and its sheet, from the card to PREMIUM with its date.
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HTTPError } from 'ky';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Subscription } from '../../contract/billing';
import { activateTrial, getSubscription, getTiers, getTrialStatus } from '../../src/api/billing';
import { getProfileUser, getSettings } from '../../src/api/settings';
import { getUsage } from '../../src/api/usage';
import { toast } from '../../src/ui/toast';
import { settings, subscription, tiers, trialSubscription, usageToday, user } from '../machines/users-fixtures';
import { deferred } from './diary-helpers';
import { currentPath, renderApp, signedIn } from './render-app';

vi.mock('../../src/api/billing');
vi.mock('../../src/api/settings');
vi.mock('../../src/api/usage');
vi.mock('../../src/ui/toast', () => ({ toast: vi.fn() }));

const me = vi.mocked(getProfileUser);
const sub = vi.mocked(getSubscription);
const status = vi.mocked(getTrialStatus);
const activate = vi.mocked(activateTrial);

/** A ky failure with the server's `{detail}` body. */
function httpError(status: number, detail: string) {
  const request = new Request('http://localhost/api/trial/activate', { method: 'POST' });
  return new HTTPError(new Response(JSON.stringify({ detail }), { status }), request, {} as never);
}

beforeEach(() => {
  vi.clearAllMocks();
  localStorage.clear();
  me.mockResolvedValue(user);
  sub.mockResolvedValue(subscription('START'));
  vi.mocked(getTiers).mockResolvedValue({ tiers, payment_methods: ['stars'] });
  vi.mocked(getUsage).mockResolvedValue(usageToday);
  status.mockResolvedValue({ available: false, days: 7 });
  vi.mocked(getSettings).mockResolvedValue(settings());
});

const open = () =>
  renderApp(
    '/app/profile',
    signedIn({ first_name: 'Анна', telegram_id: user.telegram_id }, { onboardingCompleted: true }),
  );

describe('profile', () => {
  it('header, subscription card with today’s usage, «Улучшить тариф», the menu and the version', async () => {
    open();
    expect(await screen.findByRole('heading', { level: 2, name: 'Анна Иванова' })).toBeInTheDocument();
    expect(screen.getByText('@anna')).toBeInTheDocument();
    expect(screen.getByText('С нами с 1 марта 2025')).toBeInTheDocument();
    const card = screen.getByRole('region', { name: 'Старт' });
    expect(card).toHaveTextContent('Бесплатно');
    expect(card).toHaveTextContent('Сообщения с ИИосталось 75%');
    expect(card).toHaveTextContent('Записи в дневникенедоступно');
    expect(within(card).getByRole('link', { name: 'Улучшить тариф' })).toHaveAttribute(
      'href',
      '/app/profile/subscription',
    );
    const menu = screen.getByRole('navigation', { name: 'Меню профиля' });
    expect(within(menu).getByRole('link', { name: 'Настройки' })).toHaveAttribute('href', '/app/profile/settings');
    expect(within(menu).getByRole('link', { name: 'Помощь и поддержка' })).toHaveAttribute('href', '/app/profile/help');
    expect(screen.getByText('Версия 1.0.0')).toBeInTheDocument();
    expect(screen.queryByText('Попробуйте PREMIUM бесплатно')).not.toBeInTheDocument(); // trial not available
    await userEvent.click(within(menu).getByRole('link', { name: 'Настройки' }));
    await waitFor(() => expect(currentPath()).toBe('/app/profile/settings'));
  });

  it('«ID: …» without a username; the photo, and the icon when it does not load', async () => {
    me.mockResolvedValue({ ...user, username: null, photo_url: 'https://t.me/i/userpic/1.jpg' });
    open();
    expect(await screen.findByText(`ID: ${user.telegram_id}`)).toBeInTheDocument();
    const photo = screen.getByRole('img', { name: 'Фото профиля' });
    fireEvent.error(photo);
    await waitFor(() => expect(screen.queryByRole('img', { name: 'Фото профиля' })).not.toBeInTheDocument());
  });

  it('a paid PREMIUM: its end date, and no «Улучшить тариф» on the top tier', async () => {
    sub.mockResolvedValue(subscription('PREMIUM'));
    open();
    const card = await screen.findByRole('region', { name: 'PREMIUM' });
    expect(card).toHaveTextContent('до 15 января 2030');
    expect(within(card).queryByRole('link', { name: 'Улучшить тариф' })).not.toBeInTheDocument();
  });

  it('a failure names what failed, under «Не удалось загрузить данные профиля»; «Попробовать снова» loads again', async () => {
    me.mockRejectedValueOnce(new Error('offline'));
    vi.mocked(getTiers).mockRejectedValueOnce(new Error('offline'));
    open();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Не удалось загрузить данные профиля');
    expect(alert).toHaveTextContent('Не удалось загрузить данные пользователя. Не удалось загрузить тарифы');
    expect(alert).not.toHaveTextContent('подписки');
    await userEvent.click(within(alert).getByRole('button', { name: 'Попробовать снова' }));
    expect(await screen.findByRole('heading', { level: 2, name: 'Анна Иванова' })).toBeInTheDocument();
  });
});

describe('the trial offer', () => {
  beforeEach(() => {
    status.mockResolvedValue({ available: true, days: 7 });
  });

  it('card → sheet → «Начать пробный период» («Активация...») → PREMIUM with its date and limits, fetched again', async () => {
    const answer = deferred<Subscription>();
    activate.mockReturnValue(answer.promise);
    open();
    await userEvent.click(await screen.findByRole('button', { name: 'Активировать бесплатно' }));
    const sheet = await screen.findByRole('dialog', { name: 'PREMIUM на 7 дней бесплатно' });
    for (const benefit of [
      'Больше диалогов с ИИ',
      'Голосовые сообщения',
      'Больше записей в дневнике',
      'Продвинутые практики',
    ])
      expect(within(sheet).getByText(benefit)).toBeInTheDocument();
    sub.mockResolvedValue(trialSubscription); // what the refetch finds
    vi.mocked(getUsage).mockResolvedValue({
      ...usageToday,
      tier: 'PREMIUM',
      tokens_limit: 500_000,
      diary_entries_limit: 30,
      voice_seconds_limit: 1800,
    });
    await userEvent.click(within(sheet).getByRole('button', { name: 'Начать пробный период' }));
    expect(within(sheet).getByRole('button', { name: 'Активация...' })).toHaveAttribute('aria-busy', 'true');
    await userEvent.keyboard('{Escape}'); // not while it runs
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    await act(async () => answer.resolve(trialSubscription));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const card = screen.getByRole('region', { name: 'PREMIUM' });
    expect(card).toHaveTextContent('Пробный период');
    expect(card).toHaveTextContent('до 17 марта 2025');
    expect(screen.queryByText('Попробуйте PREMIUM бесплатно')).not.toBeInTheDocument();
    await waitFor(() => expect(sub).toHaveBeenCalledTimes(2)); // the load, then the refetch
    // Today's limits are the trial's at once — no «недоступно» until a reload.
    await waitFor(() => expect(card).toHaveTextContent('Записи в дневнике0 из 30'));
    expect(card).not.toHaveTextContent('недоступно');
    expect(vi.mocked(getUsage)).toHaveBeenCalledTimes(2);
    expect(toast).toHaveBeenCalledWith({
      title: 'Пробный период активирован',
      description: 'PREMIUM открыт на 7 дней',
      variant: 'success',
    });
  });

  it('a failure says the server’s words in the sheet; after a 409 «Позже» hides the offer', async () => {
    activate.mockRejectedValue(httpError(409, 'Пробный период уже был активирован'));
    open();
    await userEvent.click(await screen.findByRole('button', { name: 'Активировать бесплатно' }));
    const sheet = await screen.findByRole('dialog');
    await userEvent.click(within(sheet).getByRole('button', { name: 'Начать пробный период' }));
    expect(await within(sheet).findByRole('alert')).toHaveTextContent('Пробный период уже был активирован');
    await userEvent.click(within(sheet).getByRole('button', { name: 'Позже' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.queryByRole('button', { name: 'Активировать бесплатно' })).not.toBeInTheDocument();
  });

  it('without the server’s words: «Не удалось активировать триал», and it may be tried again', async () => {
    activate.mockRejectedValueOnce(new TypeError('Failed to fetch')).mockResolvedValueOnce(trialSubscription);
    open();
    await userEvent.click(await screen.findByRole('button', { name: 'Активировать бесплатно' }));
    const sheet = await screen.findByRole('dialog');
    await userEvent.click(within(sheet).getByRole('button', { name: 'Начать пробный период' }));
    expect(await within(sheet).findByRole('alert')).toHaveTextContent('Не удалось активировать триал');
    await userEvent.click(within(sheet).getByRole('button', { name: 'Начать пробный период' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(activate).toHaveBeenCalledTimes(2);
  });

  it('a failed status check counts as unavailable: no card (and the reason is logged)', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    status.mockRejectedValue(new Error('503'));
    open();
    await screen.findByRole('region', { name: 'Старт' });
    await waitFor(() =>
      expect(warn).toHaveBeenCalledWith('Не удалось проверить доступность триала', expect.any(Error)),
    );
    expect(screen.queryByText('Попробуйте PREMIUM бесплатно')).not.toBeInTheDocument();
    warn.mockRestore();
  });
});
