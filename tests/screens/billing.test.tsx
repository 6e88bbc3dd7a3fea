// The plans and checkout screens against mocked API calls and a fake Telegram payment window.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HTTPError } from 'ky';
import { Route, Routes } from 'react-router-dom';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fromPromise } from 'xstate';
import type { Subscription } from '../../contract/billing';
import type { PaymentMethod, PaymentPreview } from '../../contract/payments';
import { tiersResponse } from '../../server/billing/plans';
import { createInvoice, getPaymentPreview, getSubscription, getTiers } from '../../src/api/billing';
import CheckoutScreen from '../../src/screens/billing/CheckoutScreen';
import PlansScreen from '../../src/screens/billing/PlansScreen';
import { currentPath, renderWithProviders } from './render-app';

const { openInvoice } = vi.hoisted(() => ({ openInvoice: vi.fn<(url: string) => Promise<string>>() }));
vi.mock('../../src/api/billing'); // automocked: every call is a vi.fn() the tests program
vi.mock('../../src/telegram/invoice', () => ({
  invoiceActors: { openInvoice: fromPromise<string, { url: string }>(({ input }) => openInvoice(input.url)) },
}));

/** Testing Library normalises the no-break spaces of Russian number grouping to plain ones in its matchers. */
const NBSP = ' ';
const URL_ = 'https://t.me/$slug-1';
/** PRO for a month in Stars, the only method these tests' server takes (so it comes chosen). */
const PAY_200 = /^Оплатить 200\s⭐$/;
const sub = (
  tier: Subscription['tier'],
  source: string | null = tier === 'START' ? null : 'payment',
  expires_at: string | null = tier === 'START' ? null : '2030-01-15T10:00:00.000Z',
): Subscription => ({ tier, source, expires_at });

function serve(
  subscription: Subscription = sub('START'),
  methods: PaymentMethod[] = ['stars'],
  preview: PaymentPreview = { credit: null, ends_trial: null },
) {
  vi.mocked(getTiers).mockResolvedValue({ ...tiersResponse({ cardProviderToken: null }), payment_methods: methods });
  vi.mocked(getSubscription).mockResolvedValue(subscription);
  vi.mocked(getPaymentPreview).mockResolvedValue(preview);
}

/** A ky failure with the server's `{detail}` body. */
const refused = (status: number, detail: string) =>
  new HTTPError(
    new Response(JSON.stringify({ detail }), { status, headers: { 'content-type': 'application/json' } }),
    new Request('http://localhost/api/payments/invoice', { method: 'POST' }),
    {} as never,
  );

function renderBilling(path: string) {
  return renderWithProviders(
    <Routes>
      <Route path="/app/profile/subscription" element={<PlansScreen />} />
      <Route path="/app/profile/subscription/checkout" element={<CheckoutScreen />} />
      <Route path="*" element={<p>elsewhere</p>} />
    </Routes>,
    { path },
  );
}

const card = (tier: string) => document.querySelector(`article[data-tier="${tier}"]`) as HTMLElement;

beforeEach(() => {
  vi.clearAllMocks();
});

