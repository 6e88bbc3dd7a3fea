// The profile's card for a monthly Stars subscription (the real route table, mocked API calls): the next charge and
// «Отменить автопродление»; once cancelled, «Автопродление отменено», the end date and «Возобновить»; a refusal
// shown in the server's words.
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HTTPError } from 'ky';
import { beforeEach, expect, it, vi } from 'vitest';
import type { Subscription } from '../../contract/billing';
import { getSubscription, getTiers, getTrialStatus, putRenewal } from '../../src/api/billing';
import { getProfileUser, getSettings } from '../../src/api/settings';
import { getUsage } from '../../src/api/usage';
import { settings, tiers, usageToday, user } from '../machines/users-fixtures';
import { renderApp, signedIn } from './render-app';

vi.mock('../../src/api/billing');
vi.mock('../../src/api/settings');
vi.mock('../../src/api/usage');
vi.mock('../../src/ui/toast', () => ({ toast: vi.fn() }));

const END = '2030-01-15T10:00:00.000Z';
const monthly = (autoRenew: boolean): Subscription => ({
  tier: 'PRO',
  expires_at: END,
  source: 'payment',
  renewal: { auto_renew: autoRenew, renews_at: END },
});

beforeEach(() => {
  vi.clearAllMocks();
  vi.mocked(getSubscription).mockReset();
  vi.mocked(putRenewal).mockReset();
  localStorage.clear();
  vi.mocked(getProfileUser).mockResolvedValue(user);
  vi.mocked(getTiers).mockResolvedValue({ tiers, payment_methods: ['stars'] });
  vi.mocked(getUsage).mockResolvedValue(usageToday);
  vi.mocked(getTrialStatus).mockResolvedValue({ available: false, days: 7 });
  vi.mocked(getSettings).mockResolvedValue(settings());
});

const open = () =>
  renderApp(
    '/app/profile',
    signedIn({ first_name: 'Анна', telegram_id: user.telegram_id }, { onboardingCompleted: true }),
  );

it('cancel shows the end date, «Автопродление отменено» and «Возобновить»', async () => {
  vi.mocked(getSubscription).mockResolvedValueOnce(monthly(true)).mockResolvedValueOnce(monthly(false));
  vi.mocked(putRenewal).mockResolvedValueOnce(monthly(false));
  open();
  const card = await screen.findByRole('region', { name: 'PRO' });
  expect(card).toHaveTextContent('Следующее списание: 15 января 2030');
  await userEvent.click(within(card).getByRole('button', { name: 'Отменить автопродление' }));
  expect(putRenewal).toHaveBeenCalledWith({ auto_renew: false });
  expect(await within(card).findByRole('button', { name: 'Возобновить' })).toBeInTheDocument();
  expect(card).toHaveTextContent('до 15 января 2030');
  expect(card).toHaveTextContent('Автопродление отменено');
  expect(card).not.toHaveTextContent('Следующее списание');
}, 20_000);

it('a refusal is said in the server’s words, and the button stays', async () => {
  vi.mocked(getSubscription).mockResolvedValue(monthly(true));
  const request = new Request('http://localhost/api/subscriptions/me/renewal', { method: 'PUT' });
  const detail = 'Telegram не принял изменение автопродления, попробуйте ещё раз чуть позже';
  vi.mocked(putRenewal).mockRejectedValueOnce(
    new HTTPError(new Response(JSON.stringify({ detail }), { status: 503 }), request, {} as never),
  );
  open();
  const card = await screen.findByRole('region', { name: 'PRO' });
  await userEvent.click(within(card).getByRole('button', { name: 'Отменить автопродление' }));
  expect(await within(card).findByRole('alert')).toHaveTextContent(detail);
  expect(within(card).getByRole('button', { name: 'Отменить автопродление' })).toBeInTheDocument();
}, 20_000);
