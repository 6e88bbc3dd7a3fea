// Foundation in a real Chromium against the real server: launch outside Telegram, signed launch → onboarding →
// home, bottom navigation, the session surviving a reload without the hash, and a forged init data.
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { defaultUser, forgeInitData, launchUrl, openApp, signInitData, useServerAndBrowser } from './harness';

const e2e = useServerAndBrowser();

const GREETING = /(Доброй ночи|Доброе утро|Добрый день|Добрый вечер), Анна/;

const nav = (page: Page) => page.locator('nav');

/** Walks the three onboarding slides with «Далее», «Далее», «Начать». */
async function finishOnboarding(page: Page) {
  await page.getByRole('button', { name: 'Далее', exact: true }).click();
  await page.getByRole('button', { name: 'Далее', exact: true }).click();
  await page.getByRole('button', { name: 'Начать', exact: true }).click();
}

describe('foundation in Chromium', () => {
  it('without init data shows «Откройте в Telegram» with «Повторить»', async () => {
    const page = await openApp(e2e.browser, `${e2e.server.url}/`);
    await expect.poll(() => page.getByText('Откройте в Telegram', { exact: true }).isVisible(), { timeout: 15_000 }).toBe(true);
    expect(await page.getByRole('button', { name: 'Повторить' }).isVisible()).toBe(true);
    await page.context().close();
  });

  it('signed launch parameters → onboarding → home greets the user by first name', async () => {
    const page = await openApp(e2e.browser, launchUrl(e2e.server));
    await page.waitForURL('**/onboarding', { timeout: 15_000 });
    // The first slide with «Пропустить»; then «Далее», «Далее», «Начать».
    await page.getByRole('button', { name: 'Пропустить' }).waitFor({ state: 'visible' });
    await finishOnboarding(page);
    await page.waitForURL('**/app/home');
    await expect.poll(() => page.getByText(GREETING).isVisible(), { timeout: 10_000 }).toBe(true);
    expect(await page.getByText('Как вы себя чувствуете сегодня?').isVisible()).toBe(true);
    expect(await page.evaluate(() => localStorage.getItem('onboarding_completed'))).toBe('true');
    await page.context().close();
  });

  it('bottom navigation switches tabs', async () => {
    const page = await openApp(e2e.browser, launchUrl(e2e.server));
    await page.waitForURL('**/onboarding', { timeout: 15_000 });
    await page.getByRole('button', { name: 'Пропустить' }).click();
    await page.waitForURL('**/app/home');
    const tabs: Array<[string, string]> = [
      ['Чат', '/app/chat'],
      ['Дневник', '/app/diary'],
      ['Практики', '/app/practices'],
      ['Профиль', '/app/profile'],
      ['Главная', '/app/home'],
    ];
    for (const [label, path] of tabs) {
      const tab = nav(page).getByRole('link', { name: label, exact: true });
      await tab.click();
      await page.waitForURL(`**${path}`);
      await expect.poll(() => tab.getAttribute('aria-current')).toBe('page');
    }
    await expect.poll(() => page.getByText(GREETING).isVisible()).toBe(true);
    await page.context().close();
  });

  it('a reload without the hash keeps the session through tg_init_data', async () => {
    const initData = signInitData(defaultUser);
    const page = await openApp(e2e.browser, launchUrl(e2e.server, { initData }));
    await page.waitForURL('**/onboarding', { timeout: 15_000 });
    await page.getByRole('button', { name: 'Пропустить' }).click();
    await page.waitForURL('**/app/home');
    expect(await page.evaluate(() => localStorage.getItem('tg_init_data'))).toBe(initData);

    // Drop the SDK's per-tab copy of the launch parameters, then load the app without any hash.
    await page.evaluate(() => sessionStorage.clear());
    const sent = page.waitForRequest((r) => r.url().endsWith('/api/users/me'));
    await page.goto(`${e2e.server.url}/app/home`);
    expect((await sent).headers()['x-init-data']).toBe(initData);
    await expect.poll(() => page.getByText(GREETING).isVisible(), { timeout: 15_000 }).toBe(true);
    expect(new URL(page.url()).pathname).toBe('/app/home');
    await page.context().close();
  });

  it('a forged init data shows «Ошибка авторизации»', async () => {
    const forged = forgeInitData(signInitData(defaultUser));
    const page = await openApp(e2e.browser, launchUrl(e2e.server, { initData: forged }));
    await expect.poll(() => page.getByText('Ошибка авторизации', { exact: true }).isVisible(), { timeout: 15_000 }).toBe(true);
    expect(await page.getByRole('button', { name: 'Повторить' }).isVisible()).toBe(true);
    await page.context().close();
  });
});
