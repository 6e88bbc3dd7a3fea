// The profile in a real Chromium against the real server: a START user activates the trial from the profile and sees
// PREMIUM with its date; changes the style, sees the toast, and after a reload the style is kept; «Обо мне» typed
// just before the app closes is back (and saved) on return; the data export downloads as a file; erasing
// everything starts the app afresh as a new account; a diary entry is deleted after its confirmation.
import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { formatDay } from '../../src/copy/billing';
import { expectLayoutHolds, openHome, PHONE_CONTEXT, setTier, useServerAndBrowser, type TgUser } from './harness';

const e2e = useServerAndBrowser();

const TIMEOUT = 10_000;
const shown = (locator: Locator) => locator.waitFor({ state: 'visible', timeout: TIMEOUT });

async function goToProfile(page: Page) {
  await page.locator('nav').getByRole('link', { name: 'Профиль' }).click();
  await page.waitForURL('**/app/profile');
}

async function goToSettings(page: Page) {
  await goToProfile(page);
  await page.getByRole('link', { name: 'Настройки' }).click();
  await page.waitForURL('**/app/profile/settings');
}

describe('profile in Chromium', () => {
  it('activates the trial: PREMIUM with its date; the style changed with its toast stays after a reload', async () => {
    const user: TgUser = { id: 5_550_401, first_name: 'Нина', language_code: 'ru' };
    const page = await openHome(e2e, user);
    await goToProfile(page);
    await shown(page.getByRole('region', { name: 'Старт' }));
    await expectLayoutHolds(page, 'the profile with the trial offer');

    await page.getByRole('button', { name: 'Активировать бесплатно' }).click();
    const sheet = page.getByRole('dialog', { name: 'PREMIUM на 7 дней бесплатно' });
    await shown(sheet);
    await sheet.getByRole('button', { name: 'Начать пробный период' }).click();
    await expect.poll(() => page.getByRole('dialog').count(), { timeout: TIMEOUT }).toBe(0);
    const card = page.getByRole('region', { name: 'PREMIUM' });
    await shown(card);
    // The card shows the end's day in the browser's zone (PHONE_CONTEXT, Moscow): its date differs from UTC's at night.
    const endDay = new Date(Date.now() + 7 * 86_400_000).toLocaleDateString('sv-SE', {
      timeZone: PHONE_CONTEXT.timezoneId,
    });
    const until = formatDay(endDay);
    await shown(card.getByText(`до ${until}`));
    await shown(card.getByText('Пробный период'));
    expect(await page.getByText('Попробуйте PREMIUM бесплатно').count()).toBe(0);
    await shown(page.getByText('Пробный период активирован'));

    await page.getByRole('link', { name: 'Настройки' }).click();
    await page.waitForURL('**/app/profile/settings');
    const direct = page.getByRole('radiogroup', { name: 'Стиль общения' }).getByRole('radio', { name: /Прямой/ });
    await shown(direct);
    await direct.click();
    await shown(page.getByText('Обновлено: стиль общения'));
    await page.reload();
    await expect.poll(() => direct.getAttribute('aria-checked'), { timeout: TIMEOUT }).toBe('true');
    await page.context().close();
  });

  it('help: the crisis lines first, as tap-to-call links; each answer opens and closes under its question', async () => {
    const user: TgUser = { id: 5_550_405, first_name: 'Ада', language_code: 'ru' };
    const page = await openHome(e2e, user);
    await goToProfile(page);
    await page.getByRole('link', { name: 'Помощь и поддержка' }).click();
    await page.waitForURL('**/app/profile/help');
    // The lines are the page's first section, unfolded (the safety answer points to them).
    const lines = page.getByRole('region', { name: 'Если очень тяжело прямо сейчас' });
    await shown(lines);
    expect(await lines.getByRole('link', { name: '8-800-2000-122' }).getAttribute('href')).toBe('tel:88002000122');
    expect(await lines.getByRole('link', { name: '112', exact: true }).getAttribute('href')).toBe('tel:112');
    expect(await lines.getByRole('link', { name: '+7 495 637-70-70' }).getAttribute('href')).toBe('tel:+74956377070');
    const questions = page.getByRole('button', { expanded: false });
    await expect.poll(() => questions.count(), { timeout: TIMEOUT }).toBe(7);
    // Closed answers are not on screen (a component's own display must not override `hidden`).
    const answers = page.locator('[id^="faq-"]');
    expect(await answers.count()).toBe(7);
    for (const one of await answers.all()) expect(await one.isVisible()).toBe(false);
    const safety = page.getByRole('button', { name: 'Что делать, если совсем плохо?' });
    await safety.click();
    const answer = page.getByRole('region', { name: 'Что делать, если совсем плохо?' });
    await shown(answer);
    expect(await safety.getAttribute('aria-expanded')).toBe('true');
    expect(await answer.textContent()).toContain('позвоните по одному из номеров в начале этой страницы');
    await safety.click();
    await expect.poll(() => answer.isVisible(), { timeout: TIMEOUT }).toBe(false);
    await page.context().close();
  });

  it('«Обо мне» typed just before the app closes comes back, and the server gets it', async () => {
    const user: TgUser = { id: 5_550_402, first_name: 'Лев', language_code: 'ru' };
    const page = await openHome(e2e, user);
    await goToSettings(page);
    const about = page.getByRole('textbox', { name: 'Обо мне' });
    await about.fill('Работаю в ночную смену');
    await shown(page.getByText('22/500'));
    await page.reload(); // at once: before the pause that would have saved it
    await expect.poll(() => about.inputValue(), { timeout: TIMEOUT }).toBe('Работаю в ночную смену');
    await shown(page.getByText('Информация обновлена'));
    // The server has it now: without the device's copy it still comes back.
    await expect
      .poll(() => page.evaluate(() => Object.keys(localStorage).filter((k) => k.startsWith('about_draft'))))
      .toEqual([]);
    await page.reload();
    await expect.poll(() => about.inputValue(), { timeout: TIMEOUT }).toBe('Работаю в ночную смену');
    await page.context().close();
  });

  it('the export downloads as a JSON file; erasing everything starts the app afresh as a new account', async () => {
    const user: TgUser = { id: 5_550_403, first_name: 'Ольга', language_code: 'ru' };
    const page = await openHome(e2e, user);
    await goToSettings(page);
    await page.getByRole('textbox', { name: 'Обо мне' }).fill('Люблю длинные прогулки');
    await shown(page.getByText('Информация обновлена'));

    await page.getByRole('button', { name: 'Скачать мои данные' }).click();
    const download = page.waitForEvent('download', { timeout: TIMEOUT });
    await page.getByRole('button', { name: 'Скачать файл' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^my-data-\d{4}-\d{2}-\d{2}\.json$/);
    const document = JSON.parse(await readFile((await file.path())!, 'utf8'));
    expect(document.profile).toMatchObject({ telegram_id: user.id, first_name: 'Ольга' });
    expect(document.settings.personal_context).toBe('Люблю длинные прогулки');

    await page.getByRole('button', { name: 'Удалить все мои данные' }).click();
    const sheet = page.getByRole('dialog', { name: 'Удалить все данные?' });
    await shown(sheet);
    await expectLayoutHolds(page, 'the erase sheet');
    const confirm = sheet.getByRole('button', { name: 'Удалить навсегда' });
    expect(await confirm.isDisabled()).toBe(true);
    await sheet.getByRole('textbox').fill('удалить');
    await confirm.click();
    // The app starts again from its first screen: onboarding, as for someone new.
    await page.waitForURL('**/onboarding', { timeout: 20_000 });
    await page.getByRole('button', { name: 'Пропустить' }).click();
    await page.waitForURL('**/app/home');
    await goToSettings(page);
    await expect.poll(() => page.getByRole('textbox', { name: 'Обо мне' }).inputValue(), { timeout: TIMEOUT }).toBe('');
    await page.context().close();
  });

  it('«Удалить запись» deletes a diary entry after its confirmation', async () => {
    const user: TgUser = { id: 5_550_404, first_name: 'Пётр', language_code: 'ru' };
    const page = await openHome(e2e, user);
    if (!e2e.server.databaseUrl) return; // setTier needs PostgreSQL: the e2e run has it whenever `npm test` does
    await setTier(e2e.server, user.id, 'PRO');
    await page.locator('nav').getByRole('link', { name: 'Дневник' }).click();
    await page.waitForURL('**/app/diary');
    await page.getByRole('button', { name: 'Новая запись' }).click();
    await page.waitForURL('**/app/diary/new');
    const content = page.getByPlaceholder('Что вы чувствуете?');
    await expect.poll(() => content.isEnabled(), { timeout: TIMEOUT }).toBe(true);
    await page.getByPlaceholder('Заголовок (опционально)').fill('Лишняя запись');
    await content.fill('Это можно удалить');
    await page.getByRole('button', { name: 'Сохранить' }).click();
    await page.waitForURL('**/app/diary');
    await page.getByRole('link', { name: 'Лишняя запись' }).click();
    await page.waitForURL(/\/app\/diary\/[0-9a-f-]{36}$/);
    await page.getByRole('button', { name: 'Удалить запись' }).click();
    const sheet = page.getByRole('dialog', { name: 'Удалить запись?' });
    await shown(sheet);
    await sheet.getByRole('button', { name: 'Удалить' }).click();
    await page.waitForURL('**/app/diary');
    await shown(page.getByText('Запись удалена'));
    await shown(page.getByText('Дневник пуст'));
    await page.context().close();
  });
});
