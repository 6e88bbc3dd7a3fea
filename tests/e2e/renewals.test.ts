// A monthly plan that renews, in a real Chromium against the real server, with a Bot API server on loopback standing
// in for Telegram: a START user picks PRO for one month, the checkout asks Telegram for a Stars subscription invoice
// (createInvoiceLink with subscription_period), Telegram reports the first charge and, a month later, a renewal
// through the bot's webhook; the profile shows the next charge's date, «Отменить автопродление» asks Telegram to
// stop it (editUserStarSubscription) and the card then shows when the plan ends and «Возобновить».
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startBotApi, type FakeBotApi } from '../support/bot-api';
import { openHome, useServerAndBrowser, type TgUser } from './harness';
import { paidUntilThanked, telegramSends } from './telegram-payments';

const SECRET = 'e2e-renewals-webhook-secret';
const env: Record<string, string> = { WEBHOOK_SECRET: SECRET };
let api: FakeBotApi;
beforeAll(async () => {
  api = await startBotApi();
  env.TELEGRAM_API_ROOT = api.url; // read by the server's start below (hooks run in order)
});
afterAll(async () => {
  await api?.close();
});
const e2e = useServerAndBrowser({ env });

const subscriber: TgUser = { id: 5_550_501, first_name: 'Нина', language_code: 'ru' };
const TIMEOUT = 15_000;
const DAY_MS = 86_400_000;

/** Russian month names in the genitive, as a date reads: «5 мая 2026». */
const MONTHS = [
  'января',
  'февраля',
  'марта',
  'апреля',
  'мая',
  'июня',
  'июля',
  'августа',
  'сентября',
  'октября',
  'ноября',
  'декабря',
];
/** 12:00 in Moscow (09:00 UTC) `days` from today: its UTC day is its day in Moscow, the browser's zone. */
const noonInDays = (days: number) => {
  const d = new Date(Date.now() + days * DAY_MS);
  return new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate(), 9));
};
const dayRu = (d: Date) => `${d.getUTCDate()} ${MONTHS[d.getUTCMonth()]} ${d.getUTCFullYear()}`;
const unix = (d: Date) => Math.floor(d.getTime() / 1000);

let messageId = 0;
/** A charge of the subscription as Telegram reports it in a message: the first (is_first_recurring) or a renewal. */
function subscriptionCharge(payload: string, chargeId: string, paidUntil: Date, first: boolean) {
  return {
    message: {
      message_id: ++messageId,
      date: Math.floor(Date.now() / 1000),
      chat: { id: subscriber.id, type: 'private', first_name: subscriber.first_name },
      from: { ...subscriber, is_bot: false },
      successful_payment: {
        currency: 'XTR',
        total_amount: 200,
        invoice_payload: payload,
        telegram_payment_charge_id: chargeId,
        provider_payment_charge_id: '',
        is_recurring: true,
        ...(first ? { is_first_recurring: true } : {}),
        subscription_expiration_date: unix(paidUntil),
      },
    },
  };
}

async function openProfile(page: Page) {
  await page.locator('nav').getByRole('link', { name: 'Профиль' }).click();
  await page.waitForURL('**/app/profile');
}

