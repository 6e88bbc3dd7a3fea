// Paying in a real Chromium against the real server, with a Bot API server on loopback standing in for Telegram: a
// START user meets «Дневник недоступен», goes to the tariffs, picks PREMIUM for 3 months, pays with Stars. The
// server makes the invoice (createInvoiceLink at the plan's price); the app opens it through the SDK's invoice.open,
// which this test answers as Telegram's client would (invoice_closed); Telegram's pre-checkout and
// successful_payment reach the bot's webhook; the app waits for the server's confirmation and thanks the user.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startBotApi, type FakeBotApi } from '../support/bot-api';
import { launchUrl, openApp, useServerAndBrowser, type TgUser } from './harness';
import { paidUntilThanked, telegramSends } from './telegram-payments';

type Box = { x: number; y: number; width: number; height: number };

const SECRET = 'e2e-webhook-secret';
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

const buyer: TgUser = { id: 5_550_401, first_name: 'Вера', language_code: 'ru' };
const TIMEOUT = 15_000;

describe('paying in Chromium', () => {
  it('from an upgrade dialog to the plans, the checkout, Telegram’s invoice and the confirmed PREMIUM', async () => {
    const page = await openApp(e2e.browser, launchUrl(e2e.server, { user: buyer }));
    await page.waitForURL('**/onboarding', { timeout: 20_000 });
    await page.getByRole('button', { name: 'Пропустить' }).click();
    await page.waitForURL('**/app/home');

    // START has no diary: its upgrade dialog leads to the tariffs
    await page.locator('nav').getByText('Дневник', { exact: true }).click();
    await page.getByRole('button', { name: 'Новая запись' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Улучшить тариф' }).click();
    await page.waitForURL('**/app/profile/subscription');

    const premium = page.locator('article[data-tier="PREMIUM"]');
    await premium.getByText('Лучший выбор').waitFor({ timeout: TIMEOUT });
    await expect
      .poll(() => page.locator('article[data-tier="START"]').getByRole('button').textContent())
      .toBe('Текущая подписка');
    // One column on a phone (390 px): PREMIUM featured on top, then START, then PRO, each the page's full width, and
    // nothing wider than the screen
    const [premiumBox, startBox, proBox] = await Promise.all(
      ['PREMIUM', 'START', 'PRO'].map((tier) => page.locator(`article[data-tier="${tier}"]`).boundingBox()),
    );
    expect(page.viewportSize()!.width).toBe(390);
    expect(premiumBox!.y + premiumBox!.height).toBeLessThanOrEqual(startBox!.y);
    expect(startBox!.y + startBox!.height).toBeLessThanOrEqual(proBox!.y);
    expect([startBox!.x, proBox!.x]).toEqual([premiumBox!.x, premiumBox!.x]);
    expect([startBox!.width, proBox!.width]).toEqual([premiumBox!.width, premiumBox!.width]);
    expect(premiumBox!.x + premiumBox!.width).toBeLessThanOrEqual(390);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    // Stars first with their unit, roubles for reference
    await premium.getByText('400 ⭐').waitFor();
    await premium.getByText('≈ 790 ₽').waitFor();
    await premium.getByRole('button', { name: /^3 мес/ }).click();
    await premium.getByText('за 3 месяца').waitFor();
    await premium.getByText('Скидка 17% · экономия 200 ⭐').waitFor();
    await premium.getByRole('button', { name: 'Выбрать' }).click();
    await page.waitForURL('**/app/profile/subscription/checkout?tier=PREMIUM&period=3');

    // the same discount line as the plans card; Stars, the only way to pay (no CARD_PROVIDER_TOKEN), comes chosen
    await page.getByText('Скидка 17% · экономия 200 ⭐').waitFor({ timeout: TIMEOUT });
    expect(await page.getByRole('radio', { name: /Банковская карта/ }).isDisabled()).toBe(true);
    expect(await page.getByRole('radio', { name: /Telegram Stars/ }).isChecked()).toBe(true);
    const pay = page.getByRole('button', { name: /^Оплатить/ });
    expect(await pay.isEnabled()).toBe(true);
    expect((await pay.textContent())?.replace(/\s/g, ' ')).toBe('Оплатить 1 000 ⭐');
    // one column: the summary, the methods and the pay button one under another, within the screen
    const boxes = await Promise.all(
      [page.getByRole('region', { name: 'Ваш заказ' }), page.getByRole('radiogroup'), pay].map((l) => l.boundingBox()),
    );
    const [summaryBox, methodsBox, payBox] = boxes as [Box, Box, Box];
    expect(summaryBox.y + summaryBox.height).toBeLessThanOrEqual(methodsBox.y);
    expect(methodsBox.y + methodsBox.height).toBeLessThanOrEqual(payBox.y);
    for (const box of boxes) expect(box!.x + box!.width).toBeLessThanOrEqual(390);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await pay.click();

    // the server asked Telegram for the invoice at the plan's price; the app opened it
    await expect.poll(() => api.links.length, { timeout: TIMEOUT }).toBe(1);
    const [link] = api.links;
    const [params] = api.callsOf('createInvoiceLink');
    expect(params).toMatchObject({ currency: 'XTR', provider_token: '', prices: [{ amount: 1000 }] });
    const payload = String(params!.payload);

    // Telegram: pre-checkout (the bot must say yes), then the payment itself
    expect(
      await telegramSends(e2e.server, SECRET, {
        pre_checkout_query: {
          id: 'pcq-e2e',
          from: { ...buyer, is_bot: false },
          currency: 'XTR',
          total_amount: 1000,
          invoice_payload: payload,
        },
      }),
    ).toBe(200);
    expect(api.callsOf('answerPreCheckoutQuery')).toEqual([{ pre_checkout_query_id: 'pcq-e2e', ok: true }]);
    const chat = { id: buyer.id, type: 'private', first_name: buyer.first_name };
    const successful_payment = {
      currency: 'XTR',
      total_amount: 1000,
      invoice_payload: payload,
      telegram_payment_charge_id: 'e2e-charge-1',
      provider_payment_charge_id: '',
    };
    const message = {
      message_id: 1,
      date: Math.floor(Date.now() / 1000),
      chat,
      from: { ...buyer, is_bot: false },
      successful_payment,
    };
    expect(await telegramSends(e2e.server, SECRET, { message })).toBe(200);

    // the client closes the payment window as paid; the app waits for the server and thanks
    await paidUntilThanked(page, link!, TIMEOUT);
    await page.getByText(/^Подписка PREMIUM активна до \d+ [а-я]+ \d{4}\.$/).waitFor();
    expect(String(api.callsOf('sendMessage').at(-1)?.text)).toMatch(/^Спасибо за оплату! Тариф PREMIUM активен до/);

    await page.getByRole('button', { name: 'Готово' }).click();
    await page.waitForURL('**/app/profile');
  });
});
