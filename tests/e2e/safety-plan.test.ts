// The e2e, in a real Chromium against the real server and its offline assistant: a risk message in the chat
// gets the crisis reply, whose card opens the safety plan; the plan is filled step by step (an example, a skip, a
// person to call or write, a line of one's own) and saved on the server; back returns to the chat. Then the server is
// stopped and the plan still opens — on a reload of its page, and from a fresh launch through «Нет соединения» — from
// the device, with the crisis lines, and an edit made there is kept on the device. Every state passes the
// accessibility gate.
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SafetyPlan } from '../../contract/safety-plan';
import { emptyPlan } from '../../contract/safety-plan-rules';
import { devicePlanStorageKey } from '../../src/screens/safety-plan/devicePlanStorage';
import {
  expectLayoutHolds,
  launchBrowser,
  launchUrl,
  openHome,
  signInitData,
  startServer,
  type E2EServer,
  type TgUser,
} from './harness';

const TIMEOUT = 30_000; // generous: a shared machine under load
const shown = (locator: Locator) => locator.waitFor({ state: 'visible', timeout: TIMEOUT });
const user: TgUser = { id: 5_550_901, first_name: 'Вера', language_code: 'ru' };

// This file stops its server halfway: a server of its own.
let server: E2EServer;
let browser: Browser;
beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const PLAN = {
  ...emptyPlan(),
  warning_signs: ['Не могу уснуть'],
  helpers: [{ name: 'Сестра Оля', phone: '+7 916 555-01-23', telegram: '@olya_sister' }],
  reasons: ['Дочь Маша'],
};

const status = (page: Page) => page.getByRole('status', { name: 'Состояние плана' });
const summaryStep = (page: Page, name: string) => page.getByRole('region', { name });

/** Every button of the page, and every call or write link, is at least 44 × 44 px (a comfortable touch target). */
async function expectTapTargets(page: Page, what: string) {
  const small = await page.evaluate(() =>
    Array.from(document.querySelectorAll('main button, main a[aria-label]'))
      .map((el) => {
        const { width, height } = el.getBoundingClientRect();
        return { name: el.getAttribute('aria-label') ?? el.textContent?.trim(), width, height };
      })
      .filter((box) => box.width > 0 && (box.width < 44 || box.height < 44)),
  );
  expect(small, what).toEqual([]);
}

/** The summary shows the plan filled in this file. */
async function expectPlanShown(page: Page) {
  await shown(summaryStep(page, '1. Тревожные сигналы').getByText('Не могу уснуть'));
  const helpers = summaryStep(page, '4. Кого я могу попросить о помощи');
  await shown(helpers.getByText('Сестра Оля'));
  expect(await helpers.getByRole('link', { name: 'Позвонить: Сестра Оля' }).getAttribute('href')).toBe(
    'tel:+79165550123',
  );
  expect(await helpers.getByRole('link', { name: 'Написать в Telegram: Сестра Оля' }).getAttribute('href')).toBe(
    'https://t.me/olya_sister',
  );
  await shown(summaryStep(page, '7. Ради чего я живу').getByText('Дочь Маша'));
  const lines = page.getByRole('region', { name: 'Телефоны помощи' });
  expect(await lines.getByRole('link', { name: '112' }).getAttribute('href')).toBe('tel:112');
}

