// The diary in a real Chromium against the real server: a PRO user writes two entries, sees the newest first,
// stars one, filters favourites (exactly the starred one) and opens it; a START user pressing «Новая запись», or
// «Записать» on home's quick mood card, gets «Дневник недоступен» instead of the form.
import { describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { openHome, setTier, useServerAndBrowser, type TgUser } from './harness';

const e2e = useServerAndBrowser();

const proUser: TgUser = { id: 5_550_201, first_name: 'Мария', language_code: 'ru' };
const startUser: TgUser = { id: 5_550_202, first_name: 'Олег', language_code: 'ru' };
const homeStartUser: TgUser = { id: 5_550_203, first_name: 'Ирина', language_code: 'ru' };

const TIMEOUT = 10_000;
/** Waits until the locator is on screen (fails after TIMEOUT). */
const shown = (locator: Locator) => locator.waitFor({ state: 'visible', timeout: TIMEOUT });

async function goToDiary(page: Page) {
  await page.locator('nav').getByText('Дневник', { exact: true }).click();
  await page.waitForURL('**/app/diary');
}

/** Writes an entry through the form and waits for the list with it on top. */
async function writeEntry(page: Page, title: string, text: string, mood?: string) {
  await page.getByRole('button', { name: 'Новая запись' }).click();
  await page.waitForURL('**/app/diary/new');
  const content = page.getByPlaceholder('Что вы чувствуете?');
  await expect.poll(() => content.isEnabled(), { timeout: TIMEOUT }).toBe(true); // drafts restored
  await page.getByPlaceholder('Заголовок (опционально)').fill(title);
  await content.fill(text);
  await shown(page.getByText(`${text.length}/2000`));
  if (mood) await page.getByRole('radio', { name: mood }).click();
  await page.getByRole('button', { name: 'Сохранить' }).click();
  await page.waitForURL('**/app/diary');
  await shown(page.getByTestId('diary-card').first().getByText(title));
}

/** The upgrade sheet says «Дневник недоступен»; «Позже» closes it where it was opened. */
async function expectDiaryUnavailable(page: Page, path: string) {
  const dialog = page.getByRole('dialog');
  await shown(dialog.getByText('Дневник недоступен'));
  await shown(dialog.getByRole('button', { name: 'Улучшить тариф' }));
  await dialog.getByRole('button', { name: 'Позже' }).click();
  await expect.poll(() => page.getByRole('dialog').count(), { timeout: TIMEOUT }).toBe(0);
  expect(new URL(page.url()).pathname).toBe(path);
}

describe('diary in Chromium', () => {
  it('a PRO user writes two entries, sees the newest first, stars one, filters favourites and opens it', async () => {
    const page = await openHome(e2e, proUser);
    await setTier(e2e.server, proUser.id, 'PRO');
    await goToDiary(page);
    await shown(page.getByText('Дневник пуст'));

    await writeEntry(page, 'Утро понедельника', 'Немного тревожно перед неделей.');
    await shown(page.getByText('Запись добавлена в дневник'));
    const text = 'Спокойно и тепло.\nХочу запомнить этот вечер.';
    await writeEntry(page, 'Вечер пятницы', text, 'Хорошее');
    const cards = page.getByTestId('diary-card');
    await expect.poll(() => cards.count(), { timeout: TIMEOUT }).toBe(2);
    await shown(cards.nth(1).getByText('Утро понедельника'));
    expect(await page.evaluate(() => Object.keys(localStorage).filter((k) => k.startsWith('diary_drafts')))).toEqual(
      [],
    );

    const first = cards.first();
    await first.getByRole('button', { name: 'Добавить в избранное' }).click();
    await shown(first.getByRole('button', { name: 'Убрать из избранного' }));

    await page.getByRole('button', { name: 'Избранное', exact: true }).click();
    await expect
      .poll(() => page.getByRole('button', { name: 'Избранное', exact: true }).getAttribute('aria-pressed'))
      .toBe('true');
    // Exactly the starred entry: the other one is filtered out by the server.
    await expect.poll(() => cards.count(), { timeout: TIMEOUT }).toBe(1);
    await shown(cards.first().getByText('Вечер пятницы'));
    expect(await cards.first().getByText('Утро понедельника').count()).toBe(0);

    await cards.first().getByRole('link', { name: 'Вечер пятницы' }).click();
    await page.waitForURL(/\/app\/diary\/[0-9a-f-]{36}$/);
    await shown(page.getByRole('heading', { name: 'Вечер пятницы' }));
    await shown(page.getByText('Хорошее', { exact: true }));
    await shown(page.getByText(/Хочу запомнить этот вечер/));
    await shown(page.getByRole('button', { name: 'Убрать из избранного' }));
    await page.context().close();
  });

  it('a START user pressing «Новая запись» sees «Дневник недоступен»', async () => {
    const page = await openHome(e2e, startUser);
    await goToDiary(page);
    await page.getByRole('button', { name: 'Новая запись' }).click();
    await expectDiaryUnavailable(page, '/app/diary');
    await page.context().close();
  });

  it('a START user’s tap on home’s mood is a check-in: no «Дневник недоступен», no diary link, still on home', async () => {
    const page = await openHome(e2e, homeStartUser);
    await page.getByRole('radio', { name: 'Хорошее' }).click();
    await page.getByText('Настроение отмечено. Его можно изменить до конца дня').waitFor({ timeout: 10_000 });
    expect(await page.getByRole('dialog').count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Написать в дневник' }).count()).toBe(0);
    expect(new URL(page.url()).pathname).toBe('/app/home');
    await page.context().close();
  });
});
