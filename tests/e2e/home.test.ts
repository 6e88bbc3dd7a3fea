// Home from real data in a real Chromium against the real server: a PRO user's home starts with the first step and
// an empty week; a mood written through the quick mood card shows up on home's chart and streak.
import { describe, expect, it } from 'vitest';
import type { Locator } from 'playwright-core';
import { openHome, setTier, useServerAndBrowser, type TgUser } from './harness';

const e2e = useServerAndBrowser();
const proUser: TgUser = { id: 5_550_601, first_name: 'Вера', language_code: 'ru' };

const TIMEOUT = 10_000;
const shown = (locator: Locator) => locator.waitFor({ state: 'visible', timeout: TIMEOUT });

describe('home in Chromium', () => {
  it('a diary entry with a mood shows up on home’s chart and streak', async () => {
    const page = await openHome(e2e, proUser);
    await setTier(e2e.server, proUser.id, 'PRO'); // START has no diary
    const streak = page.getByLabel('Первый шаг');
    await shown(streak);
    const chart = page.getByRole('img', { name: /Пн: / });
    await expect.poll(() => chart.getAttribute('aria-label')).not.toMatch(/из 5/); // nothing yet: every day empty
    await shown(page.getByText('Отметьте настроение в дневнике — и здесь появится ваша неделя'));

    // The quick mood card: «Хорошее», «Записать», a line of text, «Сохранить».
    await page.getByRole('radio', { name: 'Хорошее' }).click();
    await page.getByRole('button', { name: 'Записать' }).click();
    await page.waitForURL('**/app/diary/new');
    const content = page.getByPlaceholder('Что вы чувствуете?');
    await expect.poll(() => content.isEnabled(), { timeout: TIMEOUT }).toBe(true);
    await content.fill('Прогулка в парке, тепло и спокойно.');
    await page.getByRole('button', { name: 'Сохранить' }).click();
    await page.waitForURL('**/app/diary');

    await page.locator('nav').getByText('Главная', { exact: true }).click();
    await page.waitForURL('**/app/home');
    const days = page.getByLabel('Дней подряд');
    await shown(days);
    expect(await days.locator('strong').textContent()).toBe('1');
    await shown(days.getByText('Вы заботитесь о себе каждый день'));
    await expect.poll(() => chart.getAttribute('aria-label'), { timeout: TIMEOUT }).toMatch(/: 4 из 5/);
    expect(await page.locator('[data-testid="mood-bar"][data-mood="4"]').count()).toBe(1);
    expect(await page.locator('[data-testid="mood-bar"][data-mood=""]').count()).toBe(6);
  });
});
