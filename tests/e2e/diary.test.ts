// The diary in a real Chromium against the real server: a PRO user writes an entry, sees it first in the list,
// stars it, filters favourites and opens it; a START user pressing «Новая запись» gets «Дневник недоступен».
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { launchUrl, openApp, setTier, useServerAndBrowser, type TgUser } from './harness';

const e2e = useServerAndBrowser();

const proUser: TgUser = { id: 5_550_201, first_name: 'Мария', language_code: 'ru' };
const startUser: TgUser = { id: 5_550_202, first_name: 'Олег', language_code: 'ru' };

/** Opens the app as `user`, skips onboarding, and goes to the diary tab. */
async function openDiary(user: TgUser): Promise<Page> {
  const page = await openApp(e2e.browser, launchUrl(e2e.server, { user }));
  await page.waitForURL('**/onboarding', { timeout: 20_000 });
  await page.getByRole('button', { name: 'Пропустить' }).click();
  await page.waitForURL('**/app/home');
  return page;
}

async function goToDiary(page: Page) {
  await page.locator('nav').getByText('Дневник', { exact: true }).click();
  await page.waitForURL('**/app/diary');
}

describe('diary in Chromium', () => {
  it('a PRO user writes an entry, sees it first, stars it, filters favourites and opens it', async () => {
    const page = await openDiary(proUser);
    await setTier(e2e.server, proUser.id, 'PRO');
    await goToDiary(page);
    await expect.poll(() => page.getByText('Дневник пуст').isVisible(), { timeout: 10_000 }).toBe(true);

    await page.getByRole('button', { name: 'Новая запись' }).click();
    await page.waitForURL('**/app/diary/new');
    await page.getByPlaceholder('Заголовок (необязательно)').fill('Вечер пятницы');
    const text = 'Спокойно и тепло.\nХочу запомнить этот вечер.';
    await page.getByPlaceholder('Что вы чувствуете?').fill(text);
    expect(await page.getByText(`${text.length}/2000`).isVisible()).toBe(true);
    await page.getByRole('radio', { name: 'Хорошее' }).click();
    await page.getByRole('button', { name: 'Сохранить' }).click();

    await page.waitForURL('**/app/diary');
    await expect.poll(() => page.getByText('Запись добавлена в дневник').isVisible(), { timeout: 10_000 }).toBe(true);
    const first = page.getByTestId('diary-card').first();
    await expect.poll(() => first.getByText('Вечер пятницы').isVisible(), { timeout: 10_000 }).toBe(true);
    expect(await page.evaluate(() => localStorage.getItem('diary_draft'))).toBeNull();

    await first.getByRole('button', { name: 'Добавить в избранное' }).click();
    await expect.poll(() => first.getByRole('button', { name: 'Убрать из избранного' }).isVisible(), { timeout: 10_000 }).toBe(true);

    await page.getByRole('button', { name: 'Избранное' }).click();
    await expect.poll(() => page.getByRole('button', { name: 'Избранное' }).getAttribute('aria-pressed')).toBe('true');
    await expect.poll(() => page.getByTestId('diary-card').count(), { timeout: 10_000 }).toBe(1);

    await page.getByTestId('diary-card').first().click();
    await page.waitForURL(/\/app\/diary\/[0-9a-f-]{36}$/);
    await expect.poll(() => page.getByRole('heading', { name: 'Вечер пятницы' }).isVisible(), { timeout: 10_000 }).toBe(true);
    await expect.poll(() => page.getByText('Хорошее', { exact: true }).isVisible()).toBe(true);
    expect(await page.getByText(/Хочу запомнить этот вечер/).isVisible()).toBe(true);
    expect(await page.getByRole('button', { name: 'Убрать из избранного' }).isVisible()).toBe(true);
    await page.context().close();
  });

  it('a START user pressing «Новая запись» sees «Дневник недоступен»', async () => {
    const page = await openDiary(startUser);
    await goToDiary(page);
    await page.getByRole('button', { name: 'Новая запись' }).click();
    const dialog = page.getByRole('dialog');
    await expect.poll(() => dialog.getByText('Дневник недоступен').isVisible(), { timeout: 10_000 }).toBe(true);
    expect(await dialog.getByRole('button', { name: 'Улучшить тариф' }).isVisible()).toBe(true);
    await dialog.getByRole('button', { name: 'Позже' }).click();
    await expect.poll(() => page.getByRole('dialog').count()).toBe(0);
    expect(new URL(page.url()).pathname).toBe('/app/diary');
    await page.context().close();
  });
});
