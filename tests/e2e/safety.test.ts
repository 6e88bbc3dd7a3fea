// The safety net in a real Chromium against the real server and its offline assistant: a risk message gets the
// crisis reply with every line as a tap-to-call link (the children's line labelled for whom it is) and the safety
// plan's card under it; «Помощь рядом» appears in the chat's header, opens the lines and the plan, and is still
// there after a reload (the server's 72-hour window, read with today's usage).
import { describe, expect, it } from 'vitest';
import type { Locator } from 'playwright-core';
import { openHome, useServerAndBrowser, type TgUser } from './harness';

const e2e = useServerAndBrowser();
const vera: TgUser = { id: 5_550_501, first_name: 'Вера', language_code: 'ru' };

const TIMEOUT = 15_000;
const shown = (locator: Locator) => locator.waitFor({ state: 'visible', timeout: TIMEOUT });
const LINKS: Array<[string, string]> = [
  ['+7 495 637-70-70', 'tel:+74956377070'],
  ['051', 'tel:051'],
  ['+7 495 051', 'tel:+7495051'],
  ['112', 'tel:112'],
  ['8-800-2000-122', 'tel:88002000122'],
  ['124', 'tel:124'],
];

describe('safety net in Chromium', () => {
  it('a risk message → the crisis reply with the lines and the plan card → «Помощь рядом» in the header', async () => {
    const page = await openHome(e2e, vera);
    await page.goto(`${e2e.server.url}/app/chat/new`);
    const box = page.getByRole('textbox', { name: 'Сообщение' });
    await expect.poll(() => box.isEnabled(), { timeout: TIMEOUT }).toBe(true);
    // Nothing before the crisis.
    expect(await page.getByRole('button', { name: 'Помощь рядом' }).count()).toBe(0);
    await box.fill('Я больше не хочу жить');
    await page.getByRole('button', { name: 'Отправить' }).click();

    const reply = page.locator('[data-testid=chat-message][data-role=assistant]').first();
    await shown(reply.getByRole('link', { name: '124', exact: true }));
    for (const [name, href] of LINKS)
      expect(await reply.getByRole('link', { name, exact: true }).getAttribute('href')).toBe(href);
    await shown(reply.getByText(/детский телефон доверия \(для детей, подростков и их родителей\)/));
    const card = reply.getByTestId('safety-plan-card');
    await shown(card.getByText('Мой план безопасности'));
    await shown(card.getByRole('button', { name: 'Открыть план' }));

    const help = page.locator('header').getByRole('button', { name: 'Помощь рядом' });
    await shown(help);
    await help.click();
    const sheet = page.getByRole('dialog', { name: 'Помощь рядом' });
    await shown(sheet);
    for (const [name, href] of LINKS)
      expect(await sheet.getByRole('link', { name, exact: true }).getAttribute('href')).toBe(href);
    await shown(sheet.getByRole('button', { name: 'Мой план безопасности' }));
    await sheet.getByRole('button', { name: 'Закрыть' }).click();
    await sheet.waitFor({ state: 'hidden', timeout: TIMEOUT });

    // The window is the server's: after a reload the button is still there.
    await page.reload();
    await shown(page.locator('header').getByRole('button', { name: 'Помощь рядом' }));
    await shown(page.getByTestId('safety-plan-card'));
    await page.context().close();
  });
});