describe('plans screen', () => {
  it('PREMIUM featured «Лучший выбор», the others in the grid; a START user may choose PRO and PREMIUM', async () => {
    serve(sub('START'));
    renderBilling('/app/profile/subscription');
    expect(await screen.findByRole('heading', { level: 1, name: 'Тарифы' })).toBeInTheDocument();
    await screen.findByRole('heading', { level: 2, name: 'PREMIUM' });
    expect(within(card('PREMIUM')).getByText('Лучший выбор')).toBeInTheDocument();
    expect(within(card('PRO')).getByText('Популярный')).toBeInTheDocument();
    expect(card('START').parentElement).toBe(card('PRO').parentElement); // the grid under the featured card
    expect(getComputedStyle(card('PRO').parentElement!).display).toBe('grid'); // one column on a phone: the e2e measures
    expect(within(card('START')).getByRole('button', { name: 'Текущая подписка' })).toBeDisabled();
    expect(within(card('START')).getByText('Бесплатно')).toBeInTheDocument(); // its description; no price
    expect(within(card('PRO')).getByRole('button', { name: 'Выбрать' })).toBeEnabled();
    expect(within(card('PREMIUM')).getByRole('button', { name: 'Выбрать' })).toBeEnabled();
    expect(within(card('PRO')).getByText('Что входит:')).toBeInTheDocument();
    expect(screen.getByText('Доступ открывается сразу после оплаты.')).toBeInTheDocument();
    expect(screen.getByText(/Продление — повторной оплатой/)).toBeInTheDocument();
  });

  it('period buttons: «1 месяц» / «N мес» with «-N%» only above 0; stars first, the discount, roubles for reference', async () => {
    serve();
    renderBilling('/app/profile/subscription');
    await screen.findByRole('heading', { level: 2, name: 'PRO' });
    const pro = within(card('PRO'));
    // the server's PRO: 200 ⭐ / 390 ₽ a month; 3 months 500 ⭐ (600 at the monthly rate: 17 % off) / 990 ₽
    expect(pro.getAllByRole('button', { pressed: false }).map((b) => b.textContent)).toEqual([
      '3 мес-17%',
      '6 мес-25%',
      '12 мес-38%',
    ]);
    expect(pro.getByRole('button', { name: '1 месяц', pressed: true })).toBeInTheDocument();
    expect(pro.getByText(`200${NBSP}⭐`).tagName).toBe('STRONG');
    expect(pro.getByText(`≈ 390${NBSP}₽`)).toBeInTheDocument();
    expect(card('PREMIUM').textContent).toContain('400\u00a0⭐'); // the page itself keeps the unit with a no-break space
    expect(pro.getByText('в месяц')).toBeInTheDocument();
    expect(pro.queryByText(/Скидка/)).not.toBeInTheDocument();

    await userEvent.click(pro.getByRole('button', { name: /^3 мес/ }));
    expect(pro.getByRole('button', { name: /^3 мес/, pressed: true })).toBeInTheDocument();
    expect(pro.getByText(`500${NBSP}⭐`).tagName).toBe('STRONG');
    expect(pro.getByText('за 3 месяца')).toBeInTheDocument();
    expect(pro.getByText(`600${NBSP}⭐`).tagName).toBe('S');
    expect(pro.getByText(`Скидка 17% · экономия 100${NBSP}⭐`)).toBeInTheDocument();
    expect(pro.getByText(`≈ 990${NBSP}₽`)).toBeInTheDocument();

    await userEvent.click(pro.getByRole('button', { name: 'Выбрать' }));
    await waitFor(() => expect(currentPath()).toBe('/app/profile/subscription/checkout?tier=PRO&period=3'));
  });

  it('a PRO holder: PRO «Текущая подписка», START «Недоступно» (and why), PREMIUM «Выбрать»', async () => {
    serve(sub('PRO'));
    renderBilling('/app/profile/subscription');
    await screen.findByRole('heading', { level: 2, name: 'PRO' });
    expect(within(card('PRO')).getByRole('button', { name: 'Текущая подписка' })).toBeDisabled();
    const unavailable = within(card('START')).getByRole('button', { name: 'Недоступно' });
    expect(unavailable).toBeDisabled();
    expect(unavailable).toHaveAccessibleDescription('Ваш тариф уже выше');
    expect(within(card('START')).getByText('Ваш тариф уже выше')).toBeVisible();
    expect(within(card('PREMIUM')).queryByText('Ваш тариф уже выше')).not.toBeInTheDocument();
    expect(within(card('PREMIUM')).getByRole('button', { name: 'Выбрать' })).not.toHaveAttribute('aria-describedby');
    expect(within(card('PREMIUM')).getByRole('button', { name: 'Выбрать' })).toBeEnabled();
  });

  it('on the PREMIUM trial every paid tier can be chosen, and the trial’s end is shown', async () => {
    serve(sub('PREMIUM', 'trial', '2030-01-15T10:00:00.000Z'));
    renderBilling('/app/profile/subscription');
    expect(await screen.findByText(/пробный период PREMIUM до 15 января 2030/)).toBeInTheDocument();
    expect(within(card('PRO')).getByRole('button', { name: 'Выбрать' })).toBeEnabled();
    expect(within(card('PREMIUM')).getByRole('button', { name: 'Выбрать' })).toBeEnabled();
  });

  it('«Не удалось загрузить тарифы» with «Попробовать снова», which loads again', async () => {
    vi.mocked(getTiers).mockRejectedValueOnce(new Error('offline'));
    vi.mocked(getSubscription).mockResolvedValue(sub('START'));
    renderBilling('/app/profile/subscription');
    expect(await screen.findByText('Не удалось загрузить тарифы')).toBeInTheDocument();
    serve();
    await userEvent.click(screen.getByRole('button', { name: 'Попробовать снова' }));
    expect(await screen.findByRole('heading', { level: 2, name: 'PREMIUM' })).toBeInTheDocument();
  });
});