describe('a monthly plan that renews, in Chromium', () => {
  it('from PRO for a month through Telegram’s first charge and a renewal to the next charge date and its cancelling', async () => {
    const firstPaidUntil = noonInDays(30);
    const renewedUntil = noonInDays(60);

    const page = await openHome(e2e, subscriber);
    await openProfile(page);
    await page.getByRole('region', { name: 'Старт' }).getByRole('link', { name: 'Улучшить тариф' }).click();
    await page.waitForURL('**/app/profile/subscription');

    const pro = page.locator('article[data-tier="PRO"]');
    await pro.getByRole('button', { name: '1 месяц' }).click({ timeout: TIMEOUT });
    expect(await pro.getByRole('button', { name: '1 месяц' }).getAttribute('aria-pressed')).toBe('true');
    await pro.getByRole('button', { name: 'Выбрать' }).click();
    await page.waitForURL('**/app/profile/subscription/checkout?tier=PRO&period=1');

    await page.getByRole('radio', { name: /Telegram Stars/ }).check({ timeout: TIMEOUT });
    const pay = page.getByRole('button', { name: /^Оплатить/ });
    expect((await pay.textContent())?.replace(/\s/g, ' ')).toBe('Оплатить 200 ⭐');
    await pay.click();

    // the server asked Telegram for a Stars subscription invoice: 200 Stars every 30 days
    await expect.poll(() => api.links.length, { timeout: TIMEOUT }).toBe(1);
    const [link] = api.links;
    const [params] = api.callsOf('createInvoiceLink');
    expect(params).toMatchObject({
      currency: 'XTR',
      provider_token: '',
      prices: [{ amount: 200 }],
      subscription_period: 2592000,
    });
    const payload = String(params!.payload);

    // Telegram: pre-checkout (the bot must say yes), then the subscription's first charge
    expect(
      await telegramSends(e2e.server, SECRET, {
        pre_checkout_query: {
          id: 'pcq-renewals-e2e',
          from: { ...subscriber, is_bot: false },
          currency: 'XTR',
          total_amount: 200,
          invoice_payload: payload,
        },
      }),
    ).toBe(200);
    expect(api.callsOf('answerPreCheckoutQuery')).toEqual([{ pre_checkout_query_id: 'pcq-renewals-e2e', ok: true }]);
    expect(
      await telegramSends(e2e.server, SECRET, subscriptionCharge(payload, 'e2e-sub-charge-1', firstPaidUntil, true)),
    ).toBe(200);

    await paidUntilThanked(page, link!, TIMEOUT);
    await page.getByRole('button', { name: 'Готово' }).click();
    await page.waitForURL('**/app/profile');
    const card = page.getByRole('region', { name: 'PRO' });
    await card.getByText(`Следующее списание: ${dayRu(firstPaidUntil)}`).waitFor({ timeout: TIMEOUT });
    await page.close();

    // a month later Telegram charges again and reports the renewal: a new charge id, paid 30 days further
    expect(
      await telegramSends(e2e.server, SECRET, subscriptionCharge(payload, 'e2e-sub-charge-2', renewedUntil, false)),
    ).toBe(200);
    // (the bot writes dates as Intl's ru-RU does, with «г.»; the app as date-fns does, without)
    expect(String(api.callsOf('sendMessage').at(-1)?.text)).toBe(
      `Подписка PRO продлена до ${dayRu(renewedUntil)} г.\n` +
        'Отменить автопродление можно в профиле приложения или командой /subscription.',
    );

    // the user opens the app again (a fresh Telegram client): the profile names the renewal's date as the next charge
    const again = await openHome(e2e, subscriber);
    await openProfile(again);
    const renewed = again.getByRole('region', { name: 'PRO' });
    await renewed.getByText(`Следующее списание: ${dayRu(renewedUntil)}`).waitFor({ timeout: TIMEOUT });

    // «Отменить автопродление»: Telegram is asked to stop the subscription its first charge started
    await renewed.getByRole('button', { name: 'Отменить автопродление' }).click();
    await renewed.getByRole('button', { name: 'Возобновить' }).waitFor({ timeout: TIMEOUT });
    expect(api.callsOf('editUserStarSubscription')).toEqual([
      { user_id: subscriber.id, telegram_payment_charge_id: 'e2e-sub-charge-1', is_canceled: true },
    ]);
    await renewed.getByText(`до ${dayRu(renewedUntil)}`, { exact: true }).waitFor();
    await renewed.getByText('Автопродление отменено').waitFor();
    expect(await renewed.getByText(/^Следующее списание/).count()).toBe(0);
  });
});