describe('the safety plan in Chromium', { timeout: 360_000 }, () => {
  it('a risk message → the crisis reply → its plan card → the plan filled → reopened with the server stopped', async () => {
    const page = await openHome({ browser, server }, user);
    // The first load installs the offline shell; the pages opened after it are in its hands.
    await expect
      .poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null), { timeout: TIMEOUT })
      .toBe(true);
    await page.goto(`${server.url}/app/chat/new`);
    const box = page.getByRole('textbox', { name: 'Сообщение' });
    await expect.poll(() => box.isEnabled(), { timeout: TIMEOUT }).toBe(true);
    await box.fill('Я больше не хочу жить');
    await page.getByRole('button', { name: 'Отправить' }).click();
    const reply = page.locator('[data-testid=chat-message][data-role=assistant]').first();
    await shown(reply.getByRole('link', { name: '112', exact: true }));
    await reply.getByTestId('safety-plan-card').getByRole('button', { name: 'Открыть план' }).click();
    await page.waitForURL('**/app/safety-plan');
    const chatUrl = await page.evaluate(() => (history.state as { usr?: { from?: string } }).usr?.from);
    expect(chatUrl).toMatch(/^\/app\/chat\/[0-9a-f-]{36}$/);

    await page.getByRole('button', { name: 'Составить план' }).click();
    await shown(page.getByText('Шаг 1 из 7'));
    await page.getByRole('button', { name: 'Не могу уснуть' }).click();
    await page.getByRole('button', { name: 'Далее' }).click();
    await page.getByRole('button', { name: 'Пропустить' }).click();
    await page.getByRole('button', { name: 'Пропустить' }).click();

    await shown(page.getByRole('heading', { name: 'Кого я могу попросить о помощи' }));
    await page.getByRole('button', { name: 'Добавить человека' }).click();
    const person = page.getByRole('group', { name: 'Контакт 1' });
    await person.getByRole('textbox', { name: 'Имя' }).fill('Сестра Оля');
    await person.getByRole('textbox', { name: 'Телефон' }).fill('+7 916 555-01-23');
    await person.getByRole('textbox', { name: 'Telegram' }).fill('@olya_sister');
    await shown(person.getByRole('link', { name: 'Позвонить: Сестра Оля' }));
    await expectTapTargets(page, 'a step with a person');
    await expectLayoutHolds(page, 'the safety plan: a step with a person');
    await page.getByRole('button', { name: 'Далее' }).click();

    await shown(page.getByRole('heading', { name: 'Специалисты и службы помощи' }));
    await page.getByRole('button', { name: 'Пропустить' }).click();
    await page.getByRole('button', { name: 'Пропустить' }).click();
    await shown(page.getByText('Шаг 7 из 7'));
    await page.getByRole('button', { name: 'Добавить своё' }).click();
    await page.getByRole('textbox', { name: 'Ради чего я живу: пункт 1' }).fill('Дочь Маша');
    await page.getByRole('button', { name: 'Готово' }).click();
    await expectPlanShown(page);
    await expect.poll(() => status(page).textContent(), { timeout: TIMEOUT }).toBe('Сохранено');
    await expectTapTargets(page, 'the summary');
    await expectLayoutHolds(page, 'the safety plan: the summary');

    // On the server, sealed there (tests/server/safety-plan.test.ts reads the bytes): what was written, whole.
    const res = await fetch(`${server.url}/api/safety-plan`, { headers: { 'X-Init-Data': signInitData(user) } });
    expect(((await res.json()) as SafetyPlan).plan).toEqual(PLAN);

    // Back returns to the chat it was opened from, and the card opens the plan again: the summary this time.
    await page.getByRole('button', { name: 'Назад' }).click();
    await page.waitForURL(`**${chatUrl}`);
    await reply.getByTestId('safety-plan-card').getByRole('button', { name: 'Открыть план' }).click();
    await page.waitForURL('**/app/safety-plan');
    await expectPlanShown(page);

    expect(await page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
    await server.stop();

    // A reload of the plan's page with the server gone: the plan, from the device.
    await page.reload();
    await expectPlanShown(page);
    await shown(status(page).getByText('Нет связи с сервером. Показан план, сохранённый на этом устройстве.'));
    expect(page.url()).toMatch(/\/app\/safety-plan$/);

    // An edit there stays on the device, marked to be sent.
    await page.getByRole('button', { name: 'Изменить: Ради чего я живу' }).click();
    await page.getByRole('button', { name: 'Добавить своё' }).click();
    await page.getByRole('textbox', { name: 'Ради чего я живу: пункт 2' }).fill('Море летом');
    await page.getByRole('button', { name: 'Готово' }).click();
    await shown(summaryStep(page, '7. Ради чего я живу').getByText('Море летом'));
    const kept = await page.evaluate(
      (key) => JSON.parse(localStorage.getItem(key) ?? 'null'),
      devicePlanStorageKey(user.id),
    );
    expect(kept).toEqual({
      plan: { ...PLAN, reasons: ['Дочь Маша', 'Море летом'] },
      revision: expect.any(Number),
      unsaved: true,
    });

    // Telegram opening the app afresh, still without a server: «Нет соединения», and from there the plan.
    await page.goto(launchUrl(server, { user }));
    await shown(page.getByRole('heading', { name: 'Нет соединения' }));
    await page.getByRole('link', { name: 'Открыть план безопасности' }).click();
    await page.waitForURL('**/app/safety-plan');
    await expectPlanShown(page);
    await shown(summaryStep(page, '7. Ради чего я живу').getByText('Море летом'));
    await page.context().close();
  });
});