describe('checkout screen', () => {
  it('Stars, the only way to pay, comes chosen: «1 000 ⭐» first, the discount, roubles for reference; Stars pays', async () => {
    serve(sub('START'));
    vi.mocked(createInvoice).mockResolvedValue({ invoice_url: URL_ });
    openInvoice.mockResolvedValue('paid');
    renderBilling('/app/profile/subscription/checkout?tier=PREMIUM&period=3');
    expect(await screen.findByRole('heading', { level: 2, name: 'PREMIUM · 3 мес' })).toBeInTheDocument();
    const summary = within(screen.getByRole('region', { name: 'Ваш заказ' }));
    // the server's PREMIUM × 3: 1 000 ⭐ against 400 × 3 = 1 200 (17 % off, 200 saved); 1 990 ₽
    expect(summary.getByText(`1${NBSP}200${NBSP}⭐`).tagName).toBe('S');
    expect(summary.getByText(`Скидка 17% · экономия 200${NBSP}⭐`)).toBeInTheDocument();
    expect(summary.getByText(`1${NBSP}000${NBSP}⭐`).tagName).toBe('STRONG');
    expect(summary.getByText('за 3 месяца')).toBeInTheDocument();
    expect(summary.getByText(`≈ 1${NBSP}990${NBSP}₽`)).toBeInTheDocument();
    expect(screen.getByText('Рекомендуем')).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: /Telegram Stars/ })).toBeChecked();
    expect(screen.getByRole('radio', { name: /Банковская карта/ })).toBeDisabled();
    expect(screen.getByText('Оплата картой пока недоступна')).toBeInTheDocument();
    expect(screen.queryByText('Выберите способ оплаты')).not.toBeInTheDocument();
    expect(screen.queryByText(/Оставшиеся дни|Пробный период/)).not.toBeInTheDocument(); // nothing held to change

    const pay = screen.getByRole('button', { name: /^Оплатить 1\s000\s⭐$/ });
    expect(pay).toBeEnabled();
    expect(pay).not.toHaveAttribute('aria-describedby');
    vi.mocked(getSubscription).mockResolvedValue(sub('PREMIUM', 'payment', '2030-04-15T10:00:00.000Z'));
    await userEvent.click(pay);
    expect(await screen.findByRole('heading', { name: 'Спасибо!' })).toBeInTheDocument();
    expect(screen.getByText('Подписка PREMIUM активна до 15 апреля 2030.')).toBeInTheDocument();
    expect(createInvoice).toHaveBeenCalledWith({ tier: 'PREMIUM', period: 3, method: 'stars' });
    expect(openInvoice).toHaveBeenCalledWith(URL_);
    await userEvent.click(screen.getByRole('button', { name: 'Готово' }));
    await waitFor(() => expect(currentPath()).toBe('/app/profile'));
  });

  it('the plans card and the checkout show a period the same way', async () => {
    serve(sub('START'));
    const { unmount } = renderBilling('/app/profile/subscription');
    await screen.findByRole('heading', { level: 2, name: 'PREMIUM' });
    await userEvent.click(within(card('PREMIUM')).getByRole('button', { name: /^6 мес/ }));
    const shown = (root: HTMLElement) =>
      ['s', 'strong', 'p'].flatMap((tag) => [...root.querySelectorAll(tag)].map((e) => e.textContent));
    const onCard = shown(card('PREMIUM'));
    unmount();
    renderBilling('/app/profile/subscription/checkout?tier=PREMIUM&period=6');
    const summary = await screen.findByRole('region', { name: 'Ваш заказ' });
    // PREMIUM × 6: 1 800 ⭐ against 2 400 (25 % off, 600 saved); 3 590 ₽
    const expected = [
      '2\u00a0400\u00a0⭐',
      '1\u00a0800\u00a0⭐',
      '2\u00a0400\u00a0⭐Скидка 25% · экономия 600\u00a0⭐',
      '1\u00a0800\u00a0⭐за 6 месяцев',
      '≈ 3\u00a0590\u00a0₽',
    ];
    expect(onCard).toEqual(expect.arrayContaining(expected));
    expect(shown(summary)).toEqual(expect.arrayContaining(expected));
  });

  it('with cards too nothing is chosen for the user; a card shows and charges roubles: «Оплатить 390 ₽»', async () => {
    serve(sub('START'), ['stars', 'card']);
    renderBilling('/app/profile/subscription/checkout?tier=PRO'); // period defaults to 1
    await screen.findByRole('heading', { level: 2, name: 'PRO · 1 месяц' });
    expect(screen.queryByText(/Скидка/)).not.toBeInTheDocument();
    expect(screen.getByRole('radio', { name: /Telegram Stars/ })).not.toBeChecked();
    const pay = screen.getByRole('button', { name: 'Оплатить' });
    expect(pay).toBeDisabled();
    expect(pay).toHaveAccessibleDescription('Выберите способ оплаты'); // why it is disabled, read with it
    expect(screen.getByText(`200${NBSP}⭐`).tagName).toBe('STRONG');

    await userEvent.click(screen.getByRole('radio', { name: /Банковская карта/ }));
    expect(screen.getByText('Visa, Mastercard, МИР')).toBeInTheDocument();
    expect(screen.getByText(`390${NBSP}₽`).tagName).toBe('STRONG');
    expect(screen.getByText(`или 200${NBSP}⭐`)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /^Оплатить 390\s₽$/ })).toBeEnabled();
    await userEvent.click(screen.getByRole('radio', { name: /Telegram Stars/ }));
    expect(screen.getByRole('button', { name: PAY_200 })).toBeEnabled();
  });

  it('an upgrade says what happens to the plan held, in the server’s figures; a trial ending is said too', async () => {
    serve(sub('PRO'), ['stars'], { credit: { from_tier: 'PRO', from_days: 40, days: 19 }, ends_trial: null });
    const { unmount } = renderBilling('/app/profile/subscription/checkout?tier=PREMIUM&period=1');
    const summary = await screen.findByRole('region', { name: 'Ваш заказ' });
    expect(within(summary).getByText('Оставшиеся дни PRO (40) перейдут в PREMIUM: +19 дней.')).toBeInTheDocument();
    expect(getPaymentPreview).toHaveBeenCalledWith('PREMIUM');
    unmount();

    serve(sub('PREMIUM', 'trial'), ['stars'], { credit: null, ends_trial: 'PREMIUM' });
    renderBilling('/app/profile/subscription/checkout?tier=PRO&period=1');
    expect(
      await screen.findByText('Пробный период PREMIUM закончится сразу после оплаты — начнётся PRO.'),
    ).toBeInTheDocument();
  });

  it('a refused invoice shows the server’s reason; with no reason given, the general words', async () => {
    serve();
    vi.mocked(createInvoice)
      .mockRejectedValueOnce(refused(422, 'Этот тариф недоступен: ваша подписка уже не ниже'))
      .mockRejectedValueOnce(new TypeError('Failed to fetch'));
    renderBilling('/app/profile/subscription/checkout?tier=PRO&period=1');
    await userEvent.click(await screen.findByRole('radio', { name: /Telegram Stars/ }));
    await userEvent.click(screen.getByRole('button', { name: PAY_200 }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Этот тариф недоступен: ваша подписка уже не ниже');
    await userEvent.click(screen.getByRole('button', { name: PAY_200 }));
    await waitFor(() =>
      expect(screen.getByRole('alert')).toHaveTextContent('Не удалось создать счёт. Попробуйте ещё раз.'),
    );
  });

  it('a Telegram without the payment window: update the app, not «Оплата не прошла»', async () => {
    serve();
    vi.mocked(createInvoice).mockResolvedValue({ invoice_url: URL_ });
    openInvoice.mockResolvedValue('unsupported');
    renderBilling('/app/profile/subscription/checkout?tier=PRO&period=1');
    await userEvent.click(await screen.findByRole('radio', { name: /Telegram Stars/ }));
    await userEvent.click(screen.getByRole('button', { name: PAY_200 }));
    expect(
      await screen.findByText(
        'Оплата в этой версии Telegram недоступна. Обновите приложение Telegram и попробуйте снова.',
      ),
    ).toBeInTheDocument();
    expect(screen.queryByText(/Оплата не прошла/)).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Попробовать снова' }));
    expect(screen.getByRole('button', { name: PAY_200 })).toBeEnabled();
  });

  it('cancelled: nothing charged, try again; a refused invoice says so and stays', async () => {
    serve();
    vi.mocked(createInvoice).mockRejectedValueOnce(new Error('503')).mockResolvedValue({ invoice_url: URL_ });
    openInvoice.mockResolvedValue('cancelled');
    renderBilling('/app/profile/subscription/checkout?tier=PRO&period=1');
    await userEvent.click(await screen.findByRole('radio', { name: /Telegram Stars/ }));
    await userEvent.click(screen.getByRole('button', { name: PAY_200 }));
    expect(await screen.findByText('Не удалось создать счёт. Попробуйте ещё раз.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: PAY_200 }));
    expect(await screen.findByText('Оплата отменена. Деньги не списаны.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Попробовать снова' }));
    expect(screen.getByRole('button', { name: PAY_200 })).toBeEnabled();
  });

  it('failed and pending: nothing charged / a calm wait for the confirmation', async () => {
    serve();
    vi.mocked(createInvoice).mockResolvedValue({ invoice_url: URL_ });
    openInvoice.mockResolvedValueOnce('failed').mockResolvedValueOnce('pending');
    renderBilling('/app/profile/subscription/checkout?tier=PRO&period=1');
    await userEvent.click(await screen.findByRole('radio', { name: /Telegram Stars/ }));
    await userEvent.click(screen.getByRole('button', { name: PAY_200 }));
    expect(await screen.findByText('Оплата не прошла. Деньги не списаны.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Попробовать снова' }));
    await userEvent.click(screen.getByRole('button', { name: PAY_200 }));
    expect(
      await screen.findByText('Платёж обрабатывается, ждём подтверждения. Экран обновится сам.'),
    ).toBeInTheDocument();
    expect(getSubscription).toHaveBeenCalled();
  });

  it('«Тариф не найден» for an unknown tier, with a button back to the tariffs', async () => {
    serve();
    renderBilling('/app/profile/subscription/checkout?tier=GOLD&period=1');
    expect(await screen.findByRole('heading', { name: 'Тариф не найден' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'К тарифам' }));
    await waitFor(() => expect(currentPath()).toBe('/app/profile/subscription'));
  });
});
